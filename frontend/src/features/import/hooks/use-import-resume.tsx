import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { IMPORT_CLIENT_TIMEOUT_MS, importResultSchema } from '#shared/imports';
import { isFinished, type Job } from '#shared/jobs';
import { resumeLanguageFor } from '#shared/resume';
import { useNotify } from '../../../components/notices.tsx';
import { meQueryKey } from '../../../lib/get-me.ts';
import { FollowJob } from '../../../lib/jobs/follow-job.tsx';
import { track } from '../../analytics/index.ts';
import { resumeKeys } from '../../resumes/index.ts';
import { createImportUpload, sendImportFile, UploadError } from '../api/create-upload.ts';
import { type ChosenFile, checkImportFile, type FileCheck } from '../lib/check-file.ts';
import type { ImportFailure } from '../lib/failure.ts';
import { currentStep, type ImportStep } from '../lib/steps.ts';

/** A file refused before anything was sent, with its name and size for the message. */
export type Refusal = Exclude<FileCheck, { ok: true }> & { name: string; size: number };

export type ImportState =
  | { phase: 'idle'; refusal: Refusal | null }
  /** Asking for the upload form (progress 0), then sending the bytes. */
  | { phase: 'uploading'; file: ChosenFile; progress: number }
  | { phase: 'processing'; file: ChosenFile; jobId: string; step: ImportStep }
  /** The editor is opening. */
  | { phase: 'succeeded'; file: ChosenFile }
  | { phase: 'failed'; file: ChosenFile; failure: ImportFailure };

const isBusy = (state: ImportState) =>
  state.phase === 'uploading' || state.phase === 'processing' || state.phase === 'succeeded';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Import one file: check it in the browser, ask `POST /api/uploads` for a form and a job, send the bytes
 * to S3 with progress, follow the `import` job, and open the new resume in the editor with a toast. Every
 * failure ends in the `failed` state with its cause; a job still unfinished after IMPORT_CLIENT_TIMEOUT_MS
 * fails too, so the page never waits for ever. Render `elements` somewhere: they follow the job.
 */
export function useImportResume() {
  const { i18n, t } = useTranslation();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [state, setStateValue] = useState<ImportState>({ phase: 'idle', refusal: null });
  // Callbacks that outlive a render (a progress event, an awaited request) read the latest state.
  const current = useRef(state);
  const setState = useCallback((next: ImportState) => {
    current.current = next;
    setStateValue(next);
  }, []);
  const aborter = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      aborter.current?.abort();
    },
    [],
  );

  const fail = useCallback(
    (file: ChosenFile, failure: ImportFailure) => {
      track('resume_upload_failed', { reason: failure.kind });
      setState({ phase: 'failed', file, failure });
    },
    [setState],
  );

  const choose = useCallback(
    async (chosen: File) => {
      if (isBusy(current.current)) return;
      const check = checkImportFile(chosen);
      if (!check.ok) {
        setState({ phase: 'idle', refusal: { ...check, name: chosen.name, size: chosen.size } });
        return;
      }
      const { file, contentType } = check;
      track('resume_upload_started', { contentType });
      const controller = new AbortController();
      aborter.current?.abort();
      aborter.current = controller;
      setState({ phase: 'uploading', file, progress: 0 });

      let upload: Awaited<ReturnType<typeof createImportUpload>>;
      try {
        upload = await createImportUpload(
          {
            contentType,
            size: file.size,
            language: resumeLanguageFor(i18n.language),
            // Only the name (no path), cut to the limit: the resume is named after it.
            fileName: chosen.name.slice(0, 255),
          },
          controller.signal,
        );
      } catch (error) {
        if (!controller.signal.aborted) fail(file, { kind: 'request', error });
        return;
      }
      try {
        await sendImportFile(upload, chosen, {
          signal: controller.signal,
          onProgress: (fraction) => {
            const now = current.current;
            const progress = Math.round(fraction * 100);
            if (now.phase === 'uploading' && now.progress !== progress) setState({ ...now, progress });
          },
        });
      } catch (error) {
        if (controller.signal.aborted || isAbort(error)) return;
        fail(file, { kind: 'upload', refusal: error instanceof UploadError ? error.refusal : 'network' });
        return;
      }
      setState({ phase: 'processing', file, jobId: upload.jobId, step: currentStep(undefined, true) });
    },
    [fail, i18n, setState],
  );

  const onJob = useCallback(
    (job: Job) => {
      const now = current.current;
      if (now.phase !== 'processing' || now.jobId !== job.id) return;
      if (!isFinished(job.status)) {
        const step = currentStep(job, true);
        if (step !== now.step) setState({ ...now, step });
        return;
      }
      if (job.status === 'failed') return fail(now.file, { kind: 'job', code: job.errorCode });
      const result = importResultSchema.safeParse(job.result);
      if (!result.success) return fail(now.file, { kind: 'job', code: undefined });
      setState({ phase: 'succeeded', file: now.file });
      track('resume_upload_completed', { kind: result.data.kind });
      void queryClient.invalidateQueries({ queryKey: resumeKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      notify({
        title:
          result.data.kind === 'linkedin-zip' ? t('import.success.linkedin') : t('import.success.resume'),
        description:
          result.data.uncertain.length > 0 || result.data.ocr ? t('import.success.review') : undefined,
      });
      // Replace: Back from the editor returns to where the user came from, not to a finished upload.
      navigate(`/builder?id=${encodeURIComponent(result.data.resumeId)}`, { replace: true });
    },
    [fail, navigate, notify, queryClient, setState, t],
  );

  const onLost = useCallback(
    (error: unknown) => {
      const now = current.current;
      if (now.phase === 'processing') fail(now.file, { kind: 'request', error });
    },
    [fail],
  );

  // A job that never ends (no worker, a lost message) must not leave the page waiting for ever.
  const waitingFor = state.phase === 'processing' ? state.jobId : null;
  useEffect(() => {
    if (!waitingFor) return;
    const timer = setTimeout(() => {
      const now = current.current;
      if (now.phase === 'processing' && now.jobId === waitingFor) fail(now.file, { kind: 'timeout' });
    }, IMPORT_CLIENT_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [waitingFor, fail]);

  const reset = useCallback(() => {
    if (!isBusy(current.current)) setState({ phase: 'idle', refusal: null });
  }, [setState]);

  const elements: ReactNode = waitingFor ? (
    <FollowJob key={waitingFor} jobId={waitingFor} onJob={onJob} onLost={onLost} />
  ) : null;

  return {
    state,
    /** Uploading, processing, or opening the editor: another file is ignored meanwhile. */
    busy: isBusy(state),
    choose: (file: File) => void choose(file),
    /** Back to the drop zone after a failure or a refusal. */
    reset,
    elements,
  };
}
