import type { ImportErrorCode, ImportKind } from '#shared/imports';
import type { ResumeContent, ResumeLanguage } from '#shared/resume';

/**
 * The shapes the importer passes between its stages: a file's bytes are checked and extracted into a
 * `TextDocument` (PDF, DOCX, DOC), which the layout-aware parser turns into a `ParsedResume`. LinkedIn ZIPs
 * and JSON Resume files map straight to a `ParsedResume`.
 */

/** One line of text as the reader sees it, with where it sits and how it is set. */
export interface TextLine {
  text: string;
  /** 1-based page number (DOCX and DOC: 1). */
  page: number;
  /** Left edge and baseline top in points from the page's top-left (DOCX/DOC: x 0, y the line's order). */
  x: number;
  y: number;
  width: number;
  /** Font size in points (DOCX/DOC: an estimate; headings larger). */
  size: number;
  bold: boolean;
  /** Font name where the format has one (PDF). */
  fontName?: string;
  /** A heading by the document's own structure (DOCX heading styles), when the format says so. */
  heading?: boolean;
  /** A list item (bullet) by the document's own structure or by its leading glyph. */
  bullet?: boolean;
  /** Which column of a multi-column page the line belongs to (0 = left/only). */
  column?: number;
}

export interface TextDocument {
  kind: 'pdf' | 'docx' | 'doc';
  pages: number;
  /** Page size in points (PDF); DOCX/DOC: 612 × 792. */
  pageWidth: number;
  pageHeight: number;
  /** Lines in reading order (columns already separated for multi-column pages). */
  lines: TextLine[];
}

export interface ParsedResume {
  content: ResumeContent;
  /** The resume's language as detected from its headings, dates and words. */
  language: ResumeLanguage;
  /** Paths of fields the parser is unsure of (e.g. `personalInfo.city`, `experience.0.company`). */
  uncertain: string[];
  /** True when the text was read from page images with OCR (a scanned PDF): every field deserves a look. */
  ocr?: boolean;
  /** With `ocr`: how long each page read took, in milliseconds (for `npm run parse` and the bench). */
  ocrPageMs?: number[];
  /**
   * The document's text, its lines in reading order (PDF, DOCX, DOC): what a refinement of the uncertain
   * fields may pick values from (refine.ts).
   */
  text?: string;
}

/** A file the importer refuses or cannot read, with the stable code the user sees translated. */
export class ImportError extends Error {
  override readonly name = 'ImportError';
  readonly code: ImportErrorCode;

  constructor(code: ImportErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.code = code;
  }
}

export type { ImportKind };
