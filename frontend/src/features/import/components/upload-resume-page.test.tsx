import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { notifyManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { IMPORT_CLIENT_TIMEOUT_MS, type ImportResult } from '#shared/imports';
import type { Job, JobStepEntry } from '#shared/jobs';
import type { RuntimeConfig } from '#shared/runtime-config';
import { NoticeProvider } from '../../../components/notices.tsx';
import { initTestI18n, rootPerTest } from '../../../components/testing/dom.ts';
import { type ApiCall, fakeApi } from '../../../components/testing/fake-api.ts';
import { ConfigProvider } from '../../../config/config-context.tsx';

notifyManager.setScheduler((callback) => callback());

let UploadResumePage: typeof import('./upload-resume-page.tsx').UploadResumePage;
let router: typeof import('react-router-dom');

/** Stands in for XMLHttpRequest: records what was sent and answers when the test says so. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  responseText = '';

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  abort() {
    this.events.dispatchEvent(new Event('abort'));
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(
      Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }),
    );
  }
  respond(status: number, text = '') {
    this.status = status;
    this.responseText = text;
    this.events.dispatchEvent(new Event('load'));
  }
}

beforeAll(async () => {
  router = await import('react-router-dom');
  // Jest has no CSS transform: the stylesheet is an empty module here.
  jest.unstable_mockModule('./import.css', () => ({}));
  ({ UploadResumePage } = await import('./upload-resume-page.tsx'));
  await initTestI18n();
});

const at = (second: number) => `2026-11-23T10:00:${String(second).padStart(2, '0')}.000Z`;
const stepsUpTo = (...names: JobStepEntry['name'][]) =>
  names.map((name, index) => ({ name, startedAt: at(index) }));
const makeJob = (overrides: Partial<Job> = {}): Job => ({
  id: 'j1',
  type: 'import',
  status: 'queued',
  steps: stepsUpTo('uploading'),
  createdAt: at(0),
  updatedAt: at(0),
  ...overrides,
});
const result: ImportResult = { resumeId: 'r9', title: 'John Doe', kind: 'pdf', uncertain: [] };

let uploadsAnswer: { status: number; body: unknown };
let job: Job;
let me: { usage: { resumes: { used: number; limit: number | null } } };
/** Every API request, in order, as `METHOD path` with its JSON body. */
let calls: ApiCall[];
const dom = rootPerTest();

function Builder() {
  const location = router.useLocation();
  return <p data-testid="builder">{`${location.pathname}${location.search}`}</p>;
}

async function mount() {
  const { MemoryRouter, Route, Routes } = router;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () =>
    dom.root.render(
      <ConfigProvider config={{ wsUrl: 'ws://test/ws' } as RuntimeConfig}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={['/upload-resume']}>
            <NoticeProvider>
              <Routes>
                <Route path="/upload-resume" element={<UploadResumePage />} />
                <Route path="/builder" element={<Builder />} />
              </Routes>
            </NoticeProvider>
          </MemoryRouter>
        </QueryClientProvider>
      </ConfigProvider>,
    ),
  );
  await advance(0);
}

const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

const input = () => dom.container.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
const dropZone = () => dom.container.querySelector<HTMLButtonElement>('.import-dropzone');
const text = () => dom.container.textContent ?? '';
const notices = () => [...dom.container.querySelectorAll('.notice')].map((n) => n.textContent);
const uploadRequests = () => calls.filter((c) => c.call === 'POST /uploads');

