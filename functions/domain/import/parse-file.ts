import * as pdfjsWorker from 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import { type ImportKind, importKindOfFileName } from '#shared/imports';
import type { ResumeLanguage } from '#shared/resume';
import { extractDoc } from './doc-text.ts';
import { extractDocx } from './docx-text.ts';
import { checkFile, readZip, sniffKind } from './files.ts';
import { parseJsonResumeFile } from './json-resume-file.ts';
import { parseLinkedInExport } from './linkedin.ts';
import { ocrPdf } from './ocr.ts';
import { parseResume } from './parse-resume.ts';
import { extractPdf } from './pdf-text.ts';
import { ImportError, type ParsedResume, type TextDocument } from './types.ts';

/**
 * The importer's one entry: checked bytes of a declared kind in, a resume out. The worker, `npm run parse`
 * and the accuracy bench all call this, so what a maintainer sees is what users get.
 */

// In Node, pdf.js runs its worker in-process, importing pdf.worker.mjs from disk unless it is already
// loaded: handing it over here lets esbuild bundle it, so the deployed function needs no node_modules.
(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker;

export interface ParseOptions {
  /** The language for formats that do not say their own (LinkedIn export, JSON Resume). */
  language?: ResumeLanguage;
}

/** What the caller hears while parsing goes on (the sandbox gives OCR more time). */
export interface ParseHooks {
  /** A PDF without text is about to be read with OCR. */
  onOcr?: () => void;
}

/** Parse a file of a declared kind; the bytes must be that kind (IMPORT_INVALID_TYPE otherwise). */
export async function parseFile(
  bytes: Uint8Array,
  kind: ImportKind,
  options: ParseOptions = {},
  hooks: ParseHooks = {},
): Promise<ParsedResume> {
  checkFile(bytes, kind);
  switch (kind) {
    case 'pdf':
      return named(await parsePdf(bytes, hooks));
    case 'docx':
      // The archive is expanded within limits first: mammoth itself would inflate a bomb whole.
      await readZip(bytes, { keep: () => false });
      return named(parseText(await extractDocx(bytes)));
    case 'doc':
      return named(parseText(await extractDoc(bytes)));
    case 'linkedin-zip':
      return parseLinkedInExport(bytes, options.language);
    case 'json-resume':
      return parseJsonResumeFile(bytes, options.language);
  }
}

/** Fewer letters than this a page, and a PDF's text layer is no more than a scan's stamp or page numbers. */
const MIN_LETTERS_PER_PAGE = 40;

const letterCount = (doc: TextDocument) =>
  doc.lines.reduce((sum, line) => sum + (line.text.match(/[\p{L}\p{N}]/gu)?.length ?? 0), 0);

/**
 * A PDF read from its text layer; one with (almost) no text, a scan, is read from its page images with OCR
 * instead, and says so (`ocr`), unless OCR reads no more than the text layer had.
 */
async function parsePdf(bytes: Uint8Array, hooks: ParseHooks): Promise<ParsedResume> {
  const { doc, ocrPageMs } = await pdfDocument(bytes, hooks);
  return ocrPageMs ? { ...parseText(doc), ocr: true, ocrPageMs } : parseText(doc);
}

/** A document's parse, with its text (what the refinement of uncertain fields may pick from). */
const parseText = (doc: TextDocument): ParsedResume => ({
  ...parseResume(doc),
  text: doc.lines.map((line) => line.text).join('\n'),
});

/** The lines a PDF's parse reads: its text layer, or what OCR reads on its pages (with the time per page). */
export async function pdfDocument(
  bytes: Uint8Array,
  hooks: ParseHooks = {},
): Promise<{ doc: TextDocument; ocrPageMs?: number[] }> {
  let layer: TextDocument | undefined;
  try {
    layer = await extractPdf(bytes);
  } catch (error) {
    if (!(error instanceof ImportError && error.code === 'IMPORT_NO_TEXT')) throw error;
  }
  if (layer && letterCount(layer) >= MIN_LETTERS_PER_PAGE * layer.pages) return { doc: layer };
  hooks.onOcr?.();
  const { stats, ...scanned } = await ocrPdf(bytes);
  const read = letterCount(scanned);
  if (layer && read <= letterCount(layer)) return { doc: layer };
  if (read === 0) {
    throw new ImportError('IMPORT_NO_TEXT', 'the PDF has no text, and OCR read none on its pages');
  }
  return { doc: scanned, ocrPageMs: stats.pageMs };
}

/** A parsed document's title, from the name it found ("Jane's Resume", "Currículo de Ana"). */
export function resumeTitle(
  firstName: string,
  language: ParsedResume['language'],
  otherwise: string,
): string {
  const title = firstName
    ? language === 'pt-BR'
      ? `Currículo de ${firstName}`
      : `${firstName}'s Resume`
    : otherwise;
  return title.slice(0, 200);
}

function named(parsed: ParsedResume): ParsedResume {
  const title = resumeTitle(parsed.content.personalInfo.firstName, parsed.language, parsed.content.title);
  if (!parsed.content.personalInfo.firstName && !hasAnySection(parsed)) {
    throw new ImportError('IMPORT_NOT_A_RESUME', 'Nothing in the document looks like a resume.');
  }
  return { ...parsed, content: { ...parsed.content, title } };
}

const hasAnySection = ({ content }: ParsedResume) =>
  content.experience.length + content.education.length + content.skills.length > 0 ||
  content.personalInfo.email !== '';

/**
 * The kind a local file is, for `npm run parse` and the bench: by its bytes first (a ZIP is a DOCX when it
 * holds `word/document.xml`, else a LinkedIn export), then by its name.
 */
export async function kindOfFile(bytes: Uint8Array, fileName: string): Promise<ImportKind> {
  switch (sniffKind(bytes)) {
    case 'pdf':
      return 'pdf';
    case 'ole':
      return importKindOfFileName(fileName) === 'docx' ? 'docx' : 'doc';
    case 'json':
      return 'json-resume';
    case 'zip': {
      const entries = await readZip(bytes, { keep: (name) => name === 'word/document.xml' });
      return entries.has('word/document.xml') ? 'docx' : 'linkedin-zip';
    }
    default:
      return importKindOfFileName(fileName) ?? 'pdf';
  }
}
