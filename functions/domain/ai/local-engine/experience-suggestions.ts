import { findTerms, tokenize } from '#shared/match-text';
import { descriptionLines, type ExperienceItem } from '#shared/resume';
import { tidy } from './plain-verbs.ts';
import { cleanLines, hasNumber, type Lang } from './text.ts';

/**
 * Every rewrite of an experience item's bullets the engine can offer, the usual ones first: tidied, results
 * first, skills first, the three strongest; then the same with the other habit of full stops.
 */
export function experienceSuggestions(item: ExperienceItem, lang: Lang): string[] {
  const lines = cleanLines(item.description);
  if (lines.length === 0) return [];
  // Keep the writer's habit: full stops when most bullets had them.
  const periods = lines.filter((l) => /[.]$/.test(l)).length * 2 > lines.length;
  const tidied = lines.map((l) => tidy(l, lang));
  const ranked = (score: (line: string) => number) =>
    tidied
      .map((line, i) => ({ line, i, score: score(line) }))
      .sort((a, b) => b.score - a.score || a.i - b.i)
      .map(({ line }) => line);
  const impactFirst = ranked((l) => Number(hasNumber(l)));
  const skillsFirst = ranked((l) => findTerms(tokenize(l)).length);
  const concise =
    lines.length > 3
      ? ranked((l) => Number(hasNumber(l)) * 2 + findTerms(tokenize(l)).length).slice(0, 3)
      : [];
  const render = (list: string[], withPeriods = periods) =>
    list.map((l) => (withPeriods ? `${l}.` : l)).join('\n');
  const original = descriptionLines(item.description).join('\n');
  // The usual ones first, then the same orders written with the other habit of full stops.
  const candidates = [
    render(tidied),
    render(impactFirst),
    render(skillsFirst),
    concise.length > 0 ? render(concise) : '',
    render(tidied, !periods),
    render(impactFirst, !periods),
    render(skillsFirst, !periods),
    concise.length > 0 ? render(concise, !periods) : '',
  ];
  return candidates.filter((s, i, all) => s !== '' && s !== original && all.indexOf(s) === i);
}
