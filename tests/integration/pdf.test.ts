import { beforeAll, describe, expect, it } from '@jest/globals';
import { pdfJobResultSchema } from '../../shared/pdf.ts';
import { sampleResumeEn } from '../../shared/sample-resumes.ts';
import { readPdf } from '../support/pdf-text.ts';
import { fieldGroups, readingOrderProblems } from '../support/resume-fields.ts';
import { api, newUser, type Session } from './support/client.ts';
import { createResume, makePro, waitForJob } from './support/jobs.ts';

// The whole path through the local cloud: the API creates the job and queues it, the local poller hands
// the message to the pdf-render worker, which prints with Chromium and stores the file in s3rver.

let pro: Session;
let free: Session;

const requestPdf = (session: Session, resumeId: string) =>
  api('POST', `/resume/${resumeId}/pdf`, { token: session.accessToken });

beforeAll(async () => {
  [pro, free] = await Promise.all([newUser('pdf-pro'), newUser('pdf-free')]);
  await makePro(pro);
});

describe('POST /api/resume/{id}/pdf', () => {
  it('refuses a Free user with PRO_REQUIRED and creates no job', async () => {
    const resume = await createResume(free, { title: 'Free resume' });
    const response = await requestPdf(free, resume.id);
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('PRO_REQUIRED');
  });

  it("answers 404 for someone else's resume and for no resume at all", async () => {
    const theirs = await createResume(free, { title: 'Not yours' });
    expect((await requestPdf(pro, theirs.id)).status).toBe(404);
    expect((await requestPdf(pro, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('renders the resume (one-column Classic) to a PDF whose text holds every field in reading order, then serves it again unchanged', async () => {
    const resume = await createResume(pro, { ...sampleResumeEn, template: 'classic' });
    const first = await requestPdf(pro, resume.id);
    expect(first.status).toBe(202);
    const job = await waitForJob(pro, first.body.data.jobId);
    expect(job).toMatchObject({ type: 'pdf-render', status: 'succeeded' });
    expect(job.steps.map((s: { name: string }) => s.name)).toEqual(['rendering', 'storing']);
    const result = pdfJobResultSchema.parse(job.result);
    expect(result).toMatchObject({
      cached: false,
      revision: resume.revision,
      fileName: "Jordan Whitfield - Jordan's Resume.pdf",
    });

    const download = await fetch(result.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename="Jordan Whitfield - Jordan.s Resume\.pdf"/,
    );
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(bytes.byteLength).toBe(result.bytes);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');

    const pdf = await readPdf(bytes);
    expect(pdf.pages).toBe(result.pages);
    expect(readingOrderProblems(pdf.text, fieldGroups(sampleResumeEn))).toEqual({
      missing: [],
      outOfOrder: [],
    });
    expect(pdf).toMatchObject({ title: "Jordan Whitfield - Jordan's Resume", language: 'en', tagged: true });
    for (const item of sampleResumeEn.links) expect(pdf.links).toContain(new URL(item.url).href);
    expect(pdf.links).toContain(`mailto:${sampleResumeEn.personalInfo.email}`);

    // Same revision, template and options: the stored file, not a second render.
    const again = await waitForJob(pro, (await requestPdf(pro, resume.id)).body.data.jobId);
    const cached = pdfJobResultSchema.parse(again.result);
    expect(cached).toMatchObject({ cached: true, pages: result.pages, bytes: result.bytes });
    expect(again.steps.map((s: { name: string }) => s.name)).toEqual(['rendering']);

    // Any change is a new revision and a new file.
    const patched = await api('PATCH', `/resume/${resume.id}`, {
      token: pro.accessToken,
      json: { settings: { pageSize: 'a4' } },
    });
    expect(patched.status).toBe(200);
    const changed = pdfJobResultSchema.parse(
      (await waitForJob(pro, (await requestPdf(pro, resume.id)).body.data.jobId)).result,
    );
    expect(changed).toMatchObject({ cached: false, revision: resume.revision + 1 });
  });

  it('prints user text that looks like markup as text, and the job of another user stays 404', async () => {
    const resume = await createResume(pro, {
      title: 'Markup',
      personalInfo: {
        firstName: 'Eve',
        lastName: '<b>Mallory</b>',
        summary: '<img src="http://169.254.169.254/latest/meta-data/"> <script>alert(1)</script>',
      },
    });
    const { jobId } = (await requestPdf(pro, resume.id)).body.data;
    const job = await waitForJob(pro, jobId);
    expect(job.status).toBe('succeeded');
    const pdf = await readPdf(new Uint8Array(await (await fetch(job.result.url)).arrayBuffer()));
    // pdf.js splits text runs where it likes; the characters are what matter.
    const squashed = pdf.text.replace(/\s+/g, '');
    expect(squashed).toContain('<imgsrc="http://169.254.169.254/latest/meta-data/">');
    expect(squashed).toContain('<script>alert(1)</script>');
    expect(squashed).toContain('Eve<b>Mallory</b>');
    expect((await api('GET', `/jobs/${jobId}`, { token: free.accessToken })).status).toBe(404);
  });
});
