import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { MAX_STORED_PHOTOS } from '../../shared/plans.ts';
import { api, info, newUser, type Session } from './support/client.ts';

const s3 = new S3Client({
  endpoint: info.endpoints.s3,
  region: 'us-east-1',
  forcePathStyle: true,
  credentials: info.credentials,
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});

/** A 1×1 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

interface Upload {
  url: string;
  fields: Record<string, string>;
  photoId: string;
  maxBytes: number;
}

const requestUpload = async (s: Session, contentType: string, size: number) =>
  api<{ data: Upload; error: { code: string } }>('POST', '/photos', {
    token: s.accessToken,
    json: { contentType, size },
  });

/** The browser's part: a multipart POST of the form fields, then the file, straight to the bucket. */
async function postToBucket(
  upload: Upload,
  bytes: Uint8Array,
  type: string,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...upload.fields, ...fields })) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'photo');
  return fetch(upload.url, { method: 'POST', body: form, headers: { origin: info.url } });
}

const readPhoto = (s: Session, photoId: string) =>
  fetch(`${info.url}/api/photos/${photoId}`, { headers: { authorization: `Bearer ${s.accessToken}` } });

/** The photo ids stored under a user's prefix, read from the bucket itself. */
async function storedPhotos(s: Session): Promise<string[]> {
  const prefix = `photos/${s.sub}/`;
  const page = await s3.send(new ListObjectsV2Command({ Bucket: 'local-uploads', Prefix: prefix }));
  return (page.Contents ?? []).map((o) => (o.Key ?? '').slice(prefix.length)).sort();
}

/** Upload one PNG the way the builder does; its photo id. */
async function uploadPhoto(s: Session): Promise<string> {
  const upload = (await requestUpload(s, 'image/png', png.byteLength)).body.data;
  expect((await postToBucket(upload, png, 'image/png')).status).toBe(204);
  return upload.photoId;
}

/**
 * Make a stored photo `hours` old. S3 has no call for it; s3rver dates an object by its file's mtime, so the
 * test moves that back (the grace period is an hour, which a test cannot wait).
 */
async function age(s: Session, photoId: string, hours: number) {
  const when = new Date(Date.now() - hours * 60 * 60 * 1000);
  const file = join(info.dataDir, 's3', 'local-uploads', 'photos', s.sub, `${photoId}._S3rver_object`);
  utimesSync(file, when, when);
  const page = await s3.send(
    new ListObjectsV2Command({ Bucket: 'local-uploads', Prefix: `photos/${s.sub}/${photoId}` }),
  );
  // The bucket itself reports the new age, or the tests below would prove nothing.
  expect(page.Contents?.[0]?.LastModified?.getTime()).toBeLessThan(Date.now() - (hours - 0.1) * 3600_000);
}

const createResume = async (s: Session, photo = '') => {
  const created = await api('POST', `/resume/create/${s.sub}`, {
    token: s.accessToken,
    json: { userId: s.sub },
  });
  if (photo) {
    await api('PATCH', `/resume/${created.body.data.id}`, {
      token: s.accessToken,
      json: { personalInfo: { photo } },
    });
  }
  return created.body.data.id as string;
};

