/** @jest-environment node */
import { describe, expect, it, jest } from '@jest/globals';
import { ApiError } from '../../../lib/api-client.ts';
import { getBlob, photoFormData } from './photos.ts';

describe('photoFormData', () => {
  it('puts every policy field first and the file last, as S3 requires', () => {
    const file = new Blob(['jpeg'], { type: 'image/jpeg' });

    const form = photoFormData(
      { key: 'users/u/photos/p.jpg', Policy: 'abc', 'X-Amz-Signature': 'sig' },
      file,
    );

    expect([...form.keys()]).toEqual(['key', 'Policy', 'X-Amz-Signature', 'file']);
    expect(form.get('key')).toBe('users/u/photos/p.jpg');
    expect(form.get('file')).toBeInstanceOf(Blob);
  });
});

describe('getBlob', () => {
  const image = () => new Response(new Uint8Array([0xff, 0xd8, 0xff]), { status: 200 });

  it('sends the access token and answers the bytes', async () => {
    const fetch = jest.fn<typeof globalThis.fetch>().mockResolvedValue(image());

    const blob = await getBlob('/photos/p.jpg', {
      baseUrl: '/api',
      getAccessToken: async () => 'token-1',
      fetch,
    });

    expect(blob.size).toBe(3);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/photos/p.jpg');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer token-1');
  });

  it('refreshes the token once after a 401 and retries', async () => {
    const fetch = jest
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(new Response(null, { status: 401 }))
      .mockResolvedValueOnce(image());
    const getAccessToken = jest.fn(async (options?: { forceRefresh?: boolean }) =>
      options?.forceRefresh ? 'fresh' : 'stale',
    );

    await getBlob('photos/p.jpg', { baseUrl: '/api', getAccessToken, fetch });

    expect(getAccessToken).toHaveBeenLastCalledWith({ forceRefresh: true });
    expect(new Headers(fetch.mock.calls[1]?.[1]?.headers).get('Authorization')).toBe('Bearer fresh');
  });

  it('turns an error answer into an ApiError with its code', async () => {
    const fetch = jest.fn<typeof globalThis.fetch>().mockResolvedValue(
      new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Photo not found.' } }), {
        status: 404,
      }),
    );

    const failure = getBlob('photos/gone.jpg', { baseUrl: '/api', getAccessToken: async () => 't', fetch });

    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
  });

  it('fails without a request when there is no session', async () => {
    const fetch = jest.fn<typeof globalThis.fetch>();

    await expect(
      getBlob('photos/p.jpg', { baseUrl: '/api', getAccessToken: async () => undefined, fetch }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(fetch).not.toHaveBeenCalled();
  });
});
