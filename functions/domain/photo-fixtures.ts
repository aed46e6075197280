import type { PhotoSweepInput } from './photos.ts';

/** The photos the photo tests store (functions/domain/photos.test.ts, functions/adapters/photo-upload.test.ts). */

/** The tests' "now". */
export const NOW = Date.parse('2026-11-28T12:00:00.000Z');
export const HOUR = 60 * 60 * 1000;

/** The n-th photo id, of the given extension. */
export const id = (n: number, ext = 'jpg') => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}.${ext}`;

/** The n-th photo, stored `ageMs` before NOW (undefined: S3 did not say when). */
export const photo = (n: number, ageMs: number | undefined): PhotoSweepInput => ({
  photoId: id(n),
  lastModified: ageMs === undefined ? undefined : new Date(NOW - ageMs),
});
