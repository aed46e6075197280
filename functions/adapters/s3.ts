import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

/**
 * One S3 client per process. Checksums only when required: s3rver (the local cloud) corrupts streamed
 * uploads otherwise. Path-style addressing when an endpoint override is set (s3rver has no virtual hosts).
 */
export const s3Client = new S3Client({
  forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3),
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});

/** Where a user's files live in every bucket (uploaded files expire there: see infra/lib/data.ts). */
export const userPrefix = (sub: string) => `users/${sub}/`;
/** Where a user's resume photos live in the uploads bucket: outside `users/`, so they never expire. */
export const photoPrefix = (sub: string) => `photos/${sub}/`;
/** Every prefix holding a user's files; deleting the account empties them all. */
export const userPrefixes = (sub: string) => [userPrefix(sub), photoPrefix(sub)];

/** Delete every object under a prefix; returns how many were deleted. */
export async function deletePrefix(bucket: string, prefix: string): Promise<number> {
  let deleted = 0;
  let ContinuationToken: string | undefined;
  do {
    const page = await s3Client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken }),
    );
    const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key ?? '' })).filter((k) => k.Key);
    if (keys.length > 0) {
      await s3Client.send(
        new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys, Quiet: true } }),
      );
      deleted += keys.length;
    }
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
  return deleted;
}

export interface ListedObject {
  key: string;
  /** When S3 stored it; absent only if S3 did not say. */
  lastModified: Date | undefined;
}

/** The first `maxKeys` objects under a prefix (one ListObjectsV2 page, at most 1,000), and whether more follow. */
export async function listObjects(
  bucket: string,
  prefix: string,
  maxKeys: number,
): Promise<{ objects: ListedObject[]; truncated: boolean }> {
  const page = await s3Client.send(
    new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, MaxKeys: maxKeys }),
  );
  const objects = (page.Contents ?? []).flatMap((o) =>
    o.Key ? [{ key: o.Key, lastModified: o.LastModified }] : [],
  );
  return { objects, truncated: Boolean(page.IsTruncated) };
}

/** Delete up to 1,000 objects in one call; returns the keys S3 reports it did not delete. */
export async function deleteObjects(bucket: string, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const result = await s3Client.send(
    new DeleteObjectsCommand({
      Bucket: bucket,
      Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
    }),
  );
  return (result.Errors ?? []).flatMap((e) => (e.Key ? [e.Key] : []));
}

export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
}

/**
 * A browser upload form for exactly one key: the policy pins the content type and a size range and expires
 * after `expiresSeconds`. S3 (and the local cloud's front of s3rver) enforces the policy; readers still check
 * the object again, since a policy cannot check what the bytes are.
 */
export function presignUpload(input: {
  bucket: string;
  key: string;
  contentType: string;
  maxBytes: number;
  expiresSeconds: number;
}): Promise<PresignedUpload> {
  return createPresignedPost(s3Client, {
    Bucket: input.bucket,
    Key: input.key,
    Conditions: [
      ['eq', '$Content-Type', input.contentType],
      ['content-length-range', 1, input.maxBytes],
    ],
    Fields: { 'Content-Type': input.contentType },
    Expires: input.expiresSeconds,
  });
}

export interface StoredObject {
  contentType: string;
  size: number;
  bytes: Uint8Array;
}

/** An object's bytes and stored type, or null when there is none; bodies over `maxBytes` are not read. */
export async function getObject(bucket: string, key: string, maxBytes: number): Promise<StoredObject | null> {
  try {
    const result = await s3Client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    const size = result.ContentLength ?? 0;
    if (size > maxBytes) {
      // Not read at all: the caller refuses it on its size alone.
      (result.Body as { destroy?: () => void } | undefined)?.destroy?.();
      return { contentType: result.ContentType ?? '', size, bytes: new Uint8Array() };
    }
    const bytes = (await result.Body?.transformToByteArray()) ?? new Uint8Array();
    return { contentType: result.ContentType ?? '', size: bytes.byteLength, bytes };
  } catch (error) {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404) return null;
    throw error;
  }
}

/** Delete one object (S3 answers the same whether or not it existed). */
export async function deleteObject(bucket: string, key: string): Promise<void> {
  await s3Client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
}

/** An object's size and user metadata, or null when there is none. */
export async function headObject(
  bucket: string,
  key: string,
): Promise<{ size: number; metadata: Record<string, string> } | null> {
  try {
    const head = await s3Client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    return { size: head.ContentLength ?? 0, metadata: head.Metadata ?? {} };
  } catch (error) {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) return null;
    throw error;
  }
}

/** Store an object with its type and user metadata. */
export async function putObject(input: {
  bucket: string;
  key: string;
  body: Uint8Array;
  contentType: string;
  metadata: Record<string, string>;
}): Promise<void> {
  await s3Client.send(
    new PutObjectCommand({
      Bucket: input.bucket,
      Key: input.key,
      Body: input.body,
      ContentType: input.contentType,
      Metadata: input.metadata,
    }),
  );
}

/** A presigned GET of one object, answered with this Content-Disposition and type, valid `expiresSeconds`. */
export function presignDownload(input: {
  bucket: string;
  key: string;
  contentDisposition: string;
  contentType: string;
  expiresSeconds: number;
}): Promise<string> {
  return getSignedUrl(
    s3Client,
    new GetObjectCommand({
      Bucket: input.bucket,
      Key: input.key,
      ResponseContentDisposition: input.contentDisposition,
      ResponseContentType: input.contentType,
    }),
    { expiresIn: input.expiresSeconds },
  );
}
