import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import type { Job } from '#shared/jobs';
import type { RuntimeConfig } from '#shared/runtime-config';
import { rootPerTest } from '../../components/testing/dom.ts';
import { ConfigProvider } from '../../config/config-context.tsx';
import { initApiClient } from '../api-client.ts';
import { createSocketClient, type SocketClient, type SocketLike } from '../socket-client.ts';
import { laterJob, useJob } from './use-job.ts';

// TanStack Query tells components about new data on a later timer by default; at once, every step of a
// fake-timer test sees the result of the step before.
notifyManager.setScheduler((callback) => callback());

/** A WebSocket the test drives by hand. */
class FakeSocket implements SocketLike {
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  open() {
    act(() => this.onopen?.(new Event('open')));
  }
  push(message: unknown) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) })));
  }
  drop() {
    act(() => this.onclose?.(new CloseEvent('close', { code: 1006 })));
  }
  close() {
    this.closed = true;
  }
}

const at = (second: number) => `2026-11-23T10:00:${String(second).padStart(2, '0')}.000Z`;
const makeJob = (overrides: Partial<Job> = {}): Job => ({
  id: 'j1',
  type: 'pdf-render',
  status: 'queued',
  steps: [],
  createdAt: at(0),
  updatedAt: at(0),
  ...overrides,
});
const running = makeJob({
  status: 'running',
  steps: [{ name: 'rendering', startedAt: at(1) }],
  updatedAt: at(1),
});
const succeeded = makeJob({
  ...running,
  status: 'succeeded',
  result: { url: 'https://x.test/a.pdf' },
  updatedAt: at(2),
});

let server: Job;
let jobReads: number;
/** While set, reads answer with the job as it was when they were made, but only once it resolves. */
let hold: Promise<void> | undefined;
let sockets: FakeSocket[];
let socket: SocketClient;
const dom = rootPerTest();
let latest: ReturnType<typeof useJob> | undefined;

function Capture({ jobId }: { jobId: string }) {
  latest = useJob(jobId, { socket });
  return null;
}

const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

async function mount() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    dom.root.render(
      <ConfigProvider config={{ wsUrl: 'ws://test/ws' } as RuntimeConfig}>
        <QueryClientProvider client={queryClient}>
          <Capture jobId="j1" />
        </QueryClientProvider>
      </ConfigProvider>,
    ),
  );
  await advance(0);
}

beforeEach(() => {
  jest.useFakeTimers();
  server = makeJob();
  jobReads = 0;
  hold = undefined;
  sockets = [];
  latest = undefined;
  initApiClient({
    baseUrl: '/api',
    getAccessToken: async () => 'token',
    fetch: async (input) => {
      if (!String(input).endsWith('/api/jobs/j1')) throw new Error(`unexpected ${input}`);
      jobReads += 1;
      // jsdom has no Response; the client reads only these.
      const body = JSON.stringify({ data: server });
      await hold;
      return { ok: true, status: 200, text: async () => body } as Response;
    },
  });
  socket = createSocketClient({
    url: 'ws://test/ws',
    getTicket: async () => 'ticket',
    createSocket: () => {
      const fake = new FakeSocket();
      sockets.push(fake);
      return fake;
    },
    baseDelayMs: 1_000,
    random: () => 1,
  });
});

afterEach(() => {
  jest.useRealTimers();
});

