import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from '@jest/globals';
import { sigV4Verifier } from './sigv4.ts';

// Requests signed by the SDK itself (nothing is sent), checked by the verifier the local S3 uses.

const credentials = { accessKeyId: 'LOCALKEY', secretAccessKey: 'local-secret' };
const endpoint = 'http://127.0.0.1:4566';
const s3 = (keys = credentials) =>
  new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: keys });
const verifier = sigV4Verifier(credentials, 's3');

/** The request the SDK would send, caught before it leaves. */
async function signedPut(client: S3Client, Key: string) {
  let caught:
    | { method: string; path: string; query: Record<string, string>; headers: Record<string, string> }
    | undefined;
  client.middlewareStack.add(
    () => async (args) => {
      caught = args.request as typeof caught;
      throw new Error('caught');
    },
    { step: 'deserialize', priority: 'low' },
  );
  await client.send(new PutObjectCommand({ Bucket: 'b', Key, Body: 'x' })).catch(() => undefined);
  if (!caught) throw new Error('nothing signed');
  const search = new URLSearchParams(caught.query).toString();
  return {
    method: caught.method,
    url: `${caught.path}${search ? `?${search}` : ''}`,
    headers: Object.fromEntries(Object.entries(caught.headers).map(([k, v]) => [k.toLowerCase(), v])),
  };
}

describe('SigV4 by Authorization header', () => {
  it("accepts the SDK's own request, keys with spaces and plus signs included", async () => {
    const request = await signedPut(s3(), 'photos/a b/c+d.png');

    expect(await verifier.verifyRequest(request)).toEqual({ ok: true });
  });

  it('refuses another secret key, another key id, a changed path and a missing signature', async () => {
    const request = await signedPut(s3(), 'photos/a/1.png');
    const results = await Promise.all([
      signedPut(s3({ ...credentials, secretAccessKey: 'guess' }), 'photos/a/1.png').then((r) =>
        verifier.verifyRequest(r),
      ),
      signedPut(s3({ ...credentials, accessKeyId: 'OTHER' }), 'photos/a/1.png').then((r) =>
        verifier.verifyRequest(r),
      ),
      verifier.verifyRequest({ ...request, url: request.url.replace('/a/', '/b/') }),
      verifier.verifyRequest({ ...request, headers: { ...request.headers, authorization: '' } }),
    ]);

    expect(results.map((r) => (r.ok ? 'ok' : r.reason))).toEqual([
      'mismatch',
      'unknownKey',
      'mismatch',
      'missing',
    ]);
  });

  it('refuses a request signed more than 15 minutes ago', async () => {
    const request = await signedPut(s3(), 'photos/a/1.png');
    const later = new Date(Date.now() + 16 * 60 * 1000);

    expect(await verifier.verifyRequest(request, later)).toMatchObject({ ok: false, reason: 'skewed' });
  });
});

describe('SigV4 by presigned URL', () => {
  const presigned = async (expiresIn = 60) => {
    const url = new URL(
      await getSignedUrl(
        s3(),
        new GetObjectCommand({
          Bucket: 'b',
          Key: 'exports/a/r 1.pdf',
          ResponseContentDisposition: 'attachment; filename="r 1.pdf"',
        }),
        { expiresIn },
      ),
    );
    return { method: 'GET', url: `${url.pathname}${url.search}`, headers: { host: url.host } };
  };

  it('accepts a link as the SDK makes it, until it expires', async () => {
    const request = await presigned(60);

    expect(await verifier.verifyRequest(request)).toEqual({ ok: true });
    expect(await verifier.verifyRequest(request, new Date(Date.now() + 61_000))).toMatchObject({
      reason: 'expired',
    });
  });

  it('refuses a link whose query was changed', async () => {
    const request = await presigned();

    expect(
      await verifier.verifyRequest({
        ...request,
        url: request.url.replace('X-Amz-Expires=60', 'X-Amz-Expires=600'),
      }),
    ).toMatchObject({
      reason: 'mismatch',
    });
  });
});

describe('SigV4 POST policy', () => {
  it('accepts the policy the SDK signs, and refuses a changed one or another key', async () => {
    const post = async (keys = credentials) =>
      (await createPresignedPost(s3(keys), { Bucket: 'b', Key: 'photos/a/1.png', Expires: 60 })).fields;
    const fieldsOf = (f: Record<string, string>) => ({
      policy: f.Policy ?? '',
      algorithm: f['X-Amz-Algorithm'],
      credential: f['X-Amz-Credential'],
      date: f['X-Amz-Date'],
      signature: f['X-Amz-Signature'],
    });
    const good = await post();

    expect(await verifier.verifyPolicy(fieldsOf(good))).toEqual({ ok: true });
    expect(await verifier.verifyPolicy({ ...fieldsOf(good), policy: `${good.Policy}IA==` })).toMatchObject({
      reason: 'mismatch',
    });
    expect(
      await verifier.verifyPolicy(fieldsOf(await post({ ...credentials, secretAccessKey: 'guess' }))),
    ).toMatchObject({
      reason: 'mismatch',
    });
  });
});
