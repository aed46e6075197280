// PDF export's constants with no schema (the editor's download button needs them on its first render, before
// zod). Re-exported by shared/pdf.ts.

/** How long the download link in a finished job stays valid. */
export const PDF_LINK_TTL_SECONDS = 10 * 60;

/** The stable codes a PDF job fails with (the browser shows 'Failed to generate download' for each). */
export const pdfErrorCodes = ['PDF_RENDER_FAILED', 'PDF_RENDER_TIMEOUT', 'RESUME_NOT_FOUND'] as const;
export type PdfErrorCode = (typeof pdfErrorCodes)[number];
