import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MAX_STORED_PHOTOS } from '#shared/plans';
import { documentClient } from '../adapters/dynamo.ts';
import { s3Client } from '../adapters/s3.ts';
import { AppError } from '../lib/app-error.ts';
import {
  createPhotoUpload,
  PHOTO_ORPHAN_GRACE_MS,
  type PhotoSweepInput,
  photoIdsIn,
  planPhotoSweep,
} from './photos.ts';

// Issue 21, item 5: photos on none of the user's resumes are deleted once past the grace period, and a user
// keeps at most MAX_STORED_PHOTOS. The selection is a pure rule, tested cell by cell; the upload is tested
// against played S3 and DynamoDB answers (the integration suite runs it against the local cloud).

const NOW = Date.parse('2026-11-28T12:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const id = (n: number, ext = 'jpg') => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}.${ext}`;
const photo = (n: number, ageMs: number | undefined): PhotoSweepInput => ({
  photoId: id(n),
  lastModified: ageMs === undefined ? undefined : new Date(NOW - ageMs),
});

describe('photoIdsIn', () => {
  it('finds the photo id a resume stores, and one named inside a URL', () => {
    const ids = photoIdsIn([id(1), `https://bucket.example/photos/sub/${id(2, 'png')}?x=1`, '', 'no photo']);

    expect([...ids].sort()).toEqual([id(1), id(2, 'png')]);
  });

  it('finds every id in a whole stored item, wherever a field names one', () => {
    const item = JSON.stringify({
      personalInfo: { photo: id(3) },
      customSections: [{ note: id(4, 'webp') }],
    });

    expect([...photoIdsIn([item])].sort()).toEqual([id(3), id(4, 'webp')]);
  });
});

describe('planPhotoSweep', () => {
  const plan = (stored: PhotoSweepInput[], references: string[] = []) =>
    planPhotoSweep(stored, photoIdsIn(references), NOW);

  it('deletes a photo on no resume once it is older than the grace period', () => {
    const result = plan([photo(1, 2 * HOUR)]);

    expect(result.orphans).toEqual([id(1)]);
    expect(result.kept).toEqual([]);
  });

  it('keeps a photo a resume uses, however old', () => {
    const result = plan([photo(1, 1000 * HOUR)], [id(1)]);

    expect([result.orphans, result.kept.map((p) => p.photoId)]).toEqual([[], [id(1)]]);
  });

  it('keeps a photo two resumes share (a duplicate) while either uses it', () => {
    const result = plan([photo(1, 5 * HOUR), photo(2, 5 * HOUR)], [id(1), id(1), '']);

    expect(result.orphans).toEqual([id(2)]);
  });

  it('keeps a photo a resume names by URL', () => {
    const result = plan([photo(1, 5 * HOUR)], [`/api/photos/${id(1)}`]);

    expect(result.orphans).toEqual([]);
  });

  it('keeps a photo younger than the grace period (uploaded while the builder saves), up to the boundary', () => {
    const result = plan([photo(1, 0), photo(2, PHOTO_ORPHAN_GRACE_MS), photo(3, PHOTO_ORPHAN_GRACE_MS + 1)]);

    expect(result.orphans).toEqual([id(3)]);
    expect(result.kept.map((p) => p.photoId)).toEqual([id(1), id(2)]);
  });

  it('keeps an object of unknown age, and one whose name is not a photo id', () => {
    const result = plan([photo(1, undefined), { photoId: 'nested/x.jpg', lastModified: new Date(0) }]);

    expect(result.orphans).toEqual([]);
    expect(result.kept).toHaveLength(2);
  });

  it('grace period: one hour', () => {
    expect(PHOTO_ORPHAN_GRACE_MS).toBe(HOUR);
  });

  it('says when the oldest young unused photo may be swept, and nothing when every kept photo is in use', () => {
    const young = plan(
      [photo(1, 10 * 60 * 1000), photo(2, 40 * 60 * 1000), photo(3, 50 * 60 * 1000)],
      [id(3)],
    );
    const allUsed = plan([photo(1, 10 * 60 * 1000)], [id(1)]);

    expect(young.nextFreedAt?.toISOString()).toBe(new Date(NOW - 40 * 60 * 1000 + HOUR).toISOString());
    expect(allUsed.nextFreedAt).toBeUndefined();
  });
});

describe('createPhotoUpload', () => {
  const sub = 'user-1';
  const prefix = `photos/${sub}/`;
  beforeAll(() => {
    Object.assign(process.env, {
      TABLE_NAME: 'unit-test-table',
      UPLOADS_BUCKET: 'unit-test-uploads',
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'unit',
      AWS_SECRET_ACCESS_KEY: 'unit',
    });
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  /** Play S3 holding `stored` and DynamoDB holding resumes with these photo fields; record what is asked. */
  function play(stored: PhotoSweepInput[], photos: string[], options: { truncated?: boolean } = {}) {
    const deleted: string[][] = [];
    const listed: ListObjectsV2Command[] = [];
    const queried: QueryCommand[] = [];
    jest.spyOn(s3Client, 'send').mockImplementation((async (command: unknown) => {
      if (command instanceof ListObjectsV2Command) {
        listed.push(command);
        return {
          Contents: stored.map((p) => ({ Key: `${prefix}${p.photoId}`, LastModified: p.lastModified })),
          IsTruncated: options.truncated ?? false,
        };
      }
      if (command instanceof DeleteObjectsCommand) {
        deleted.push((command.input.Delete?.Objects ?? []).map((o) => o.Key ?? ''));
        return {};
      }
      throw new Error(`unexpected S3 call ${String(command)}`);
    }) as never);
    jest.spyOn(documentClient, 'send').mockImplementation((async (command: unknown) => {
      if (command instanceof QueryCommand) {
        queried.push(command);
        return { Items: photos.map((p) => ({ personalInfo: { photo: p } })) };
      }
      throw new Error('unexpected DynamoDB call');
    }) as never);
    return { deleted, listed, queried };
  }

  const request = { contentType: 'image/jpeg', size: 1000 } as const;
  const many = (count: number, ageMs: number) => Array.from({ length: count }, (_, n) => photo(n + 1, ageMs));

  it('deletes the orphans past the grace period under the caller prefix, then hands out the form', async () => {
    const calls = play([photo(1, 2 * HOUR), photo(2, 2 * HOUR), photo(3, 0)], [id(2)]);

    const upload = await createPhotoUpload(sub, request, NOW);

    expect(calls.listed[0]?.input).toMatchObject({
      Bucket: 'unit-test-uploads',
      Prefix: prefix,
      MaxKeys: 1000,
    });
    expect(calls.queried[0]?.input).toMatchObject({
      ExpressionAttributeValues: { ':pk': `USER#${sub}`, ':prefix': 'RESUME#' },
      ConsistentRead: true,
    });
    expect(calls.deleted).toEqual([[`${prefix}${id(1)}`]]);
    expect(upload.fields.key).toBe(`${prefix}${upload.photoId}`);
  });

  it('reads no resume and deletes nothing while every stored photo is within the grace period', async () => {
    const calls = play([photo(1, 0)], []);

    await createPhotoUpload(sub, request, NOW);

    expect([calls.queried, calls.deleted]).toEqual([[], []]);
  });

  it(`refuses a new photo with 409 PHOTO_LIMIT_REACHED at ${MAX_STORED_PHOTOS} stored after the sweep`, async () => {
    const stored = [...many(MAX_STORED_PHOTOS - 1, 10 * 60 * 1000), photo(99, 5 * HOUR)];
    play(stored, [id(99)]);

    const refusal = await createPhotoUpload(sub, request, NOW).catch((e: unknown) => e);

    expect(refusal).toBeInstanceOf(AppError);
    expect([(refusal as AppError).code, (refusal as AppError).status]).toEqual(['PHOTO_LIMIT_REACHED', 409]);
    // The oldest unused photo is swept at upload + 1 hour: the caller may try again then.
    expect((refusal as AppError).resetAt?.toISOString()).toBe(new Date(NOW + 50 * 60 * 1000).toISOString());
  });

  it('refuses at the cap with every photo young too, and says when the oldest unused one goes', async () => {
    play([photo(1, 30 * 60 * 1000), ...many(MAX_STORED_PHOTOS, 1000).slice(1)], []);

    const refusal = await createPhotoUpload(sub, request, NOW).catch((e: unknown) => e);

    expect((refusal as AppError).code).toBe('PHOTO_LIMIT_REACHED');
    expect((refusal as AppError).resetAt?.toISOString()).toBe(new Date(NOW + 30 * 60 * 1000).toISOString());
  });

  it('counts an orphan S3 did not delete as still stored', async () => {
    const calls = play([...many(MAX_STORED_PHOTOS - 1, 10 * 60 * 1000), photo(99, 5 * HOUR)], []);
    const send = s3Client.send as unknown as jest.Mock<(command: unknown) => Promise<unknown>>;
    const listed = send.getMockImplementation();
    send.mockImplementation(async (command: unknown) =>
      command instanceof DeleteObjectsCommand
        ? { Errors: [{ Key: `${prefix}${id(99)}`, Code: 'InternalError' }] }
        : listed?.(command),
    );

    await expect(createPhotoUpload(sub, request, NOW)).rejects.toMatchObject({ code: 'PHOTO_LIMIT_REACHED' });
    expect(calls.queried).toHaveLength(1);
  });

  it('lets a new photo through once the sweep brings the count under the cap', async () => {
    const calls = play([...many(MAX_STORED_PHOTOS - 1, 10 * 60 * 1000), photo(99, 5 * HOUR)], []);

    await expect(createPhotoUpload(sub, request, NOW)).resolves.toMatchObject({ maxBytes: 2 * 1024 * 1024 });
    expect(calls.deleted).toEqual([[`${prefix}${id(99)}`]]);
  });

  it('refuses when the listing does not end (more than one page of photos), after sweeping that page', async () => {
    const calls = play([photo(1, 5 * HOUR)], [], { truncated: true });

    await expect(createPhotoUpload(sub, request, NOW)).rejects.toMatchObject({ code: 'PHOTO_LIMIT_REACHED' });
    expect(calls.deleted).toEqual([[`${prefix}${id(1)}`]]);
  });
});
