/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import type { MatchScore, TailoringChange, TailoringResult } from '#shared/ai';
import type { ResumeContent } from '#shared/resume';
import { sampleResumeEn } from '#shared/sample-resumes';
import { reviewEngine } from './engine.ts';
import {
  acceptedIds,
  checkSave,
  countDecisions,
  decide,
  decideAll,
  groupBySection,
  initialDecisions,
  itemLabel,
  projectedScore,
  type ReviewEngine,
} from './review.ts';

const change = (id: string, overrides: Partial<TailoringChange> = {}): TailoringChange => ({
  id,
  section: 'personalInfo',
  field: 'summary',
  original: 'Old text',
  suggested: 'New text',
  explanation: 'Uses the job’s words.',
  ...overrides,
});

const changes = [
  change('c1'),
  change('c2', { section: 'experience', itemId: 'exp-1', field: 'description' }),
  change('c3', { section: 'skills', field: 'order' }),
];

describe('decisions', () => {
  it('start pending, and one decision changes only its change', () => {
    const start = initialDecisions(changes);
    expect(start).toEqual({ c1: 'pending', c2: 'pending', c3: 'pending' });

    const next = decide(start, 'c2', 'accepted');

    expect(next).toEqual({ c1: 'pending', c2: 'accepted', c3: 'pending' });
    expect(start.c2).toBe('pending');
  });

  it('ignore an unknown id and a decision already made (same object back)', () => {
    const start = decide(initialDecisions(changes), 'c1', 'rejected');
    expect(decide(start, 'nope', 'accepted')).toBe(start);
    expect(decide(start, 'c1', 'rejected')).toBe(start);
  });

  it('accept all and reject all decide every change still to review, and a change can be decided again after', () => {
    const all = decideAll(changes, initialDecisions(changes), 'accepted');
    expect(countDecisions(changes, all)).toEqual({ accepted: 3, rejected: 0, pending: 0 });
    expect(acceptedIds(changes, all)).toEqual(['c1', 'c2', 'c3']);

    const none = decideAll(changes, initialDecisions(changes), 'rejected');
    expect(countDecisions(changes, none)).toEqual({ accepted: 0, rejected: 3, pending: 0 });
    expect(acceptedIds(changes, decide(none, 'c3', 'accepted'))).toEqual(['c3']);
  });

  it('accept all never overrides a rejection, nor reject all an acceptance (issue 22, item 4)', () => {
    const rejected = decide(initialDecisions(changes), 'c2', 'rejected');

    expect(decideAll(changes, rejected, 'accepted')).toEqual({
      c1: 'accepted',
      c2: 'rejected',
      c3: 'accepted',
    });

    const accepted = decide(initialDecisions(changes), 'c1', 'accepted');
    expect(decideAll(changes, accepted, 'rejected')).toEqual({
      c1: 'accepted',
      c2: 'rejected',
      c3: 'rejected',
    });
  });

  it('list the accepted ids in the order of the result, whatever the order they were accepted in', () => {
    let decisions = initialDecisions(changes);
    decisions = decide(decisions, 'c3', 'accepted');
    decisions = decide(decisions, 'c1', 'accepted');
    expect(acceptedIds(changes, decisions)).toEqual(['c1', 'c3']);
  });
});

describe('checkSave', () => {
  it('needs at least one accepted change: No Changes Selected', () => {
    expect(checkSave([], 'Tailored')).toEqual({ ok: false, problem: 'noChanges' });
  });

  it('needs a name of 1 to 200 characters once trimmed: Invalid resume name', () => {
    expect(checkSave(['c1'], '')).toEqual({ ok: false, problem: 'invalidName' });
    expect(checkSave(['c1'], '   ')).toEqual({ ok: false, problem: 'invalidName' });
    expect(checkSave(['c1'], 'x'.repeat(201))).toEqual({ ok: false, problem: 'invalidName' });
  });

  it('reports the missing change first when both are wrong, and trims the name it accepts', () => {
    expect(checkSave([], '')).toEqual({ ok: false, problem: 'noChanges' });
    expect(checkSave(['c1', 'c2'], '  Jordan – Riverbend  ')).toEqual({
      ok: true,
      accepted: ['c1', 'c2'],
      title: 'Jordan – Riverbend',
    });
    expect(checkSave(['c1'], 'x'.repeat(200)).ok).toBe(true);
  });
});

