import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError, api } from '../../../lib/api-client.ts';

/**
 * The resume photo: `POST /api/photos` hands out an S3 presigned POST for one new photo, the browser sends
 * the file straight to S3, and `GET /api/photos/{photoId}` answers the image bytes to its owner.
 */

export interface PhotoUploadRequest {
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
  size: number;
}

export interface PhotoUpload {
  /** Where the form is posted (S3). */
  url: string;
  /** Form fields S3 checks (key, policy, signature...); sent before the file. */
  fields: Record<string, string>;
  /** What the resume stores in `personalInfo.photo`. */
  photoId: string;
  maxBytes: number;
}

/** POST /api/photos: permission to upload one photo of this type and size. */
export async function createPhotoUpload(request: PhotoUploadRequest): Promise<PhotoUpload> {
  const { data } = await api.post<{ data: PhotoUpload }>('photos', request);
  return data;
}

/** The multipart body of a presigned POST: every policy field first, the file last (S3 ignores fields after it). */
export function photoFormData(fields: Record<string, string>, file: Blob): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file);
  return form;
}

export interface SendPhotoOptions {
  /** 0 to 1 as the bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Send the file to S3 with the presigned form. XMLHttpRequest rather than fetch: only it reports upload
 * progress, which a phone on a slow network needs to see.
 */
export function sendPhoto(upload: PhotoUpload, file: Blob, options: SendPhotoOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    const abort = () => request.abort();
    request.open('POST', upload.url);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      options.signal?.removeEventListener('abort', abort);
      if (request.status >= 200 && request.status < 300) {
        options.onProgress?.(1);
        resolve();
      } else {
        // S3 answers XML; 400 with EntityTooLarge is the size policy, anything else is a failed upload.
        const tooLarge = request.status === 400 && request.responseText.includes('EntityTooLarge');
        reject(
          new ApiError({
            code: tooLarge ? 'PAYLOAD_TOO_LARGE' : request.status >= 500 ? 'INTERNAL' : 'UNKNOWN',
            status: request.status,
            message: 'Photo upload refused',
          }),
        );
      }
    });
    request.addEventListener('error', () => {
      options.signal?.removeEventListener('abort', abort);
      reject(new ApiError({ code: 'NETWORK_ERROR', status: 0, message: 'Network error' }));
    });
    request.addEventListener('abort', () => reject(new DOMException('Upload aborted', 'AbortError')));
    options.signal?.addEventListener('abort', abort, { once: true });
    request.send(photoFormData(upload.fields, file));
  });
}

export const photoKeys = {
  all: ['photos'] as const,
  detail: (photoId: string) => ['photos', photoId] as const,
};

/** GET /api/photos/{photoId}: the image bytes. */
export function getPhoto(photoId: string, signal?: AbortSignal): Promise<Blob> {
  return api.get<Blob>(`photos/${encodeURIComponent(photoId)}`, {
    as: 'blob',
    ...(signal ? { signal } : {}),
  });
}

/**
 * An object URL for a stored photo, for `<img src>`; undefined while it loads, when `photoId` is '' or when
 * it cannot be read. Each caller gets its own URL, revoked when the photo changes or the caller unmounts;
 * the bytes are fetched once and shared (a photo id never changes content, so they never go stale).
 */
export function usePhotoSrc(photoId: string): string | undefined {
  const { data: blob } = useQuery({
    queryKey: photoKeys.detail(photoId),
    queryFn: ({ signal }) => getPhoto(photoId, signal),
    enabled: photoId !== '',
    staleTime: Number.POSITIVE_INFINITY,
    retry: (failures, error) => failures < 2 && !(error instanceof ApiError && error.status === 404),
  });
  const [src, setSrc] = useState<{ blob: Blob; url: string } | undefined>(undefined);

  useEffect(() => {
    if (!blob || photoId === '') {
      setSrc(undefined);
      return;
    }
    const url = URL.createObjectURL(blob);
    setSrc({ blob, url });
    return () => URL.revokeObjectURL(url);
  }, [blob, photoId]);

  // In the render right after a change, `src` is still the old photo's URL (about to be revoked): hide it.
  return src && src.blob === blob && photoId !== '' ? src.url : undefined;
}
