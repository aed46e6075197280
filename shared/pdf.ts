import { z } from 'zod';

/**
 * PDF export, as the API, the worker and the browser agree on it: `POST /api/resume/{id}/pdf` answers 202
 * `{data: {jobId}}`; the `pdf-render` job's result is a short-lived link to the file in the exports bucket.
 */

export { PDF_LINK_TTL_SECONDS, type PdfErrorCode, pdfErrorCodes } from './pdf-codes.ts';

export const pdfJobResultSchema = z.strictObject({
  /** Presigned GET of the stored file, answered as an attachment named `fileName`. */
  url: z.url(),
  fileName: z.string().min(1).max(200),
  /** When `url` stops working. */
  expiresAt: z.iso.datetime(),
  pages: z.number().int().min(1),
  bytes: z.number().int().min(1),
  /** The resume had not changed since this file was made, so it was not rendered again. */
  cached: z.boolean(),
  /** The resume revision the file shows. */
  revision: z.number().int().min(0),
});
export type PdfJobResult = z.infer<typeof pdfJobResultSchema>;

export const pdfRequestResponseSchema = z.strictObject({ jobId: z.string().min(1).max(64) });
export type PdfRequestResponse = z.infer<typeof pdfRequestResponseSchema>;

// Characters no file system accepts in a name, control characters, and the quote of a header value.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes.
const UNSAFE_FILE_CHARACTERS = /[\u0000-\u001f\u007f<>:"/\\|?*]+/g;
const MAX_FILE_NAME = 120;

/**
 * The downloaded file's name, from the person's name and the resume's title ('Ana Souza - Product
 * Designer.pdf'): the title alone when it already holds the name, the name alone when the title is empty,
 * 'Resume.pdf' when both are.
 */
export function pdfFileName(input: { firstName: string; lastName: string; title: string }): string {
  const clean = (value: string) => value.replace(UNSAFE_FILE_CHARACTERS, ' ').replace(/\s+/g, ' ').trim();
  const name = clean(`${input.firstName} ${input.lastName}`);
  const title = clean(input.title);
  const parts =
    name && title && !title.toLocaleLowerCase().includes(name.toLocaleLowerCase())
      ? [name, title]
      : [title || name];
  const base = parts
    .filter(Boolean)
    .join(' - ')
    // Never a name that starts with a dot (hidden) or ends in one (Windows drops it).
    .replace(/^[.\s]+|[.\s]+$/g, '');
  const cut = [...base].slice(0, MAX_FILE_NAME).join('').trim();
  return `${cut || 'Resume'}.pdf`;
}