describe('photos', () => {
  let ivy: Session;
  let jon: Session;
  beforeAll(async () => {
    [ivy, jon] = await Promise.all([newUser('ivy'), newUser('jon')]);
  });

  it('uploads with a presigned POST straight to the bucket and reads the photo back through the API', async () => {
    const { status, body } = await requestUpload(ivy, 'image/png', png.byteLength);
    const upload = body.data;

    const stored = await postToBucket(upload, png, 'image/png');
    const read = await readPhoto(ivy, upload.photoId);

    expect(status).toBe(200);
    expect(upload.photoId).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(upload.maxBytes).toBe(2 * 1024 * 1024);
    expect(new URL(upload.url).origin).toBe(new URL(info.endpoints.s3).origin);
    expect(upload.fields).toMatchObject({
      key: `photos/${ivy.sub}/${upload.photoId}`,
      'Content-Type': 'image/png',
      Policy: expect.any(String),
      'X-Amz-Signature': expect.any(String),
    });
    const policy = JSON.parse(Buffer.from(upload.fields.Policy ?? '', 'base64').toString('utf8'));
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['eq', '$Content-Type', 'image/png'],
        ['content-length-range', 1, 2 * 1024 * 1024],
        { key: `photos/${ivy.sub}/${upload.photoId}` },
      ]),
    );
    expect(Date.parse(policy.expiration) - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
    // The browser may read the bucket's answer: CORS allows the app origin.
    expect([stored.status, stored.headers.get('access-control-allow-origin')]).toEqual([204, info.url]);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('image/png');
    expect(read.headers.get('cache-control')).toBe('private, max-age=300');
    expect(Buffer.from(await read.arrayBuffer())).toEqual(png);
  });

  it('is 404 to anyone but its owner, and for a missing or malformed photo id', async () => {
    const upload = (await requestUpload(ivy, 'image/png', png.byteLength)).body.data;
    await postToBucket(upload, png, 'image/png');

    const other = await readPhoto(jon, upload.photoId);
    const missing = await readPhoto(ivy, `${crypto.randomUUID()}.png`);
    const malformed = await readPhoto(ivy, '..%2F..%2Fusers%2Fx.png');

    expect([other.status, missing.status, malformed.status]).toEqual([404, 404, 404]);
    expect((await other.json()).error.code).toBe('NOT_FOUND');
  });

  it('refuses another type at the bucket (the policy), and checks the stored bytes again', async () => {
    const wrongType = (await requestUpload(ivy, 'image/png', png.byteLength)).body.data;
    const htmlStored = await postToBucket(wrongType, png, 'text/html', { 'Content-Type': 'text/html' });
    const notAnImage = (await requestUpload(ivy, 'image/jpeg', 20)).body.data;
    const scriptStored = await postToBucket(
      notAnImage,
      Buffer.from('<script>alert(1)</script>'),
      'image/jpeg',
    );

    // The policy pins the type, as S3 does; bytes that are not the declared image pass it, and the API still
    // refuses to serve them.
    expect([htmlStored.status, scriptStored.status]).toEqual([403, 204]);
    expect((await readPhoto(ivy, wrongType.photoId)).status).toBe(404);
    expect((await readPhoto(ivy, notAnImage.photoId)).status).toBe(404);
  });

  it.each([
    ['another type', { contentType: 'image/gif', size: 10 }],
    ['an empty file', { contentType: 'image/png', size: 0 }],
    ['a file over 2 MB', { contentType: 'image/png', size: 2 * 1024 * 1024 + 1 }],
    ['a key chosen by the client', { contentType: 'image/png', size: 10, key: 'photos/other/x.png' }],
  ])('refuses an upload of %s with 400', async (_name, json) => {
    const res = await api('POST', '/photos', { token: ivy.accessToken, json });

    expect([res.status, res.body.error.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('goes on a resume by its photo id', async () => {
    const upload = (await requestUpload(ivy, 'image/webp', 100)).body.data;
    const created = await api('POST', `/resume/create/${ivy.sub}`, {
      token: ivy.accessToken,
      json: { userId: ivy.sub },
    });

    const res = await api('PATCH', `/resume/${created.body.data.id}`, {
      token: ivy.accessToken,
      json: { personalInfo: { photo: upload.photoId } },
    });

    expect([res.status, res.body.data.personalInfo.photo]).toEqual([200, upload.photoId]);
  });

  it("lets the app's pages connect to the local S3 (Content-Security-Policy connect-src)", async () => {
    const page = await fetch(`${info.url}/_local/outbox`);
    const csp = page.headers.get('content-security-policy') ?? '';

    expect(csp).toMatch(
      new RegExp(`connect-src [^;]*${new URL(info.endpoints.s3).origin.replace(/\./g, '\\.')}`),
    );
  });

  it("goes with its owner's account", async () => {
    const leaver = await newUser('photoleaver');
    const upload = (await requestUpload(leaver, 'image/png', png.byteLength)).body.data;
    await postToBucket(upload, png, 'image/png');
    const listPhotos = async () =>
      (await s3.send(new ListObjectsV2Command({ Bucket: 'local-uploads', Prefix: `photos/${leaver.sub}/` })))
        .Contents ?? [];
    const before = await listPhotos();

    const deleted = await api('DELETE', '/me', {
      token: leaver.accessToken,
      json: { password: leaver.password },
    });

    expect(before.map((o) => o.Key)).toEqual([`photos/${leaver.sub}/${upload.photoId}`]);
    expect(deleted.status).toBe(204);
    expect(await listPhotos()).toEqual([]);
  });
});

// Issue 21, item 5: a photo on none of its owner's resumes is deleted an hour after upload, when the owner
// next asks for an upload (lazily, so the local cloud, which has no lifecycle rules, does what AWS does), and a
// user keeps at most MAX_STORED_PHOTOS.
describe('stored photos: orphans swept, count capped', () => {
  it("a new upload deletes the user's photos on no resume that are over an hour old, and nothing else", async () => {
    const [kim, lou] = await Promise.all([newUser('photosweep-kim'), newUser('photosweep-lou')]);
    const [orphan, onResume, young, lousOrphan] = await Promise.all([
      uploadPhoto(kim),
      uploadPhoto(kim),
      uploadPhoto(kim),
      uploadPhoto(lou),
    ]);
    await createResume(kim, onResume);
    for (const [owner, photoId] of [
      [kim, orphan],
      [kim, onResume],
      [lou, lousOrphan],
    ] as const) {
      await age(owner, photoId, 2);
    }

    const next = await requestUpload(kim, 'image/png', png.byteLength);

    expect(next.status).toBe(200);
    expect(await storedPhotos(kim)).toEqual([onResume, young].sort());
    expect(await storedPhotos(lou)).toEqual([lousOrphan]);
    expect((await readPhoto(kim, onResume)).status).toBe(200);
  });

  it('never deletes a photo a duplicate still uses after its original is deleted; deletes it once none does', async () => {
    const mo = await newUser('photosweep-mo');
    const shared = await uploadPhoto(mo);
    const original = await createResume(mo, shared);
    const copy = (await api('POST', `/resume/${original}/duplicate`, { token: mo.accessToken })).body.data;
    expect((await api('DELETE', `/resume/${original}`, { token: mo.accessToken })).status).toBe(204);
    await age(mo, shared, 2);

    const whileUsed = await requestUpload(mo, 'image/png', png.byteLength);
    const keptWhileUsed = await storedPhotos(mo);
    await api('PATCH', `/resume/${copy.id}`, {
      token: mo.accessToken,
      json: { personalInfo: { photo: '' } },
    });
    const onceUnused = await requestUpload(mo, 'image/png', png.byteLength);

    expect(copy.personalInfo.photo).toBe(shared);
    expect([whileUsed.status, keptWhileUsed]).toEqual([200, [shared]]);
    expect(onceUnused.status).toBe(200);
    expect(await storedPhotos(mo)).toEqual([]);
  });

  it(`refuses a photo past ${MAX_STORED_PHOTOS} stored with 409 PHOTO_LIMIT_REACHED, until the sweep frees room`, async () => {
    const ned = await newUser('photocap-ned');
    const photos = await Promise.all(Array.from({ length: MAX_STORED_PHOTOS }, () => uploadPhoto(ned)));
    await createResume(ned, photos[0]);

    const full = await requestUpload(ned, 'image/png', png.byteLength);
    await age(ned, photos[0] ?? '', 2);
    const stillFull = await requestUpload(ned, 'image/png', png.byteLength);
    await age(ned, photos[1] ?? '', 2);
    const freed = await requestUpload(ned, 'image/png', png.byteLength);

    expect([full.status, full.body.error?.code]).toEqual([409, 'PHOTO_LIMIT_REACHED']);
    // The youngest unused photo goes an hour after its upload: that is when to try again.
    expect(Number(full.headers.get('retry-after'))).toBeGreaterThan(50 * 60);
    expect(Number(full.headers.get('retry-after'))).toBeLessThanOrEqual(60 * 60);
    // The photo on a resume stays, however old: still full.
    expect([stillFull.status, stillFull.body.error?.code]).toEqual([409, 'PHOTO_LIMIT_REACHED']);
    expect(freed.status).toBe(200);
    expect(await storedPhotos(ned)).toEqual(photos.filter((p) => p !== photos[1]).sort());
  });
});
