/** @jest-environment node */
import { describe, expect, it, jest } from '@jest/globals';
import { initApiClient } from '../../../lib/api-client.ts';
import { fetchResumeEarly, takeEarlyResume } from './get-resume.ts';

function serve(status = 200) {
  const fetch = jest.fn<typeof globalThis.fetch>(
    async (input) =>
      new Response(JSON.stringify(status === 200 ? { data: { id: String(input).split('/').pop() } } : {}), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
  initApiClient({ baseUrl: '/api', getAccessToken: async () => 'token', fetch });
  return fetch;
}

describe('a resume fetched ahead of its page', () => {
  it('is asked for once and taken once', async () => {
    const fetch = serve();
    fetchResumeEarly('r1', 1_000);
    fetchResumeEarly('r1', 1_001);
    await expect(takeEarlyResume('r1', 2_000)).resolves.toEqual({ id: 'r1' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(takeEarlyResume('r1', 2_000)).toBeUndefined();
  });

  it('is not used once stale, nor for another resume', async () => {
    serve();
    fetchResumeEarly('r2', 1_000);
    expect(takeEarlyResume('r3', 1_500)).toBeUndefined();
    expect(takeEarlyResume('r2', 11_001)).toBeUndefined();
    // Taken (and dropped) above: a later page asks the server again.
    expect(takeEarlyResume('r2', 11_002)).toBeUndefined();
  });

  it('hands its failure to the page that takes it, and none to nobody', async () => {
    serve(404);
    fetchResumeEarly('gone', 1_000);
    await expect(takeEarlyResume('gone', 1_100)).rejects.toMatchObject({ status: 404 });
    fetchResumeEarly('never-taken', 1_000);
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
});
