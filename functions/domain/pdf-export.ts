import { createHash } from 'node:crypto';
import { z } from 'zod';
import { requireEnv } from '#functions/contract';
import { PDF_LINK_TTL_SECONDS, type PdfJobResult, pdfFileName } from '#shared/pdf';
import type { Resume } from '#shared/resume';
import { templateById } from '#shared/templates/registry';
import { closeBrowser } from '../adapters/chromium.ts';
import { headObject, presignDownload, putObject, userPrefix } from '../adapters/s3.ts';
import { AppError } from '../lib/app-error.ts';
import { attachment } from '../lib/http.ts';
import { JobError, jobMessageSchema } from '../lib/job-message.ts';
import { logger } from '../lib/logger.ts';
import { startStep } from './jobs.ts';
import { RenderFailure, type RenderHooks, renderPdf } from './pdf-render.ts';
import { readPhoto } from './photos.ts';
import { getResume } from './resumes.ts';

/** The pdf-render queue's message: the job, its owner and the resume to print. */
export const pdfMessageSchema = jobMessageSchema.extend({ resumeId: z.string().min(1).max(64) });
export type PdfMessage = z.infer<typeof pdfMessageSchema>;

/**
 * Bumped whenever the printed output of an unchanged resume changes (templates, fonts, renderer), so a
 * stored PDF from before is not served again.
 */
export const RENDERER_VERSION = 1;

/**
 * Where the PDF of this exact resume lives in the exports bucket: under the owner's prefix (emptied with the
 * account, expired by the bucket's lifecycle), named by the revision and a hash of everything that is
 * printed. Same revision, template and options: same key, so the stored file is served again.
 */
export function pdfKey(sub: string, resume: Resume): string {
  const { id, profileId: _profileId, updatedAt: _updatedAt, ...printed } = resume;
  const hash = createHash('sha256')
    .update(JSON.stringify({ v: RENDERER_VERSION, printed }))
    .digest('hex')
    .slice(0, 32);
  return `${userPrefix(sub)}pdf/${id}/${resume.revision}-${hash}.pdf`;
}

/** The photo as a data: URL when the template prints one; a photo that cannot be read is left out. */
async function photoDataUrl(sub: string, resume: Resume): Promise<string | undefined> {
  const photoId = resume.personalInfo.photo;
  if (!photoId || !resume.settings.showPhoto || !templateById(resume.template).photoSlot) return undefined;
  try {
    const photo = await readPhoto(sub, photoId);
    return `data:${photo.contentType};base64,${Buffer.from(photo.bytes).toString('base64')}`;
  } catch (error) {
    if (error instanceof AppError && error.code === 'NOT_FOUND') {
      logger.warn('resume photo not found; printed without it', { resumeId: resume.id });
      return undefined;
    }
    throw error;
  }
}

/** Pages of a stored PDF, or null when there is none. */
async function storedPages(bucket: string, key: string): Promise<{ pages: number; bytes: number } | null> {
  const head = await headObject(bucket, key);
  if (!head) return null;
  const pages = Number(head.metadata.pages);
  const bytes = head.size;
  return Number.isInteger(pages) && pages > 0 && bytes > 0 ? { pages, bytes } : null;
}

export interface ExportOptions {
  /** Test seams, passed to the renderer. */
  hooks?: RenderHooks;
  timeoutMs?: number;
  now?: () => Date;
}

/** Render, and when Chromium crashed or hung, once more in a fresh browser before giving up. */
async function renderWithRetry(input: Parameters<typeof renderPdf>[0], options: ExportOptions) {
  const renderOptions = {
    ...(options.hooks ? { hooks: options.hooks } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  };
  try {
    return await renderPdf(input, renderOptions);
  } catch (error) {
    if (!(error instanceof RenderFailure)) throw error;
    logger.warn('render failed; retrying in a fresh browser', { code: error.code, error });
    await closeBrowser();
    return renderPdf(input, renderOptions);
  }
}

/**
 * The pdf-render job's work: the resume as it is now, rendered (or the stored file when nothing printed
 * changed), stored in the exports bucket, and a short-lived attachment link as the job's result.
 */
export async function exportPdf(message: PdfMessage, options: ExportOptions = {}): Promise<PdfJobResult> {
  const { sub, jobId, resumeId } = message;
  const now = options.now ?? (() => new Date());
  await startStep(sub, jobId, 'rendering');
  let resume: Resume;
  try {
    resume = await getResume(sub, resumeId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'RESUME_NOT_FOUND') {
      throw new JobError('RESUME_NOT_FOUND', 'The resume is gone.', { permanent: true });
    }
    throw error;
  }
  const bucket = requireEnv('exportsBucket');
  const key = pdfKey(sub, resume);
  const fileName = pdfFileName({ ...resume.personalInfo, title: resume.title });
  let stored = await storedPages(bucket, key);
  const cached = stored !== null;
  if (!stored) {
    const name = `${resume.personalInfo.firstName} ${resume.personalInfo.lastName}`.trim();
    let rendered: Awaited<ReturnType<typeof renderPdf>>;
    try {
      rendered = await renderWithRetry(
        {
          resume,
          photoSrc: await photoDataUrl(sub, resume),
          title: name ? `${name} - ${resume.title}` : resume.title,
        },
        options,
      );
    } catch (error) {
      if (error instanceof RenderFailure) throw new JobError(error.code, error.message, { cause: error });
      throw error;
    }
    if (rendered.blockedRequests.length > 0) {
      logger.warn('the page tried to make requests; all were refused', {
        resumeId,
        count: rendered.blockedRequests.length,
      });
    }
    logger.info('pdf rendered', { resumeId, pages: rendered.pages, ...rendered.timings });
    await startStep(sub, jobId, 'storing');
    await putObject({
      bucket,
      key,
      body: rendered.bytes,
      contentType: 'application/pdf',
      metadata: { pages: String(rendered.pages) },
    });
    stored = { pages: rendered.pages, bytes: rendered.bytes.byteLength };
  }
  const url = await presignDownload({
    bucket,
    key,
    contentDisposition: attachment(fileName.replace(/\.pdf$/, ''), 'pdf'),
    contentType: 'application/pdf',
    expiresSeconds: PDF_LINK_TTL_SECONDS,
  });
  return {
    url,
    fileName,
    expiresAt: new Date(now().getTime() + PDF_LINK_TTL_SECONDS * 1000).toISOString(),
    pages: stored.pages,
    bytes: stored.bytes,
    cached,
    revision: resume.revision,
  };
}
