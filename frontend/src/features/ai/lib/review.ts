import {
  type MatchKeyword,
  type MatchScore,
  type TailoringChange,
  type TailoringResult,
  type TailoringSection,
  tailoringApplySchema,
  tailoringSections,
} from '#shared/ai';
import type { ResumeContent } from '#shared/resume';

/**
 * The review of a tailoring result (spec section 4: every change pending review, accepted or rejected;
 * accept all, reject all, of the changes still to review; at least one accepted change to save), kept free
 * of React so each rule is tested on its own.
 */

export type Decision = 'pending' | 'accepted' | 'rejected';
export type Decisions = Readonly<Record<string, Decision>>;

/** Every change waiting for the user's decision. */
export function initialDecisions(changes: readonly TailoringChange[]): Decisions {
  return Object.fromEntries(changes.map((change) => [change.id, 'pending' as const]));
}

/** One change decided; an unknown id changes nothing. */
export function decide(decisions: Decisions, id: string, decision: Decision): Decisions {
  if (!(id in decisions) || decisions[id] === decision) return decisions;
  return { ...decisions, [id]: decision };
}

/**
 * Accept all or reject all: every change still to review takes the decision; a change the user already
 * accepted or rejected keeps it ("accept all" never overrides a rejection).
 */
export function decideAll(
  changes: readonly TailoringChange[],
  decisions: Decisions,
  decision: Exclude<Decision, 'pending'>,
): Decisions {
  return Object.fromEntries(
    changes.map((change) => {
      const current = decisions[change.id] ?? 'pending';
      return [change.id, current === 'pending' ? decision : current];
    }),
  );
}

/** The accepted changes' ids, in the order the result lists them (the order they are applied in). */
export function acceptedIds(changes: readonly TailoringChange[], decisions: Decisions): string[] {
  return changes.filter((change) => decisions[change.id] === 'accepted').map((change) => change.id);
}

export function countDecisions(
  changes: readonly TailoringChange[],
  decisions: Decisions,
): Record<Decision, number> {
  const counts: Record<Decision, number> = { pending: 0, accepted: 0, rejected: 0 };
  for (const change of changes) counts[decisions[change.id] ?? 'pending'] += 1;
  return counts;
}

/** The shared, deterministic code the review recomputes the score with (shared/tailoring, match-score). */
export interface ReviewEngine {
  apply(
    resume: ResumeContent,
    changes: readonly TailoringChange[],
    accepted: readonly string[],
  ): ResumeContent;
  score(resume: ResumeContent, jobDescription: string): MatchScore;
}

export interface ProjectedScore {
  before: number;
  /** With the accepted changes applied. */
  after: number;
  /** With every change accepted (the server's figure). */
  best: number;
  matched: MatchKeyword[];
  missing: MatchKeyword[];
  /** Sentences of the job description left out as instructions to an AI (the user is told). */
  ignoredSentences: number;
}

/**
 * The score as the decisions stand: the resume with the accepted changes applied, scored against the job
 * description by the same code the server uses, so it moves at once as decisions change.
 */
export function projectedScore(
  resume: ResumeContent,
  result: Pick<TailoringResult, 'changes' | 'jobDescription' | 'score'>,
  accepted: readonly string[],
  engine: ReviewEngine,
): ProjectedScore {
  const tailored = accepted.length > 0 ? engine.apply(resume, result.changes, accepted) : resume;
  const now = engine.score(tailored, result.jobDescription);
  return {
    before: result.score.before,
    after: accepted.length > 0 ? now.score : result.score.before,
    best: result.score.after,
    matched: now.matched,
    missing: now.missing,
    ignoredSentences: now.ignoredSentences,
  };
}

export type SaveCheck =
  | { ok: true; accepted: string[]; title: string }
  | { ok: false; problem: 'noChanges' | 'invalidName' };

/**
 * Whether the tailored resume can be saved: at least one accepted change ('No Changes Selected') and a
 * name of 1 to 200 characters once trimmed ('Invalid resume name'), checked by the API's own schema.
 */
export function checkSave(accepted: readonly string[], title: string): SaveCheck {
  const parsed = tailoringApplySchema.safeParse({ accepted, title });
  if (parsed.success) return { ok: true, accepted: parsed.data.accepted, title: parsed.data.title };
  const paths = parsed.error.issues.map((issue) => issue.path[0]);
  return { ok: false, problem: paths.includes('accepted') ? 'noChanges' : 'invalidName' };
}

export interface SectionGroup {
  section: TailoringSection;
  changes: TailoringChange[];
}

/** The changes by section, in the resume's order of sections; sections without changes are left out. */
export function groupBySection(changes: readonly TailoringChange[]): SectionGroup[] {
  return tailoringSections
    .map((section) => ({ section, changes: changes.filter((change) => change.section === section) }))
    .filter((group) => group.changes.length > 0);
}

/** The item a change rewrites, as the user knows it ("Senior Engineer · Acme"); '' when none or unknown. */
export function itemLabel(resume: ResumeContent | undefined, change: TailoringChange): string {
  if (!resume || !change.itemId) return '';
  const join = (...parts: string[]) =>
    parts
      .map((part) => part.trim())
      .filter(Boolean)
      .join(' · ');
  switch (change.section) {
    case 'experience': {
      const item = resume.experience.find((entry) => entry.id === change.itemId);
      return item ? join(item.position, item.company) : '';
    }
    case 'projects': {
      const item = resume.projects.find((entry) => entry.id === change.itemId);
      return item ? join(item.name, item.role) : '';
    }
    case 'skills':
      return resume.skills.find((entry) => entry.id === change.itemId)?.name.trim() ?? '';
    default:
      return '';
  }
}
