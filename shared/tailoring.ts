import type { TailoringChange, TailoringRequirement } from './ai.ts';
import type { ResumeContent } from './resume.ts';

/**
 * Applying reviewed tailoring changes to a resume (the browser, to recompute the score as decisions change;
 * the server, to create the tailored copy) and the parts a resume needs before it can be tailored.
 */

/** An accepted change was made against a value the resume no longer holds. */
export class TailoringOutdatedError extends Error {
  override readonly name = 'TailoringOutdatedError';
  readonly code = 'TAILORING_OUTDATED';
  readonly changeId: string;
  constructor(changeId: string) {
    super(`The change ${changeId} was made against an older version of the resume`);
    this.changeId = changeId;
  }
}

type Target = Pick<TailoringChange, 'section' | 'itemId' | 'field'>;

/** The skill names, one per line: the value an `order` change rewrites. */
export const skillOrderText = (resume: ResumeContent) => resume.skills.map((s) => s.name).join('\n');

/** The resume's current value of the field a change targets, or undefined when there is no such field. */
export function tailoringTarget(resume: ResumeContent, change: Target): string | undefined {
  switch (change.section) {
    case 'personalInfo':
      if (change.itemId !== undefined || !resume.personalInfo) return undefined;
      if (change.field === 'summary') return resume.personalInfo.summary;
      if (change.field === 'jobTitle') return resume.personalInfo.jobTitle;
      return undefined;
    case 'experience':
    case 'projects': {
      if (change.field !== 'description') return undefined;
      const list = change.section === 'experience' ? resume.experience : resume.projects;
      return list?.find((item) => item.id === change.itemId)?.description;
    }
    case 'skills':
      if (change.field === 'order') return change.itemId === undefined ? skillOrderText(resume) : undefined;
      if (change.field === 'name') return resume.skills?.find((s) => s.id === change.itemId)?.name;
      return undefined;
    default:
      return undefined;
  }
}

/**
 * The skills' ids in the order a change's suggested names give: each name takes the first skill of that name
 * not yet placed; skills it does not name keep their relative order after the named ones; unknown names are
 * ignored. Never adds or drops a skill.
 */
export function skillOrder(resume: ResumeContent, suggested: string): string[] {
  const remaining = [...resume.skills];
  const ordered: string[] = [];
  for (const line of suggested.split(/\r?\n/)) {
    const name = line.trim().toLowerCase();
    if (name === '') continue;
    const at = remaining.findIndex((s) => s.name.trim().toLowerCase() === name);
    if (at < 0) continue;
    ordered.push((remaining[at] as ResumeContent['skills'][number]).id);
    remaining.splice(at, 1);
  }
  return [...ordered, ...remaining.map((s) => s.id)];
}

/**
 * The resume with the accepted changes applied, as a new object (the given one is left untouched). Every
 * accepted change is checked against the given resume first: one whose `original` differs from the current
 * value throws `TailoringOutdatedError` and nothing is applied. Unknown ids are ignored.
 */
export function applyTailoringChanges(
  resume: ResumeContent,
  changes: readonly TailoringChange[],
  accepted: Iterable<string>,
): ResumeContent {
  const ids = new Set(accepted);
  const chosen = changes.filter((c) => ids.has(c.id));
  for (const change of chosen) {
    if (tailoringTarget(resume, change) !== change.original) throw new TailoringOutdatedError(change.id);
  }
  const next: ResumeContent = structuredClone(resume);
  let order: string[] | undefined;
  for (const change of chosen) {
    switch (change.section) {
      case 'personalInfo':
        if (change.field === 'summary') next.personalInfo.summary = change.suggested;
        else if (change.field === 'jobTitle') next.personalInfo.jobTitle = change.suggested;
        break;
      case 'experience':
      case 'projects': {
        const list = change.section === 'experience' ? next.experience : next.projects;
        const item = list.find((i) => i.id === change.itemId);
        if (item) item.description = change.suggested;
        break;
      }
      case 'skills':
        if (change.field === 'order') order = skillOrder(resume, change.suggested);
        else {
          const skill = next.skills.find((s) => s.id === change.itemId);
          if (skill) skill.name = change.suggested.trim();
        }
        break;
    }
  }
  if (order) {
    // By id, computed on the original names, so a renamed skill keeps its place in the new order.
    const byId = new Map(next.skills.map((s) => [s.id, s]));
    next.skills = order.map((id) => byId.get(id)).filter((s) => s !== undefined);
  }
  return next;
}

/** What a resume lacks before it can be tailored (spec section 5): empty when it can be. */
export function tailoringProblems(resume: ResumeContent): TailoringRequirement[] {
  const problems: TailoringRequirement[] = [];
  const p = resume.personalInfo as ResumeContent['personalInfo'] | undefined | null;
  if (!p) problems.push('personalInfo');
  else {
    if (!p.firstName?.trim()) problems.push('firstName');
    if (!p.lastName?.trim()) problems.push('lastName');
  }
  const has = (list: unknown) => Array.isArray(list) && list.length > 0;
  if (!has(resume.experience) && !has(resume.education) && !has(resume.skills)) problems.push('content');
  return problems;
}
