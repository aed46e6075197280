import {
  type ImportContentType,
  type ImportKind,
  importFileTypes,
  importKindOfFileName,
} from '#shared/imports';

/** What the page knows of a chosen file before anything is sent. */
export interface ChosenFile {
  name: string;
  size: number;
  kind: ImportKind;
}

export type FileCheck =
  | { ok: true; file: ChosenFile; contentType: ImportContentType }
  | { ok: false; problem: 'invalidType' }
  | { ok: false; problem: 'tooLarge'; kind: ImportKind; maxBytes: number }
  | { ok: false; problem: 'empty' };

/**
 * Whether the importer would take this file, judged from its name and size only (the server reads the
 * bytes again). The content type sent is the kind's own, never `File.type`: browsers guess it from the
 * extension, and some (Windows without Office) report nothing or `application/octet-stream` for DOCX.
 */
export function checkImportFile(file: { name: string; size: number }): FileCheck {
  const kind = importKindOfFileName(file.name);
  if (!kind) return { ok: false, problem: 'invalidType' };
  const { contentType, maxBytes } = importFileTypes[kind];
  if (file.size > maxBytes) return { ok: false, problem: 'tooLarge', kind, maxBytes };
  if (file.size <= 0) return { ok: false, problem: 'empty' };
  return { ok: true, file: { name: file.name, size: file.size, kind }, contentType };
}

/** The file chooser's `accept`: every extension and content type the importer reads. */
export const importAccept = Object.values(importFileTypes)
  .flatMap((type) => [...type.extensions.map((ext) => `.${ext}`), type.contentType])
  .join(',');

const KB = 1024;
const MB = 1024 * 1024;

/** A size as people read it ("10 MB", "1,5 MB", "820 KB"), in the interface language. */
export function formatBytes(bytes: number, language: string): string {
  const [value, unit] = bytes >= MB ? [bytes / MB, 'megabyte'] : [Math.max(bytes / KB, 1), 'kilobyte'];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}

/** How a kind is named in messages ("PDF files can be up to 10 MB"). */
export const kindLabels: Record<ImportKind, string> = {
  pdf: 'PDF',
  docx: 'DOCX',
  doc: 'DOC',
  'linkedin-zip': 'ZIP',
  'json-resume': 'JSON',
};
