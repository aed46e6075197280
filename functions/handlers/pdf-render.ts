import { counted } from '../domain/analytics/metrics.ts';
import { type ExportOptions, exportPdf, pdfMessageSchema } from '../domain/pdf-export.ts';
import { jobWorker } from '../runtime/job-worker.ts';

/** The pdf-render queue's consumer: each message becomes a PDF in the exports bucket and a link in its job. */
export function pdfRenderWorker(options: ExportOptions = {}) {
  return jobWorker({
    queue: 'pdf-render',
    schema: pdfMessageSchema,
    failureCode: 'PDF_RENDER_FAILED',
    work: (message) => counted('pdfs', exportPdf(message, options)),
  });
}

export const handler = pdfRenderWorker();
