import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import type { Job } from '#shared/jobs';
import type { PdfJobResult } from '#shared/pdf';
import type { RuntimeConfig } from '#shared/runtime-config';
import { NoticeProvider } from '../../../components/notices.tsx';
import { initTestI18n, rootPerTest } from '../../../components/testing/dom.ts';
import { ConfigProvider } from '../../../config/config-context.tsx';
import { initApiClient } from '../../../lib/api-client.ts';

notifyManager.setScheduler((callback) => callback());

let useDownloadPdf: typeof import('./use-download-pdf.tsx').useDownloadPdf;
let MemoryRouter: typeof import('react-router-dom').MemoryRouter;

beforeAll(async () => {
  ({ MemoryRouter } = await import('react-router-dom'));
  // Jest has no CSS transform: the prompt's stylesheet is an empty module here.
  jest.unstable_mockModule('../components/pdf.css', () => ({}));
  ({ useDownloadPdf } = await import('./use-download-pdf.tsx'));
  await initTestI18n();
  // jsdom has <dialog> without its modal methods.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});

const at = (second: number) => `2026-11-23T10:00:${String(second).padStart(2, '0')}.000Z`;
const result: PdfJobResult = {
  url: 'http://127.0.0.1:4569/exports/r1.pdf?X-Amz-Signature=abc',
  fileName: 'Ana Souza - Designer.pdf',
  expiresAt: '2026-11-23T10:10:00.000Z',
  pages: 2,
  bytes: 48_213,
  cached: false,
  revision: 7,
};
const makeJob = (overrides: Partial<Job> = {}): Job => ({
  id: 'j1',
  type: 'pdf-render',
  status: 'queued',
  steps: [],
  createdAt: at(0),
  updatedAt: at(0),
  ...overrides,
});
const rendering = makeJob({
  status: 'running',
  steps: [{ name: 'rendering', startedAt: at(1) }],
  updatedAt: at(1),
});
const succeeded = makeJob({ ...rendering, status: 'succeeded', result, updatedAt: at(2) });
const failed = makeJob({ ...rendering, status: 'failed', errorCode: 'PDF_RENDER_FAILED', updatedAt: at(2) });

const paidMe = { subscription: null, role: 'admin' };
const freeMe = { subscription: null, role: null };

let me: object;
/** What POST /resume/r1/pdf answers. */
let pdfAnswer: { status: number; body: unknown };
let job: Job;
/** Every request, in order, as `METHOD path`. */
let calls: string[];
let clicked: { href: string; download: string }[];
const dom = rootPerTest();
let latest: ReturnType<typeof useDownloadPdf>;

function Harness({ prepare }: { prepare?: () => Promise<void> }) {
  latest = useDownloadPdf('r1', { prepare });
  return latest.elements;
}

const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

async function mount(prepare?: () => Promise<void>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    dom.root.render(
      <ConfigProvider config={{ wsUrl: 'ws://test/ws' } as RuntimeConfig}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter>
            <NoticeProvider>
              <Harness prepare={prepare} />
            </NoticeProvider>
          </MemoryRouter>
        </QueryClientProvider>
      </ConfigProvider>,
    ),
  );
  await advance(0);
}

async function start() {
  await act(async () => latest.start());
  await advance(0);
}

const notices = () => [...dom.container.querySelectorAll('.notice')].map((n) => n.textContent);
const upgradePrompt = () => dom.container.querySelector<HTMLDialogElement>('dialog.pdf-upgrade');

beforeEach(() => {
  jest.useFakeTimers();
  me = paidMe;
  pdfAnswer = { status: 202, body: { data: { jobId: 'j1' } } };
  job = makeJob();
  calls = [];
  clicked = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
  initApiClient({
    baseUrl: '/api',
    getAccessToken: async () => 'token',
    fetch: async (input, init) => {
      const path = String(input).replace(/^\/api/, '');
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      // jsdom has no Response; the client reads only these.
      const answer = (status: number, body: unknown) =>
        ({
          ok: status < 300,
          status,
          statusText: '',
          text: async () => JSON.stringify(body),
          json: async () => body,
        }) as Response;
      if (path === '/me') return answer(200, { data: me });
      if (path === '/resume/r1/pdf') return answer(pdfAnswer.status, pdfAnswer.body);
      if (path === '/jobs/j1') return answer(200, { data: job });
      // No socket ticket: the job is followed by polling.
      return answer(503, { error: { code: 'INTERNAL', message: 'down' } });
    },
  });
});

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

const pdfRequests = () => calls.filter((c) => c === 'POST /resume/r1/pdf').length;

describe('useDownloadPdf', () => {
  it('requests the PDF, shows the job step, and downloads the link once the job succeeds', async () => {
    await mount();

    await start();
    expect(pdfRequests()).toBe(1);
    expect(latest.state).toEqual({ phase: 'rendering', jobId: 'j1', step: null });
    expect(latest.busy).toBe(true);

    job = rendering;
    await advance(2_000);
    expect(latest.state).toEqual({ phase: 'rendering', jobId: 'j1', step: 'rendering' });
    expect(latest.progress).toBe('Rendering your PDF...');
    expect(clicked).toEqual([]);

    job = succeeded;
    await advance(2_000);
    expect(clicked).toEqual([{ href: result.url, download: result.fileName }]);
    expect(latest.state).toEqual({ phase: 'downloaded', result });
    expect(latest.progress).toBe('Your PDF download has started.');
    expect(notices()).toEqual([]);
  });

  it('ignores a second press while the first download is under way', async () => {
    await mount();
    await start();
    await start();
    expect(pdfRequests()).toBe(1);
  });

  it("shows 'Failed to generate download' with a Retry when the job fails, and Retry asks again", async () => {
    await mount();
    await start();

    job = failed;
    await advance(2_000);
    expect(latest.state).toEqual({ phase: 'failed' });
    expect(notices()).toEqual([expect.stringContaining('Failed to generate download')]);
    expect(notices()[0]).toContain('The PDF could not be rendered.');
    expect(clicked).toEqual([]);

    job = makeJob({ id: 'j1' });
    const retry = [...dom.container.querySelectorAll<HTMLButtonElement>('.notice__action')].find(
      (b) => b.textContent === 'Retry',
    );
    await act(async () => retry?.click());
    await advance(0);
    expect(pdfRequests()).toBe(2);
  });

  it('fails with the same toast when a finished job holds a result that is not a PDF link', async () => {
    await mount();
    await start();
    job = makeJob({ ...succeeded, result: { url: 'not a url' } });
    await advance(2_000);
    expect(clicked).toEqual([]);
    expect(notices()).toEqual([expect.stringContaining('Failed to generate download')]);
  });

  it('fails with the same toast when the request itself fails', async () => {
    await mount();
    pdfAnswer = { status: 404, body: { error: { code: 'NOT_FOUND', message: 'no' } } };
    await start();
    expect(latest.state).toEqual({ phase: 'failed' });
    expect(notices()).toEqual([expect.stringContaining('Failed to generate download')]);
  });

  it('opens the upgrade prompt, not an error, when the server answers PRO_REQUIRED', async () => {
    await mount();
    pdfAnswer = { status: 403, body: { error: { code: 'PRO_REQUIRED', message: 'Pro' } } };

    await start();
    expect(latest.state).toEqual({ phase: 'idle' });
    expect(upgradePrompt()?.open).toBe(true);
    expect(upgradePrompt()?.textContent).toContain('PDF download is part of Pro');
    // To /pricing, with this page to come back to once paid.
    expect(upgradePrompt()?.querySelector('a')?.getAttribute('href')).toBe('/pricing?returnTo=%2F');
    expect(notices()).toEqual([]);
  });

  it('opens the upgrade prompt without asking the server when /me already says Free', async () => {
    me = freeMe;
    await mount();
    expect(latest.locked).toBe(true);

    await start();
    expect(pdfRequests()).toBe(0);
    expect(upgradePrompt()?.open).toBe(true);
  });

  it('waits for `prepare` (the builder saving its edits) before it asks for the PDF', async () => {
    let saved = () => {};
    const prepare = jest.fn(
      () =>
        new Promise<void>((resolve) => {
          saved = resolve;
        }),
    );
    await mount(prepare);

    await start();
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(latest.state).toEqual({ phase: 'saving' });
    expect(latest.progress).toBe('Saving your changes...');
    expect(pdfRequests()).toBe(0);

    await act(async () => saved());
    await advance(0);
    expect(pdfRequests()).toBe(1);
  });

  it('does not ask for the PDF when saving fails, and says why', async () => {
    await mount(() => Promise.reject(new Error('not saved: NETWORK_ERROR')));
    await start();
    expect(pdfRequests()).toBe(0);
    expect(latest.state).toEqual({ phase: 'failed' });
    expect(notices()[0]).toContain('Your latest changes could not be saved');
  });
});
