import { DeleteObjectsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { MAX_STORED_PHOTOS } from '#shared/plans';
import { HOUR, id, NOW, photo } from '../domain/photo-fixtures.ts';
import { createPhotoUpload, type PhotoSweepInput } from '../domain/photos.ts';
import { AppError } from '../lib/app-error.ts';
import { documentClient } from './dynamo.ts';
import { s3Client } from './s3.ts';

// Issue 21, item 5: a photo upload first sweeps the user's unused photos and refuses a user keeping
// MAX_STORED_PHOTOS. The rules are tested in functions/domain/photos.test.ts; here the upload runs against
// played S3 and DynamoDB answers, through the S3 adapter and the resumes repository (the integration suite
// runs it against the local cloud).

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
