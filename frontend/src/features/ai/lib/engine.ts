import { matchScore } from '#shared/match-score';
import { applyTailoringChanges, tailoringProblems } from '#shared/tailoring';
import type { ReviewEngine } from './review.ts';

/** The shared, deterministic code the server scores and applies with: the browser's figures are the same. */
export const reviewEngine: ReviewEngine = {
  apply: (resume, changes, accepted) => applyTailoringChanges(resume, [...changes], [...accepted]),
  score: (resume, jobDescription) => matchScore(resume, jobDescription),
};

export { matchScore, tailoringProblems };
