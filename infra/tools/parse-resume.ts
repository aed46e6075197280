import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { extractDoc } from '../../functions/domain/import/doc-text.ts';
import { extractDocx } from '../../functions/domain/import/docx-text.ts';
import { explainDocument } from '../../functions/domain/import/explain.ts';
import { kindOfFile, pdfDocument } from '../../functions/domain/import/parse-file.ts';
import { parseInSandbox } from '../../functions/domain/import/sandbox.ts';
import { ImportError } from '../../functions/domain/import/types.ts';
import { type ImportKind, importKinds } from '../../shared/imports.ts';

/**
 * `npm run parse -- <file> [--kind pdf|docx|doc|linkedin-zip|json-resume] [--language en|pt-BR] [--explain]`: what the
 * importer makes of a file, as JSON on stdout (our resume model), through the very code the import worker
 * runs (checks, sandboxed parsing, OCR for a scan: `"ocr": true`). The kind is found from the bytes unless given;
 * timing (OCR time per page for a scan) goes to stderr. `--explain` also prints to stderr why: the lines with
 * their place and style, the sections and the headings that opened them, each entry's head, and which text was
 * taken for the job, the employer and the place (functions/domain/import/explain.ts).
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { kind: { type: 'string' }, language: { type: 'string' }, explain: { type: 'boolean' } },
});
const file = positionals[0];
if (!file) {
  console.error('usage: npm run parse -- <file> [--kind <kind>] [--language en|pt-BR] [--explain]');
  process.exit(2);
}
if (values.kind && !(importKinds as readonly string[]).includes(values.kind)) {
  console.error(`--kind must be one of ${importKinds.join(', ')}`);
  process.exit(2);
}
const language = values.language === 'pt-BR' || values.language === 'en' ? values.language : undefined;

const bytes = new Uint8Array(readFileSync(file));
const kind = (values.kind as ImportKind | undefined) ?? (await kindOfFile(bytes, basename(file)));
if (values.explain && (kind === 'pdf' || kind === 'docx' || kind === 'doc')) {
  const doc =
    kind === 'pdf'
      ? (await pdfDocument(bytes)).doc
      : kind === 'docx'
        ? await extractDocx(bytes)
        : await extractDoc(bytes);
  console.error(explainDocument(doc).join('\n'));
}
const started = performance.now();
try {
  const parsed = await parseInSandbox(bytes, kind, language ? { language } : {});
  // The document's text is what a refinement reads; the parse's output is the fields.
  const { ocrPageMs, text: _text, ...result } = parsed;
  console.log(JSON.stringify({ kind, ...result, ocr: result.ocr === true }, null, 2));
  console.error(`${kind}, ${parsed.language}: parsed in ${Math.round(performance.now() - started)} ms`);
  if (parsed.ocr) {
    const pages = ocrPageMs ?? [];
    console.error(`a scan, read with OCR: ${pages.length} page(s), ${pages.join(' + ')} ms`);
  }
} catch (error) {
  if (!(error instanceof ImportError)) throw error;
  console.error(`${error.code}: ${error.message}`);
  process.exit(1);
}
