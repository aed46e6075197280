/**
 * One import parse in a fresh process, for import-memory.ts to measure: the file named by argv[2] goes
 * through `parseInSandbox` (the worker thread the import function uses, with its limits) and one JSON line
 * says how it ended, how long it took and the process's resident memory before and at peak.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const name = process.argv[2] ?? '';
const { makePdfBomb } = await import('../support/make-files.ts');
const { parseInSandbox } = await import('../../functions/domain/import/sandbox.ts');

const fixture = (path: string) =>
  new Uint8Array(readFileSync(resolve(import.meta.dirname, '../fixtures', path)));
const files: Record<string, () => Uint8Array> = {
  'text PDF (2 pages)': () => fixture('import/files/maya-chen.classic.pdf'),
  'scanned PDF (OCR)': () => fixture('ocr/maya-chen.scan.pdf'),
  'deflate bomb, 300 MB': () => makePdfBomb(300 * 1024 * 1024),
  'deflate bomb, 1.6 GB': () => makePdfBomb(1_600_000_000),
};
const make = files[name];
if (!make) throw new Error(`No file ${JSON.stringify(name)}: one of ${Object.keys(files).join(', ')}`);

const mb = (bytes: number) => Math.round(bytes / (1024 * 1024));
const bytes = make();
const baseline = process.memoryUsage.rss();
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 10);
const started = performance.now();
let outcome: string;
try {
  await parseInSandbox(bytes, 'pdf');
  outcome = 'parsed';
} catch (error) {
  outcome = (error as { code?: string }).code ?? `error: ${(error as Error).message}`;
}
const ms = Math.round(performance.now() - started);
clearInterval(sampler);
// The kernel's own high-water mark (kilobytes) catches what a 10 ms sample may miss.
peak = Math.max(peak, process.resourceUsage().maxRSS * 1024);
console.log(
  JSON.stringify({
    file: name,
    fileKb: Math.round(bytes.length / 1024),
    outcome,
    ms,
    baselineMb: mb(baseline),
    peakMb: mb(peak),
  }),
);
process.exit(0);
