import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { env } from '#infra/app-manifest';
import { getObject, photoPrefix, presignUpload } from '../adapters/s3.ts';
import { AppError } from '../lib/app-error.ts';
import { requiredEnv } from '../lib/config.ts';

/** Largest photo a user may upload. */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** How long an upload form stays valid. */
export const PHOTO_UPLOAD_EXPIRES_SECONDS = 5 * 60;

const extensions = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;
export type PhotoContentType = keyof typeof extensions;
const contentTypeOf = Object.fromEntries(
  Object.entries(extensions).map(([type, ext]) => [ext, type]),
) as Record<string, PhotoContentType>;

/** `POST /api/photos` body: what the browser is about to upload. */
export const photoUploadSchema = z.strictObject({
  contentType: z.enum(Object.keys(extensions) as [PhotoContentType, ...PhotoContentType[]]),
  size: z.number().int().min(1).max(PHOTO_MAX_BYTES),
});
export type PhotoUploadRequest = z.infer<typeof photoUploadSchema>;

/** A photo id is a server-made uuid plus the extension of its type; nothing else is ever stored. */
const PHOTO_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$/;

/** Whether a value has the shape of a photo id this server hands out. */
export function isPhotoId(value: string): boolean {
  return PHOTO_ID.test(value);
}

/** Where a user's photo lives: under the user's own photo prefix, which account deletion empties too. */
export function photoKey(sub: string, photoId: string): string {
  return `${photoPrefix(sub)}${photoId}`;
}

export interface PhotoUpload {
  url: string;
  fields: Record<string, string>;
  photoId: string;
  maxBytes: number;
}

/** A presigned POST for one new photo of the caller; the key is made here, never taken from the client. */
export async function createPhotoUpload(sub: string, request: PhotoUploadRequest): Promise<PhotoUpload> {
  const photoId = `${randomUUID()}.${extensions[request.contentType]}`;
  const { url, fields } = await presignUpload({
    bucket: requiredEnv(env.uploadsBucket),
    key: photoKey(sub, photoId),
    contentType: request.contentType,
    maxBytes: PHOTO_MAX_BYTES,
    expiresSeconds: PHOTO_UPLOAD_EXPIRES_SECONDS,
  });
  return { url, fields, photoId, maxBytes: PHOTO_MAX_BYTES };
}

/** The first bytes every file of each type starts with. */
function hasMagicBytes(type: PhotoContentType, b: Uint8Array): boolean {
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  switch (type) {
    case 'image/jpeg':
      return b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
    case 'image/png':
      return b[0] === 0x89 && ascii(1, 4) === 'PNG' && b[4] === 0x0d && b[5] === 0x0a;
    case 'image/webp':
      return ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP';
  }
}

export interface Photo {
  contentType: PhotoContentType;
  bytes: Uint8Array;
}

const notFound = () => new AppError('NOT_FOUND', 'Photo not found.');

/**
 * One of the caller's photos. Type and size are checked again (a second line behind the upload policy),
 * and so are the leading bytes: anything that is not the image it claims to be is not found.
 */
export async function readPhoto(sub: string, photoId: string): Promise<Photo> {
  if (!isPhotoId(photoId)) throw notFound();
  const expected = contentTypeOf[photoId.slice(photoId.lastIndexOf('.') + 1)];
  if (!expected) throw notFound();
  const stored = await getObject(requiredEnv(env.uploadsBucket), photoKey(sub, photoId), PHOTO_MAX_BYTES);
  if (!stored) throw notFound();
  const type = stored.contentType.split(';')[0]?.trim().toLowerCase();
  if (type !== expected || stored.size < 1 || stored.size > PHOTO_MAX_BYTES) throw notFound();
  if (!hasMagicBytes(expected, stored.bytes)) throw notFound();
  return { contentType: expected, bytes: stored.bytes };
}