function pdf(name = 'John Doe.pdf', size?: number): File {
  const file = new File(['%PDF-1.7 resume'], name, { type: name.endsWith('.png') ? 'image/png' : '' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}

async function choose(file: File) {
  Object.defineProperty(input(), 'files', { value: [file], configurable: true });
  await act(async () => input().dispatchEvent(new Event('change', { bubbles: true })));
  await advance(0);
}

/** Choose a file, let S3 take it, and reach the job. */
async function uploadAndProcess(file = pdf()) {
  await choose(file);
  const xhr = FakeXhr.sent.at(-1) as FakeXhr;
  await act(async () => xhr.respond(204));
  await advance(0);
  return xhr;
}

beforeEach(() => {
  jest.useFakeTimers();
  FakeXhr.sent = [];
  Object.assign(globalThis, { XMLHttpRequest: FakeXhr });
  uploadsAnswer = {
    status: 200,
    body: {
      data: {
        jobId: 'j1',
        url: 'http://s3.test/uploads',
        fields: {
          key: 'uploads/u1/j1',
          'Content-Type': 'application/pdf',
          Policy: 'p',
          'X-Amz-Signature': 's',
        },
        maxBytes: 10 * 1024 * 1024,
      },
    },
  };
  job = makeJob();
  me = { usage: { resumes: { used: 0, limit: 3 } } };
  calls = fakeApi((path) => {
    if (path === '/me') return { status: 200, body: { data: me } };
    if (path === '/uploads') return uploadsAnswer;
    if (path === '/jobs/j1') return { status: 200, body: { data: job } };
    // No socket ticket: the job is followed by polling.
    return undefined;
  });
});

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('UploadResumePage', () => {
  it('opens the file chooser from the drop zone, which is a button (Enter and Space press it)', async () => {
    await mount();
    const click = jest.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {});
    expect(dropZone()?.tagName).toBe('BUTTON');
    expect(dropZone()?.type).toBe('button');
    await act(async () => dropZone()?.click());
    expect(click).toHaveBeenCalledTimes(1);
    expect(input().accept).toContain('.docx');
    expect(text()).toContain('LinkedIn export (ZIP)');
    expect(text()).toContain('JSON Resume (.json)');
    expect(text()).toContain('Up to 25 MB');
  });

  it('refuses a PNG before any upload, in the spec’s words', async () => {
    await mount();
    await choose(pdf('photo.png'));
    const alert = dom.container.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('Invalid file type');
    expect(alert?.textContent).toContain('Please upload a PDF, DOC, or DOCX file');
    expect(uploadRequests()).toEqual([]);
    expect(FakeXhr.sent).toEqual([]);
  });

  it('refuses a file over its limit with the limit, before any upload', async () => {
    await mount();
    await choose(pdf('big.pdf', 12 * 1024 * 1024));
    expect(dom.container.querySelector('[role="alert"]')?.textContent).toContain(
      'big.pdf is 12 MB. PDF files can be up to 10 MB.',
    );
    expect(uploadRequests()).toEqual([]);
  });

  it('takes a dropped file like a chosen one, and shows the drag-over state', async () => {
    await mount();
    const zone = dropZone() as HTMLButtonElement;
    const file = pdf();
    const dataTransfer = { types: ['Files'], files: [file], dropEffect: 'none' };
    const drag = (type: string) =>
      act(async () =>
        zone.dispatchEvent(Object.assign(new Event(type, { bubbles: true }), { dataTransfer })),
      );
    await drag('dragenter');
    expect(zone.dataset.over).toBe('true');
    expect(zone.textContent).toContain('Drop the file to import it');
    await drag('drop');
    await advance(0);
    expect(uploadRequests()).toHaveLength(1);
  });

  it('uploads with the kind’s content type, shows the progress and steps, then opens the editor with a toast', async () => {
    await mount();
    await choose(pdf('John Doe.pdf'));

    expect(uploadRequests()).toEqual([
      {
        call: 'POST /uploads',
        body: { contentType: 'application/pdf', size: 15, language: 'en', fileName: 'John Doe.pdf' },
      },
    ]);
    const xhr = FakeXhr.sent[0] as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('http://s3.test/uploads');
    expect([...(xhr.body as FormData).keys()]).toEqual([
      'key',
      'Content-Type',
      'Policy',
      'X-Amz-Signature',
      'file',
    ]);
    expect(text()).toContain('Importing your resume');
    expect(text()).toContain('Processing may take up to 2 minutes.');

    await act(async () => xhr.progress(42, 100));
    expect(dom.container.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('42');
    expect(dom.container.querySelector('.import-step--active')?.textContent).toContain('42%');

    await act(async () => xhr.respond(204));
    await advance(0);
    expect(dom.container.querySelector('.import-step--done')?.textContent).toContain('Uploading');
    expect(dom.container.querySelector('.import-step--active')?.textContent).toContain('Parsing');

    job = makeJob({
      status: 'running',
      steps: stepsUpTo('uploading', 'parsing', 'saving'),
      updatedAt: at(3),
    });
    await advance(2_000);
    expect(dom.container.querySelector('[aria-current="step"]')?.textContent).toContain('Saving');
    expect(dom.container.querySelectorAll('.import-step--done')).toHaveLength(2);
    expect(dom.container.querySelectorAll('.import-step--pending')).toHaveLength(1);

    job = makeJob({
      status: 'succeeded',
      steps: stepsUpTo('uploading', 'parsing', 'saving', 'finalizing'),
      result,
      updatedAt: at(5),
    });
    await advance(2_000);
    expect(dom.container.querySelector('[data-testid="builder"]')?.textContent).toBe('/builder?id=r9');
    expect(notices()).toEqual([expect.stringContaining('Resume imported successfully.')]);
  });

  it('ignores another file while one is being imported', async () => {
    await mount();
    await choose(pdf('first.pdf'));
    await choose(pdf('second.pdf'));
    expect(uploadRequests()).toHaveLength(1);
    expect(FakeXhr.sent).toHaveLength(1);
  });

  it('says a LinkedIn profile was imported when the file was a LinkedIn export', async () => {
    await mount();
    await uploadAndProcess(new File(['PK'], 'Basic_LinkedInDataExport.zip'));
    expect(uploadRequests()[0]?.body).toMatchObject({ contentType: 'application/zip' });
    job = makeJob({ status: 'succeeded', result: { ...result, kind: 'linkedin-zip' }, updatedAt: at(5) });
    await advance(2_000);
    expect(notices()).toEqual([expect.stringContaining('LinkedIn profile imported successfully.')]);
  });

  it('shows the limit message with Upgrade to Pro when the plan is full', async () => {
    uploadsAnswer = { status: 403, body: { error: { code: 'RESUME_LIMIT_REACHED', message: 'limit' } } };
    await mount();
    await choose(pdf());
    expect(FakeXhr.sent).toEqual([]);
    expect(text()).toContain('Error processing resume');
    expect(text()).toContain('You have reached the Free plan limit of 3 resumes.');
    const upgrade = [...dom.container.querySelectorAll('a')].find((a) => a.textContent === 'Upgrade to Pro');
    expect(upgrade?.getAttribute('href')).toBe('/pricing?returnTo=%2Fupload-resume');
  });

  it('shows the limit before any file is chosen when /me says the plan is full', async () => {
    me = { usage: { resumes: { used: 3, limit: 3 } } };
    await mount();
    expect(dropZone()?.disabled).toBe(true);
    expect(text()).toContain('You have used all 3 resumes of the Free plan.');
  });

  it("shows 'Error processing resume' with the job's reason, and Try another file goes back to choosing", async () => {
    await mount();
    await uploadAndProcess();
    job = makeJob({ status: 'failed', errorCode: 'IMPORT_NO_TEXT', updatedAt: at(4) });
    await advance(2_000);
    expect(dom.container.querySelector('h2')?.textContent).toBe('Error processing resume');
    expect(text()).toContain('No text was found in the file.');
    expect(document.activeElement?.textContent).toBe('Error processing resume');

    const click = jest.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {});
    const retry = [...dom.container.querySelectorAll('button')].find(
      (b) => b.textContent === 'Try another file',
    );
    await act(async () => retry?.click());
    expect(dropZone()).not.toBeNull();
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('uses the LinkedIn failure wording for a LinkedIn export', async () => {
    await mount();
    await uploadAndProcess(new File(['PK'], 'export.zip'));
    job = makeJob({ status: 'failed', errorCode: 'IMPORT_NOT_LINKEDIN', updatedAt: at(4) });
    await advance(2_000);
    expect(dom.container.querySelector('h2')?.textContent).toBe('Failed to import LinkedIn profile');
    expect(text()).toContain('This ZIP file is not a LinkedIn data export.');
  });

  it('fails when S3 refuses the form, without following the job', async () => {
    await mount();
    await choose(pdf());
    const xhr = FakeXhr.sent[0] as FakeXhr;
    await act(async () =>
      xhr.respond(
        403,
        '<Error><Code>AccessDenied</Code><Message>Invalid according to Policy: Policy expired.</Message></Error>',
      ),
    );
    await advance(2_000);
    expect(text()).toContain('The upload took too long and its permission expired.');
    expect(calls.filter((c) => c.call === 'GET /jobs/j1')).toEqual([]);
  });

  it('reports a failure when the job has not finished in time, so the page never waits for ever', async () => {
    await mount();
    await uploadAndProcess();
    job = makeJob({ status: 'running', steps: stepsUpTo('uploading', 'parsing'), updatedAt: at(2) });
    await advance(IMPORT_CLIENT_TIMEOUT_MS - 2_000);
    expect(text()).not.toContain('Error processing resume');
    await advance(2_000);
    expect(text()).toContain('Error processing resume');
    expect(text()).toContain('This is taking longer than expected.');
    const polls = calls.filter((c) => c.call === 'GET /jobs/j1').length;
    await advance(10_000);
    expect(calls.filter((c) => c.call === 'GET /jobs/j1').length).toBe(polls);
  });
});
