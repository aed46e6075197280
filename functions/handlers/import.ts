import { counted } from '../domain/analytics/metrics.ts';
import { importMessageSchema, isIgnoredImportEvent, runImport } from '../domain/import/import-job.ts';
import { jobWorker } from '../runtime/job-worker.ts';

/** The import queue's consumer: each uploaded file (an S3 object-created event) becomes a resume. */
export const handler = jobWorker({
  queue: 'import',
  schema: importMessageSchema,
  ignore: isIgnoredImportEvent,
  failureCode: 'IMPORT_FAILED',
  // A delivery whose function was stopped (out of memory or time) parsed a file too costly to read.
  stoppedCode: 'IMPORT_TOO_COMPLEX',
  work: (message) => counted('imports', runImport(message)),
});
