import { performance } from 'node:perf_hooks';

/**
 * Parsing documents for the import benches: each once (scored; its time is the "first" one), then in warm
 * rounds over all of them, not repeats of one file, so no file is timed only with its own data hot in the
 * caches. A refused or crashed parse is recorded, not thrown.
 */

const { parseFile } = await import('../../functions/domain/import/parse-file.ts');
type ParsedResume = import('../../functions/domain/import/types.ts').ParsedResume;
type ResumeContent = import('../../shared/resume.ts').ResumeContent;

export interface Outcome {
  parsed: ParsedResume | undefined;
  error: string | undefined;
  firstMs: number;
  warmMs: number[];
}

export interface Input {
  bytes: Uint8Array;
  kind: Parameters<typeof parseFile>[1];
  language: ResumeContent['settings']['language'];
  /** Left out of the warm rounds (a scan: OCR is timed once). */
  once?: boolean;
}

export const round = (n: number) => Math.round(n * 10) / 10;
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
};
export const median = (values: number[]) => percentile(values, 50);
export const pct = (n: number) => (n * 100).toFixed(1);

export async function parseAll(inputs: readonly Input[], warmRuns: number): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const { bytes, kind, language } of inputs) {
    const outcome: Outcome = { parsed: undefined, error: undefined, firstMs: 0, warmMs: [] };
    const t0 = performance.now();
    try {
      outcome.parsed = await parseFile(bytes, kind, { language });
      outcome.firstMs = round(performance.now() - t0);
    } catch (error) {
      const e = error as { code?: string; message?: string };
      outcome.error = `${e.code ?? 'crash'}: ${e.message ?? String(error)}`;
    }
    outcomes.push(outcome);
  }
  for (let run = 0; run < warmRuns; run++) {
    for (const [i, { bytes, kind, language, once }] of inputs.entries()) {
      const outcome = outcomes[i] as Outcome;
      if (outcome.error || once) continue;
      const t0 = performance.now();
      await parseFile(bytes, kind, { language });
      outcome.warmMs.push(performance.now() - t0);
    }
  }
  return outcomes;
}
