import { SUMMARY_SUGGESTION_MAX_CHARS } from '#shared/ai';
import type { ResumeContent } from '#shared/resume';
import { byRecency, educationLine, highlights, roleOf, skillNames } from './resume-facts.ts';
import { fitLines, SUMMARY_PHRASES } from './summary-lines.ts';
import { clean, type Lang, sentence } from './text.ts';

/** How many rounds of summaries the engine can write: each takes the next highlights, jobs and skills. */
const SUMMARY_ROUNDS = 6;

/** The item `i` places on, wrapping around ('' for an empty list). */
const nth = <T>(list: readonly T[], i: number): T | undefined =>
  list.length === 0 ? undefined : list[((i % list.length) + list.length) % list.length];
const rotate = <T>(list: readonly T[], by: number): T[] =>
  list.length === 0 ? [] : list.map((_, i) => nth(list, i + by) as T);

/**
 * Every summary the engine can write for the resume, the usual three first: round 0 as it always was, each
 * later round with the first job's other highlights, an older job and the next skills, so a repeat has new
 * ones to offer until the resume's facts run out.
 */
export function summaryPool(resume: ResumeContent, lang: Lang): string[] {
  const t = SUMMARY_PHRASES[lang];
  const role = roleOf(resume);
  const jobs = byRecency(resume.experience).filter((e) => clean(e.company) && clean(e.position));
  const companies = jobs.map((e) => clean(e.company)).filter((c, i, all) => all.indexOf(c) === i);
  const allSkills = skillNames(resume);
  const first = jobs[0];
  const firstAll = highlights(first);
  const education = educationLine(resume, lang);
  const projectHighlights = resume.projects.flatMap((p) => highlights(p).slice(0, 1));
  if (!role && jobs.length === 0 && allSkills.length === 0 && !education) return [];

  const opener = role
    ? companies.length > 0
      ? t.withExperience(role, companies.slice(0, 3))
      : t.focus(role)
    : companies.length > 0
      ? t.withExperience(lang === 'en' ? 'Professional' : 'Profissional', companies.slice(0, 3))
      : '';
  const rounds: string[][] = [];
  for (let round = 0; round < SUMMARY_ROUNDS; round++) {
    const skills = rotate(allSkills, round * 3);
    const firstHighlights = rotate(firstAll, round);
    // The second job of round 0, then each older one in turn.
    const second = jobs.length > 1 ? nth(jobs.slice(1), round) : undefined;
    const secondHighlights = rotate(highlights(second), Math.floor(round / Math.max(1, jobs.length - 1)));
    const projectHighlight = nth(projectHighlights, round);
    const a = [
      opener,
      first && firstHighlights[0] ? t.at(clean(first.company), firstHighlights[0]) : '',
      second && secondHighlights[0] ? t.at(clean(second.company), secondHighlights[0]) : '',
      skills.length > 0 ? t.skilled(skills.slice(0, 5)) : '',
      education,
    ];
    const b = [
      role && skills.length > 0
        ? t.skilledRole(role, skills.slice(0, 3))
        : opener || (skills.length > 0 ? t.skilled(skills.slice(0, 3)) : ''),
      first ? t.currently(clean(first.position), clean(first.company)) : '',
      firstHighlights[1]
        ? sentence(firstHighlights[1])
        : firstHighlights[0]
          ? sentence(firstHighlights[0])
          : '',
      second ? t.previously(clean(second.position), clean(second.company)) : '',
      skills.length > 3 ? t.toolkit(skills.slice(3, 8)) : projectHighlight ? sentence(projectHighlight) : '',
    ];
    const c = [
      role ? t.focus(role) : opener,
      ...firstHighlights.slice(0, 2).map(sentence),
      secondHighlights[0]
        ? sentence(secondHighlights[0])
        : projectHighlight
          ? sentence(projectHighlight)
          : '',
      education || (skills.length > 0 ? t.skilled(skills.slice(0, 4)) : ''),
    ];
    rounds.push(a, b, c);
  }
  return rounds
    .map((lines) => fitLines(lines, SUMMARY_SUGGESTION_MAX_CHARS, lang))
    .filter((s, i, all) => s !== '' && all.indexOf(s) === i);
}
