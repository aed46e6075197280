import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * `npm run bench`: the import worker's memory on a normal file and on PDF bombs. Each file is parsed in a
 * fresh process (import-memory-worker.ts) so one run's memory does not hide another's; the process's peak
 * resident memory is what a 1,536 MB import function must hold. Writes tests/load/results/import-memory.md.
 */
const files = ['text PDF (2 pages)', 'scanned PDF (OCR)', 'deflate bomb, 300 MB', 'deflate bomb, 1.6 GB'];
const outFile = resolve(import.meta.dirname, 'results/import-memory.md');

interface Row {
  file: string;
  fileKb: number;
  outcome: string;
  ms: number;
  baselineMb: number;
  peakMb: number;
}

const rows: Row[] = files.map((file) => {
  const out = execFileSync(
    process.execPath,
    [resolve(import.meta.dirname, 'import-memory-worker.ts'), file],
    {
      encoding: 'utf8',
      timeout: 180_000,
    },
  );
  const row = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Row;
  console.log(JSON.stringify(row));
  return row;
});

const table = [
  '| File | Size | Outcome | Time | RSS before | Peak RSS |',
  '|---|---:|---|---:|---:|---:|',
  ...rows.map(
    (r) => `| ${r.file} | ${r.fileKb} KB | ${r.outcome} | ${r.ms} ms | ${r.baselineMb} MB | ${r.peakMb} MB |`,
  ),
].join('\n');
mkdirSync(resolve(import.meta.dirname, 'results'), { recursive: true });
writeFileSync(
  outFile,
  `# Import memory\n\nPeak resident memory of one process parsing one file through the import sandbox (parseInSandbox),\n` +
    `on ${new Date().toISOString().slice(0, 10)}, Node ${process.version}.\n\n${table}\n`,
);
console.log(`\n${table}\n\nWritten to ${outFile}`);
