/** @jest-environment node */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { initApiClient } from '../../../lib/api-client.ts';
import { renameResume } from './update-resume.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const conflict = () => json(412, { error: { code: 'REVISION_CONFLICT', message: 'moved on' } });

type Answer = (url: string, init: RequestInit | undefined) => Response;

/** The API client on a scripted fetch: each call takes the next answer; calls are recorded. */
function serve(...answers: Answer[]) {
  const calls: { method: string; url: string; ifMatch: string | null; body: unknown }[] = [];
  const fetch = jest.fn<typeof globalThis.fetch>(async (input, init) => {
    const url = String(input);
    const headers = new Headers(init?.headers);
    calls.push({
      method: init?.method ?? 'GET',
      url,
      ifMatch: headers.get('If-Match'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const answer = answers[calls.length - 1];
    if (!answer) throw new Error(`unexpected call ${url}`);
    return answer(url, init);
  });
  initApiClient({ baseUrl: '/api', getAccessToken: async () => 'token', fetch });
  return calls;
}

const updated = (revision: number) => () =>
  json(200, { data: { id: 'r1', updatedAt: '2026-03-10T12:00:00.000Z', revision } });

describe('renameResume', () => {
  beforeEach(() => {
    jest.clearAllMocks();
  });

  it('writes the title alone, conditional on the revision the card showed', async () => {
    const calls = serve(updated(5));

    const result = await renameResume({ id: 'r1', title: '  Staff Engineer CV ', revision: 4 });

    expect(result.revision).toBe(5);
    expect(calls).toEqual([
      {
        method: 'PATCH',
        url: '/api/resume/r1?lean=true',
        ifMatch: '4',
        body: { title: 'Staff Engineer CV' },
      },
    ]);
  });

  it('after a 412 reads the latest revision and sends the rename once more', async () => {
    const calls = serve(conflict, () => json(200, { data: { id: 'r1', revision: 9 } }), updated(10));

    const result = await renameResume({ id: 'r1', title: 'New title', revision: 4 });

    expect(result.revision).toBe(10);
    expect(calls.map((c) => [c.method, c.url, c.ifMatch])).toEqual([
      ['PATCH', '/api/resume/r1?lean=true', '4'],
      ['GET', '/api/resume/id/r1', null],
      ['PATCH', '/api/resume/r1?lean=true', '9'],
    ]);
  });

  it('reports a second conflict instead of trying forever', async () => {
    const calls = serve(conflict, () => json(200, { data: { id: 'r1', revision: 9 } }), conflict);

    const error = await renameResume({ id: 'r1', title: 'New title', revision: 4 }).catch((e: unknown) => e);

    expect(error).toMatchObject({ code: 'REVISION_CONFLICT', status: 412 });
    expect(calls).toHaveLength(3);
  });

  it('passes other failures through without a retry', async () => {
    const calls = serve(() => json(404, { error: { code: 'RESUME_NOT_FOUND', message: 'gone' } }));

    const error = await renameResume({ id: 'r1', title: 'New title', revision: 4 }).catch((e: unknown) => e);

    expect(error).toMatchObject({ code: 'RESUME_NOT_FOUND' });
    expect(calls).toHaveLength(1);
  });

  it('refuses an empty title before any request', async () => {
    const calls = serve();

    await expect(renameResume({ id: 'r1', title: '   ', revision: 4 })).rejects.toThrow();
    expect(calls).toHaveLength(0);
  });
});
