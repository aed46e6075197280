import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { requireEnv } from '#functions/contract';
import { MAX_STORED_PHOTOS } from '#shared/plans';
import { deleteObjects, getObject, listObjects, photoPrefix, presignUpload } from '../adapters/s3.ts';
import { forEachResumePage } from '../adapters/table/resumes.ts';
import { AppError } from '../lib/app-error.ts';
import { logger } from '../lib/logger.ts';

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
const PHOTO_ID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(?:jpg|png|webp)';
const PHOTO_ID = new RegExp(`^${PHOTO_ID_SOURCE}$`);

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

/**
 * A photo on none of its owner's resumes is deleted once it is older than this: far longer than a photo takes
 * from its upload to the resume the builder saves it on (retries included), so one being saved is never taken.
 */
export const PHOTO_ORPHAN_GRACE_MS = 60 * 60 * 1000;
/** How many of a user's stored photos one sweep lists (one S3 page); a user with more is refused new ones. */
export const PHOTO_SWEEP_MAX_KEYS = 1000;

/**
 * Every photo id named in these texts (resume items or their photo fields): an id, or a URL or anything else
 * that contains one. Reading ids out of the text, not comparing whole values, keeps a photo that any form of
 * reference names.
 */
export function photoIdsIn(texts: Iterable<string>): Set<string> {
  const ids = new Set<string>();
  for (const text of texts)
    for (const [found] of text.matchAll(new RegExp(PHOTO_ID_SOURCE, 'g'))) ids.add(found);
  return ids;
}

export interface PhotoSweepInput {
  /** The object's name under the user's photo prefix. */
  photoId: string;
  lastModified: Date | undefined;
}

export interface PhotoSweepPlan {
  /** Photo ids to delete: on no resume, and older than the grace period. */
  orphans: string[];
  /** Everything else, in the order listed. */
  kept: PhotoSweepInput[];
  /** When the oldest kept photo that no resume uses passes the grace period (none: every kept one is in use). */
  nextFreedAt: Date | undefined;
}

/**
 * Which of a user's stored photos a sweep deletes: those no resume names that are older than the grace
 * period. Anything in doubt is kept: a photo in use however old, a young one, one of unknown age, and an
 * object whose name is not a photo id (this code never makes one).
 */
export function planPhotoSweep(
  stored: readonly PhotoSweepInput[],
  referenced: ReadonlySet<string>,
  nowMs: number,
): PhotoSweepPlan {
  const orphans: string[] = [];
  const kept: PhotoSweepInput[] = [];
  let nextFreedAt: number | undefined;
  for (const photo of stored) {
    const unused = isPhotoId(photo.photoId) && !referenced.has(photo.photoId);
    const freedAt = photo.lastModified ? photo.lastModified.getTime() + PHOTO_ORPHAN_GRACE_MS : undefined;
    if (unused && freedAt !== undefined && freedAt < nowMs) {
      orphans.push(photo.photoId);
      continue;
    }
    kept.push(photo);
    if (unused && freedAt !== undefined) nextFreedAt = Math.min(nextFreedAt ?? freedAt, freedAt);
  }
  return { orphans, kept, nextFreedAt: nextFreedAt === undefined ? undefined : new Date(nextFreedAt) };
}

/**
 * The photo ids every resume of the user names. Whole items are read (one consistent Query, the resume
 * list's own), so a photo named by any field, or saved a moment ago, is in use. There is no trash: a deleted
 * resume is gone, and its photo is in use only if another resume (a duplicate) names it.
 */
async function photosInUse(sub: string): Promise<Set<string>> {
  const inUse = new Set<string>();
  await forEachResumePage(sub, { consistent: true }, (page) => {
    // Only the ids are kept, page by page: a Pro user's resumes together may be far larger than a page.
    for (const photoId of photoIdsIn(page.map((item) => JSON.stringify(item)))) inUse.add(photoId);
  });
  return inUse;
}

/**
 * Delete the user's photos that no resume uses once past the grace period, looking at one bounded page of
 * them. Done lazily, when the user asks to upload another, so it works the same deployed and on the local
 * cloud (s3rver has no lifecycle rules). Returns how many stay, and whether the page held them all.
 */
export async function sweepPhotos(
  sub: string,
  nowMs = Date.now(),
): Promise<{ stored: number; complete: boolean; nextFreedAt: Date | undefined }> {
  const bucket = requireEnv('uploadsBucket');
  const prefix = photoPrefix(sub);
  // Listed before the resumes are read: a photo put on a resume after the listing is seen as in use.
  const listing = await listObjects(bucket, prefix, PHOTO_SWEEP_MAX_KEYS);
  const stored = listing.objects.map((o) => ({
    photoId: o.key.slice(prefix.length),
    lastModified: o.lastModified,
  }));
  const old = (p: PhotoSweepInput) =>
    p.lastModified && p.lastModified.getTime() + PHOTO_ORPHAN_GRACE_MS < nowMs;
  // While every photo is young and under the cap, nothing is deleted or refused: the resumes need not be read.
  const full = listing.truncated || stored.length >= MAX_STORED_PHOTOS;
  if (!full && !stored.some(old)) {
    return { stored: stored.length, complete: true, nextFreedAt: undefined };
  }
  const plan = planPhotoSweep(stored, await photosInUse(sub), nowMs);
  const failed = await deleteObjects(
    bucket,
    plan.orphans.map((photoId) => photoKey(sub, photoId)),
  );
  if (plan.orphans.length > 0)
    logger.info('orphaned photos deleted', { deleted: plan.orphans.length - failed.length });
  if (failed.length > 0) logger.warn('orphaned photos not deleted', { failed: failed.length });
  return {
    stored: plan.kept.length + failed.length,
    complete: !listing.truncated,
    nextFreedAt: plan.nextFreedAt,
  };
}

/**
 * A presigned POST for one new photo of the caller; the key is made here, never taken from the client. The
 * caller's unused photos are swept first, and a caller still keeping MAX_STORED_PHOTOS is refused (409).
 */
export async function createPhotoUpload(
  sub: string,
  request: PhotoUploadRequest,
  nowMs = Date.now(),
): Promise<PhotoUpload> {
  const photos = await sweepPhotos(sub, nowMs);
  if (!photos.complete || photos.stored >= MAX_STORED_PHOTOS) {
    throw new AppError('PHOTO_LIMIT_REACHED', `At most ${MAX_STORED_PHOTOS} photos are kept per user.`, {
      ...(photos.nextFreedAt ? { resetAt: photos.nextFreedAt } : {}),
    });
  }
  const photoId = `${randomUUID()}.${extensions[request.contentType]}`;
  const { url, fields } = await presignUpload({
    bucket: requireEnv('uploadsBucket'),
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
  const stored = await getObject(requireEnv('uploadsBucket'), photoKey(sub, photoId), PHOTO_MAX_BYTES);
  if (!stored) throw notFound();
  const type = stored.contentType.split(';')[0]?.trim().toLowerCase();
  if (type !== expected || stored.size < 1 || stored.size > PHOTO_MAX_BYTES) throw notFound();
  if (!hasMagicBytes(expected, stored.bytes)) throw notFound();
  return { contentType: expected, bytes: stored.bytes };
}