describe('projectedScore', () => {
  const result = {
    changes,
    jobDescription: 'the job',
    score: { before: 40, after: 70, matched: [], missing: [] },
  } satisfies Pick<TailoringResult, 'changes' | 'jobDescription' | 'score'>;

  // A fake engine: each accepted change adds 10 points, and the applied ids are recorded.
  const calls: string[][] = [];
  const fake: ReviewEngine = {
    apply: (resume, _changes, accepted) => {
      calls.push([...accepted]);
      return { ...resume, title: accepted.join('+') };
    },
    score: (resume): MatchScore => ({
      score: 40 + (resume.title ? resume.title.split('+').length * 10 : 0),
      matched: [],
      missing: [],
      ignoredSentences: 0,
    }),
  };
  const resume: ResumeContent = { ...sampleResumeEn, title: '' };

  it('is the score before when nothing is accepted, without applying anything', () => {
    calls.length = 0;
    expect(projectedScore(resume, result, [], fake)).toMatchObject({ before: 40, after: 40, best: 70 });
    expect(calls).toEqual([]);
  });

  it('is recomputed from the resume with exactly the accepted changes', () => {
    calls.length = 0;
    expect(projectedScore(resume, result, ['c1'], fake).after).toBe(50);
    expect(projectedScore(resume, result, ['c1', 'c3'], fake).after).toBe(60);
    expect(calls).toEqual([['c1'], ['c1', 'c3']]);
  });
});

describe('projectedScore with the shared engine', () => {
  const jobDescription = `Senior Backend Engineer. Requirements: Kubernetes, Terraform, TypeScript, Node.js and PostgreSQL.
We build event-driven services on AWS with Lambda, SQS and DynamoDB. Experience with observability and
automated testing, mentoring engineers and clear written communication is a must. Nice to have: GraphQL.`;

  it('matches the score the shared code gives the resume with the accepted change applied', () => {
    const summary = sampleResumeEn.personalInfo.summary;
    const tailoredSummary = `${summary}\nBuilt event-driven services with observability and automated testing.`;
    const edit = change('s1', { original: summary, suggested: tailoredSummary });
    const before = reviewEngine.score(sampleResumeEn, jobDescription).score;
    const result = {
      changes: [edit],
      jobDescription,
      score: { before, after: before, matched: [], missing: [] },
    };

    const none = projectedScore(sampleResumeEn, result, [], reviewEngine);
    const one = projectedScore(sampleResumeEn, result, ['s1'], reviewEngine);

    const expected = reviewEngine.score(
      { ...sampleResumeEn, personalInfo: { ...sampleResumeEn.personalInfo, summary: tailoredSummary } },
      jobDescription,
    );
    expect(none.after).toBe(before);
    expect(one.after).toBeGreaterThan(before);
    expect(one.after).toBe(expected.score);
    expect(one.missing).toEqual(expected.missing);
  });
});

describe('groupBySection and itemLabel', () => {
  it('group in the order of the resume and leave out empty sections', () => {
    const groups = groupBySection([changes[2] as TailoringChange, changes[0] as TailoringChange]);
    expect(groups.map((group) => group.section)).toEqual(['personalInfo', 'skills']);
  });

  it('name the experience item by position and company, and nothing for a change without an item', () => {
    expect(itemLabel(sampleResumeEn, changes[1] as TailoringChange)).toBe(
      'Senior Software Engineer · Bluebonnet Payments',
    );
    expect(itemLabel(sampleResumeEn, changes[0] as TailoringChange)).toBe('');
    expect(itemLabel(undefined, changes[1] as TailoringChange)).toBe('');
  });
});
