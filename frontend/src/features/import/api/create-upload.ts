import type { ImportUpload, ImportUploadRequest } from '#shared/imports';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/uploads: permission to upload one file of this type and size as a presigned S3 form, and the
 * `import` job that reads it once it lands. Refused with 403 RESUME_LIMIT_REACHED at the plan's limit.
 */
export async function createImportUpload(
  request: ImportUploadRequest,
  signal?: AbortSignal,
): Promise<ImportUpload> {
  const { data } = await api.post<{ data: ImportUpload }>('uploads', request, { signal });
  return data;
}

/** The multipart body of a presigned POST: every policy field first, the file last (S3 ignores fields after it). */
export function importFormData(fields: Record<string, string>, file: Blob): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file);
  return form;
}

/** Why S3 refused the form. */
export type UploadRefusal = 'tooLarge' | 'expired' | 'failed';

/** S3 answers a refused presigned POST with an XML error; its code says which rule the upload broke. */
export function uploadRefusal(status: number, body: string): UploadRefusal {
  if (body.includes('EntityTooLarge')) return 'tooLarge';
  if (status === 403 && /expired/i.test(body)) return 'expired';
  return 'failed';
}

export class UploadError extends Error {
  override readonly name = 'UploadError';
  readonly refusal: UploadRefusal | 'network';
  readonly status: number;

  constructor(refusal: UploadRefusal | 'network', status: number) {
    super(`Upload ${refusal} (${status})`);
    this.refusal = refusal;
    this.status = status;
  }
}

export interface SendFileOptions {
  /** 0 to 1 as the bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Send the file to S3 with the presigned form. XMLHttpRequest rather than fetch: only it reports upload
 * progress, which a 10 MB file on a phone's connection needs.
 */
export function sendImportFile(
  upload: ImportUpload,
  file: Blob,
  options: SendFileOptions = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(new DOMException('Upload aborted', 'AbortError'));
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    const done = () => options.signal?.removeEventListener('abort', abort);
    request.open('POST', upload.url);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      done();
      if (request.status >= 200 && request.status < 300) {
        options.onProgress?.(1);
        resolve();
      } else {
        reject(new UploadError(uploadRefusal(request.status, request.responseText), request.status));
      }
    });
    request.addEventListener('error', () => {
      done();
      reject(new UploadError('network', 0));
    });
    request.addEventListener('abort', () => {
      done();
      reject(new DOMException('Upload aborted', 'AbortError'));
    });
    options.signal?.addEventListener('abort', abort, { once: true });
    request.send(importFormData(upload.fields, file));
  });
}
