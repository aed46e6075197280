import type { AnalyzedKeyword, JobAnalysis, MatchScore } from '#shared/ai';
import { formNamed, TextIndex, tokenize, type VocabularyEntry } from '#shared/match-text';

/** A keyword of the job as tailoring weighs it against the resume. */
export interface JobTerm {
  keyword: AnalyzedKeyword;
  /** The resume covers it only through a synonym or abbreviation (half credit). */
  synonymOnly: boolean;
  /** The vocabulary form the job uses, for skills. */
  entry: VocabularyEntry | undefined;
  stems: string;
}

/** The job's skill and other keywords, each with how the resume covers it. */
export function jobTerms(analysis: JobAnalysis, score: MatchScore): JobTerm[] {
  const synonymOnly = new Set(score.matched.filter((k) => k.coverage === 'synonym').map((k) => k.keyword));
  return analysis.keywords
    .filter((k) => k.kind === 'hardSkill' || k.kind === 'softSkill' || k.kind === 'other')
    .map((keyword) => {
      const form = formNamed(keyword.keyword);
      return {
        keyword,
        synonymOnly: synonymOnly.has(keyword.keyword),
        entry: form?.entry,
        stems: (form?.stems ?? tokenize(keyword.keyword).map((t) => t.stem)).join(' '),
      };
    });
}

/** Each line indexed once per tailoring call, not once per keyword (a long resume has hundreds of lines). */
export type LineIndexes = Map<string, TextIndex>;
function lineIndex(line: string, cache: LineIndexes): TextIndex {
  let index = cache.get(line);
  if (!index) {
    index = new TextIndex(line);
    cache.set(line, index);
  }
  return index;
}

/** How strongly a line speaks to the job: the weights of the job's keywords it names. */
export function relevance(line: string, terms: readonly JobTerm[], cache: LineIndexes): number {
  const index = lineIndex(line, cache);
  let sum = 0;
  for (const term of terms) {
    if ((term.entry && index.hasEntry(term.entry)) || index.hasStems(term.stems.split(' ')))
      sum += term.keyword.weight;
  }
  return sum;
}
