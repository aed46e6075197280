import {
  findTerms,
  formNamed,
  normalise,
  resumeFactText,
  type Token,
  tokenize,
  type VocabularyEntry,
} from '#shared/match-text';
import type { ResumeContent } from '#shared/resume';
import type { JobTerm } from './job-terms.ts';
import { upperFirst } from './text.ts';

/** A product name or abbreviation: capitals after the first letter, digits or symbols ("JS", "k8s", "CI/CD"). */
const nameLike = (text: string) => /[\p{Lu}\d+#./]/u.test(text.slice(1)) || /^[\p{Lu}\d+#./]+$/u.test(text);

/** Whether `written` may be replaced by `wanted`: a name or abbreviation, written as the vocabulary has it. */
export const swappable = (written: string, wanted: string) =>
  (nameLike(written) || nameLike(wanted)) &&
  (formNamed(written)?.entry.forms.some((f) => normalise(f.text) === normalise(written)) ?? false);

/** A line with the resume's synonyms of job skills written the job's way (same language only). */
export function respell(
  line: string,
  terms: readonly JobTerm[],
  sameLanguage: boolean,
): { text: string; swaps: string[] } {
  if (!sameLanguage) return { text: line, swaps: [] };
  const tokens = tokenize(line);
  const swaps: string[] = [];
  let text = '';
  let at = 0;
  for (const hit of findTerms(tokens)) {
    const term = terms.find((t) => t.entry === hit.form.entry);
    const written = hit.form.stems.join(' ');
    // Already the job's term, or a longer form holding it ("AWS Lambda" for "Lambda"): leave it.
    if (!term?.synonymOnly || ` ${written} `.includes(` ${term.stems} `)) continue;
    const first = tokens[hit.from] as Token;
    const last = tokens[hit.to - 1] as Token;
    const before = line.slice(first.start, last.end);
    // Only a name or an abbreviation written as such ("JS", "k8s", "Postgres"), never an inflected common
    // word: "monitored" → "observability" would break the sentence and stretch the claim.
    if (!swappable(before, term.keyword.keyword)) continue;
    const replacement = first.start === 0 ? upperFirst(term.keyword.keyword) : term.keyword.keyword;
    text += line.slice(at, first.start) + replacement;
    at = last.end;
    swaps.push(`${before} → ${term.keyword.keyword}`);
  }
  return { text: text + line.slice(at), swaps };
}

/** A line with the names of one skill written as `wanted` ("k8s" → "Kubernetes"); common words stay. */
export function respellTo(line: string, entry: VocabularyEntry, wanted: string): string {
  const tokens = tokenize(line);
  let text = '';
  let at = 0;
  for (const hit of findTerms(tokens)) {
    if (hit.form.entry !== entry) continue;
    const first = tokens[hit.from] as Token;
    const last = tokens[hit.to - 1] as Token;
    const before = line.slice(first.start, last.end);
    if (normalise(before) === normalise(wanted) || !swappable(before, wanted)) continue;
    text += line.slice(at, first.start) + (first.start === 0 ? upperFirst(wanted) : wanted);
    at = last.end;
  }
  return text + line.slice(at);
}

/** The resume's own wording of a job keyword (when the job is in another language). */
export function resumeSpelling(resume: ResumeContent, keyword: string): string | undefined {
  const form = formNamed(keyword);
  if (!form) return undefined;
  const text = resumeFactText(resume);
  const tokens = tokenize(text);
  // The resume's own form of the skill as written ("sistemas de design"), not an inflection ("monitored").
  const written = findTerms(tokens)
    .filter((h) => h.form.entry === form.entry)
    .map((h) => text.slice((tokens[h.from] as Token).start, (tokens[h.to - 1] as Token).end));
  return written.find((w) => form.entry.forms.some((f) => normalise(f.text) === normalise(w)));
}