describe('useJob', () => {
  it('reads the job every 2 s while the socket is down, and stops once it is finished', async () => {
    await mount();
    expect([jobReads, latest?.data?.status]).toEqual([1, 'queued']);

    server = running;
    await advance(1_999);
    expect(jobReads).toBe(1);
    await advance(1);
    expect([jobReads, latest?.data?.status]).toEqual([2, 'running']);

    server = succeeded;
    await advance(2_000);
    expect([jobReads, latest?.data?.status]).toEqual([3, 'succeeded']);
    await advance(20_000);
    expect(jobReads).toBe(3);
    expect(sockets.every((s) => s.closed)).toBe(true);
  });

  it('follows pushes while the socket is open, without the 2 s reads, and keeps only newer copies', async () => {
    await mount();
    sockets[0]?.open();
    await advance(0);
    // One read on mount and one as the socket opened (a push may have been missed while it connected).
    expect(jobReads).toBe(2);

    sockets[0]?.push({ type: 'job', job: running });
    sockets[0]?.push({ type: 'job', job: makeJob() });
    sockets[0]?.push({ type: 'job', job: { ...succeeded, id: 'other' } });
    sockets[0]?.push({ type: 'pong' });
    expect(latest?.data).toEqual(running);
    await advance(10_000);
    expect(jobReads).toBe(2);

    sockets[0]?.push({ type: 'job', job: succeeded });
    await advance(0);
    expect(latest?.data).toEqual(succeeded);
    expect(sockets[0]?.closed).toBe(true);
  });

  it('goes back to polling when the socket drops, and reads once more when it is back', async () => {
    await mount();
    sockets[0]?.open();
    await advance(0);
    const before = jobReads;

    sockets[0]?.drop();
    server = running;
    await advance(2_000);
    expect(latest?.data?.status).toBe('running');
    expect(jobReads).toBe(before + 1);
    // The reconnect (after 1 s) has not opened yet: still polling.
    await advance(2_000);
    expect(jobReads).toBe(before + 2);

    server = succeeded;
    sockets[1]?.open();
    await advance(0);
    expect([jobReads, latest?.data?.status]).toEqual([before + 3, 'succeeded']);
  });

  it('reads the job again once the socket opens, though the first read is still out', async () => {
    // The page's first read sees the job running, the job ends before the socket is subscribed, so its
    // push goes nowhere, and the socket opens before that first read has answered.
    server = running;
    let release = () => {};
    hold = new Promise((resolve) => {
      release = resolve;
    });
    await mount();
    server = succeeded;
    sockets[0]?.open();
    await advance(0);

    release();
    await advance(0);

    expect([jobReads, latest?.data?.status]).toEqual([2, 'succeeded']);
    expect(sockets[0]?.closed).toBe(true);
  });

  it('reads every 15 s while the socket is open, so a push lost later is caught, then stops', async () => {
    await mount();
    sockets[0]?.open();
    await advance(0);
    const opened = jobReads;

    server = running;
    await advance(14_999);
    expect(jobReads).toBe(opened);
    await advance(1);
    expect([jobReads, latest?.data?.status]).toEqual([opened + 1, 'running']);

    server = succeeded;
    await advance(15_000);
    expect([jobReads, latest?.data?.status]).toEqual([opened + 2, 'succeeded']);
    await advance(60_000);
    expect(jobReads).toBe(opened + 2);
  });

  it('gives up the 15 s reads after 5 minutes with the socket open, and reads nothing once unmounted', async () => {
    await mount();
    sockets[0]?.open();
    await advance(0);
    const opened = jobReads;

    await advance(300_000);
    expect(jobReads).toBe(opened + 20);
    await advance(60_000);
    expect(jobReads).toBe(opened + 20);

    // A job whose socket keeps dropping is read every 2 s until the page leaves it; then nothing is.
    sockets[0]?.drop();
    await advance(2_000);
    expect(jobReads).toBe(opened + 21);
    await act(async () => dom.root.render(null));
    await advance(60_000);
    expect(jobReads).toBe(opened + 21);
    expect([sockets.length, sockets[1]?.closed]).toEqual([2, true]);
  });

  it('keeps a pushed finish when a read made before it answers after it', async () => {
    await mount();
    server = running;
    let release = () => {};
    hold = new Promise((resolve) => {
      release = resolve;
    });
    sockets[0]?.open();
    await advance(0);

    sockets[0]?.push({ type: 'job', job: succeeded });
    release();
    await advance(0);

    expect(latest?.data).toEqual(succeeded);
  });
});

describe('laterJob', () => {
  it('keeps the newer copy, and a finished job whatever comes after', () => {
    expect(laterJob(undefined, running)).toBe(running);
    expect(laterJob(running, makeJob())).toBe(running);
    expect(laterJob(makeJob(), running)).toBe(running);
    expect(laterJob(succeeded, makeJob({ updatedAt: at(9), status: 'running' }))).toBe(succeeded);
    const sameTimeMoreSteps = {
      ...running,
      steps: [...running.steps, { name: 'storing' as const, startedAt: at(1) }],
    };
    expect(laterJob(running, sameTimeMoreSteps)).toBe(sameTimeMoreSteps);
    expect(laterJob(sameTimeMoreSteps, running)).toBe(sameTimeMoreSteps);
  });
});
