import { DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

/**
 * One S3 client per process. Checksums only when required: s3rver (the local cloud) corrupts streamed
 * uploads otherwise. Path-style addressing when an endpoint override is set (s3rver has no virtual hosts).
 */
export const s3Client = new S3Client({
  forcePathStyle: Boolean(process.env.AWS_ENDPOINT_URL_S3),
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});

/** Where a user's files live in every bucket. */
export const userPrefix = (sub: string) => `users/${sub}/`;

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
