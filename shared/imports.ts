import { z } from 'zod';

/**
 * Resume import (the upload page, `POST /api/uploads`, the import worker): what may be uploaded, how big,
 * and what the finished job reports. Shared by the SPA (checks before any upload) and the server (checks
 * again, since the browser can be bypassed and local S3 does not enforce the upload policy).
 */

/** The kinds of file the importer reads. */
export const importKinds = ['pdf', 'docx', 'doc', 'linkedin-zip', 'json-resume'] as const;
export type ImportKind = (typeof importKinds)[number];

/** The one content type each kind is uploaded with (the form pins it exactly), its extensions and size limit. */
export const importFileTypes = {
  pdf: { contentType: 'application/pdf', extensions: ['pdf'], maxBytes: 10 * 1024 * 1024 },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
    maxBytes: 10 * 1024 * 1024,
  },
  doc: { contentType: 'application/msword', extensions: ['doc'], maxBytes: 10 * 1024 * 1024 },
  'linkedin-zip': { contentType: 'application/zip', extensions: ['zip'], maxBytes: 25 * 1024 * 1024 },
  'json-resume': { contentType: 'application/json', extensions: ['json'], maxBytes: 1024 * 1024 },
} as const satisfies Record<
  ImportKind,
  { contentType: string; extensions: readonly string[]; maxBytes: number }
>;

export type ImportContentType = (typeof importFileTypes)[ImportKind]['contentType'];

/** The kind a file name's extension says, or null when the importer does not read it. */
export function importKindOfFileName(fileName: string): ImportKind | null {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return null;
  const ext = fileName.slice(dot + 1).toLowerCase();
  for (const kind of importKinds) {
    if ((importFileTypes[kind].extensions as readonly string[]).includes(ext)) return kind;
  }
  return null;
}

/** The kind uploaded with this content type, or null. */
export function importKindOfContentType(contentType: string): ImportKind | null {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return importKinds.find((kind) => importFileTypes[kind].contentType === type) ?? null;
}

/** Longest PDF the importer reads: a resume is a few pages; more is refused with IMPORT_TOO_MANY_PAGES. */
export const IMPORT_MAX_PAGES = 10;
/** Most bytes an archive (DOCX, LinkedIn ZIP) may expand to; more is refused as IMPORT_ARCHIVE_TOO_LARGE. */
export const IMPORT_MAX_EXPANDED_BYTES = 64 * 1024 * 1024;
/**
 * Most bytes a PDF's compressed streams may decode to together (content, fonts, images): more is refused as
 * IMPORT_TOO_COMPLEX before pdf.js decodes any (a 1.5 MB upload can inflate to gigabytes).
 */
export const IMPORT_MAX_DECODED_BYTES = 160 * 1024 * 1024;
/** How long parsing one file may take before it is stopped (IMPORT_TIMEOUT). */
export const IMPORT_PARSE_TIMEOUT_MS = 20_000;
/**
 * A scan (a PDF of page images) is read with OCR, a few seconds a page: its first pages only, and with more
 * time than a text PDF, counted from the start of parsing.
 */
export const IMPORT_OCR_MAX_PAGES = 4;
export const IMPORT_OCR_TIMEOUT_MS = 60_000;
/** How long the upload form stays valid. */
export const IMPORT_UPLOAD_EXPIRES_SECONDS = 5 * 60;
/** How long the browser follows an import before it reports a failure (the spec: up to 2 minutes). */
export const IMPORT_CLIENT_TIMEOUT_MS = 150_000;

/** `POST /api/uploads`: the file the browser is about to upload. */
export const importUploadRequestSchema = z
  .strictObject({
    contentType: z.enum(importKinds.map((k) => importFileTypes[k].contentType) as [ImportContentType]),
    size: z.number().int().min(1),
    /** The language the resume's section titles and page size follow (default: the file's own). */
    language: z.enum(['en', 'pt-BR']).optional(),
    /** The file's name on the user's disk: the new resume is named after it (with its job title). */
    fileName: z.string().trim().max(255).optional(),
  })
  .superRefine((request, ctx) => {
    const kind = importKindOfContentType(request.contentType);
    if (kind && request.size > importFileTypes[kind].maxBytes) {
      ctx.addIssue({
        code: 'custom',
        path: ['size'],
        message: `at most ${importFileTypes[kind].maxBytes} bytes`,
      });
    }
  });
export type ImportUploadRequest = z.infer<typeof importUploadRequestSchema>;

/** `POST /api/uploads` answer: a presigned POST form for one server-made key, and the job that follows it. */
export interface ImportUpload {
  jobId: string;
  url: string;
  fields: Record<string, string>;
  maxBytes: number;
}

/**
 * Stable codes an import job fails with; the SPA shows 'Error processing resume' with the translated
 * reason. RESUME_LIMIT_REACHED (the plan's limit) may also end an import.
 */
export const importErrorCodes = [
  /** The bytes are not the kind of file the upload said (e.g. a PNG renamed .pdf). */
  'IMPORT_INVALID_TYPE',
  /** Over the kind's size limit. */
  'IMPORT_TOO_LARGE',
  /** A PDF of more than IMPORT_MAX_PAGES pages. */
  'IMPORT_TOO_MANY_PAGES',
  /** A password-protected PDF or document. */
  'IMPORT_ENCRYPTED',
  /** An archive that expands past IMPORT_MAX_EXPANDED_BYTES (a zip bomb), or lies about its sizes. */
  'IMPORT_ARCHIVE_TOO_LARGE',
  /** The file is damaged and cannot be read. */
  'IMPORT_UNREADABLE',
  /** No text in the file (a scanned image, or an empty document). */
  'IMPORT_NO_TEXT',
  /** Readable, but nothing in it looks like a resume. */
  'IMPORT_NOT_A_RESUME',
  /** A ZIP that is not a LinkedIn data export. */
  'IMPORT_NOT_LINKEDIN',
  /** A JSON file that is not a valid JSON Resume document. */
  'IMPORT_INVALID_JSON_RESUME',
  /** Parsing took longer than IMPORT_PARSE_TIMEOUT_MS. */
  'IMPORT_TIMEOUT',
  /**
   * Reading it needs more than we allow: a PDF whose streams decode past IMPORT_MAX_DECODED_BYTES, or an
   * import whose worker was stopped (out of memory or time) before it could answer.
   */
  'IMPORT_TOO_COMPLEX',
  /** Anything else. */
  'IMPORT_FAILED',
] as const;
export type ImportErrorCode = (typeof importErrorCodes)[number];

/** What a succeeded import job holds. */
export const importResultSchema = z.strictObject({
  resumeId: z.string().min(1),
  title: z.string(),
  kind: z.enum(importKinds),
  /** Fields the parser was unsure of, as paths (e.g. `experience.1.startDate`); the editor may point at them. */
  uncertain: z.array(z.string()).max(200),
  /** The file was a scan, read with OCR: the editor asks for a check of every detail. (Absent before OCR.) */
  ocr: z.boolean().optional(),
});
export type ImportResult = z.infer<typeof importResultSchema>;
