import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Job } from '#shared/jobs';
import type { PdfJobResult } from '#shared/pdf';
import { pdfErrorCodes } from '#shared/pdf-codes';
import { hasPaidAccess } from '#shared/plans';
import { useNotify } from '../../../components/notices.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { meQueryKey, useMe } from '../../../lib/get-me.ts';
import { track } from '../../analytics/index.ts';
import { requestPdf } from '../api/request-pdf.ts';
import { PdfUpgradeDialog } from '../components/pdf-upgrade-dialog.tsx';
import { startDownload } from '../lib/start-download.ts';

/** How long the browser follows a job before it gives up (the worker's own limit is shorter). */
export const PDF_WAIT_MS = 120_000;

type PdfJobModule = typeof import('../lib/pdf-job.ts');
let pdfJob: PdfJobModule | undefined;

/** The job's follower and the finished job's schema, loaded with the first request (lib/pdf-job.ts). */
async function loadPdfJob(): Promise<PdfJobModule> {
  pdfJob ??= await import('../lib/pdf-job.ts');
  return pdfJob;
}

export type PdfStep = 'rendering' | 'storing';

export type PdfDownloadState =
  | { phase: 'idle' }
  /** Unsaved edits are being saved first, so the file shows what the preview shows. */
  | { phase: 'saving' }
  | { phase: 'requesting' }
  | { phase: 'rendering'; jobId: string; step: PdfStep | null }
  | { phase: 'downloaded'; result: PdfJobResult }
  | { phase: 'failed' };

/** Why a download failed, for the toast's description. */
type Failure =
  | { kind: 'save' }
  | { kind: 'request'; error: unknown }
  | { kind: 'job'; code: string | undefined }
  | { kind: 'timeout' };

export interface DownloadPdfOptions {
  /**
   * Runs before the request: the builder saves pending edits here. A throw (the save failed) stops the
   * download before anything is asked of the server.
   */
  prepare?: () => Promise<void>;
}

const isBusy = (state: PdfDownloadState) =>
  state.phase === 'saving' || state.phase === 'requesting' || state.phase === 'rendering';

/** The sentence announced for a state (empty when there is nothing to say). */
export function pdfProgressText(t: TFunction, state: PdfDownloadState): string {
  switch (state.phase) {
    case 'saving':
      return t('pdf.progress.saving');
    case 'requesting':
      return t('pdf.progress.requesting');
    case 'rendering':
      return state.step === 'storing' ? t('pdf.progress.storing') : t('pdf.progress.rendering');
    case 'downloaded':
      return t('pdf.progress.downloaded');
    case 'failed':
      return t('pdf.progress.failed');
    default:
      return '';
  }
}

function failureText(t: TFunction, failure: Failure): string {
  switch (failure.kind) {
    case 'save':
      return t('pdf.reasons.notSaved');
    case 'timeout':
      return t('pdf.reasons.tooSlow');
    case 'request':
      return failure.error instanceof ApiError ? errorMessage(t, failure.error) : t('pdf.reasons.generic');
    case 'job':
      return (pdfErrorCodes as readonly (string | undefined)[]).includes(failure.code)
        ? t(`pdf.reasons.${failure.code as (typeof pdfErrorCodes)[number]}`)
        : t('pdf.reasons.generic');
  }
}

function lastStep(job: Job): PdfStep | null {
  const name = job.steps.at(-1)?.name;
  return name === 'rendering' || name === 'storing' ? name : null;
}

/**
 * PDF export from the browser: save first (optional), ask the API for a `pdf-render` job, follow it, and
 * start the download as soon as it succeeds. Any failure shows 'Failed to generate download' with a Retry;
 * a Free user gets the upgrade prompt instead, without a request when the plan is already known.
 * Render `elements` somewhere: they follow the job and hold the upgrade prompt.
 */
export function useDownloadPdf(resumeId: string | null, options: DownloadPdfOptions = {}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const me = useMe();
  // Unknown while /me loads: the server's answer decides then.
  const locked = me.data ? !hasPaidAccess(me.data.subscription, me.data.role) : false;
  const [state, setStateValue] = useState<PdfDownloadState>({ phase: 'idle' });
  const [upgradeOpen, setUpgradeOpen] = useState(false);

  // Callbacks that outlive a render (the toast's Retry, a save that is awaited) read the latest values.
  const current = useRef({ state, resumeId, locked, prepare: options.prepare });
  current.current.resumeId = resumeId;
  current.current.locked = locked;
  current.current.prepare = options.prepare;
  const setState = useCallback((next: PdfDownloadState) => {
    current.current.state = next;
    setStateValue(next);
  }, []);
  const startRef = useRef<() => Promise<void>>(async () => {});

  const fail = useCallback(
    (failure: Failure) => {
      setState({ phase: 'failed' });
      notify({
        title: t('pdf.failed'),
        description: failureText(t, failure),
        variant: 'destructive',
        action: { label: t('pdf.retry'), onClick: () => void startRef.current() },
      });
    },
    [notify, setState, t],
  );

  const start = useCallback(async () => {
    const { resumeId: id, locked: isLocked, prepare, state: now } = current.current;
    if (!id || isBusy(now)) return;
    if (isLocked) {
      setUpgradeOpen(true);
      return;
    }
    if (prepare) {
      setState({ phase: 'saving' });
      try {
        await prepare();
      } catch {
        fail({ kind: 'save' });
        return;
      }
    }
    setState({ phase: 'requesting' });
    try {
      const [jobId] = await Promise.all([requestPdf(id), loadPdfJob()]);
      setState({ phase: 'rendering', jobId, step: null });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'PRO_REQUIRED') {
        setState({ phase: 'idle' });
        setUpgradeOpen(true);
        // The plan we had cached was out of date.
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
        return;
      }
      fail({ kind: 'request', error });
    }
  }, [fail, queryClient, setState]);
  startRef.current = start;

  const onJob = useCallback(
    (job: Job) => {
      const now = current.current.state;
      if (now.phase !== 'rendering' || now.jobId !== job.id || !pdfJob) return;
      const { isFinished, pdfJobResultSchema } = pdfJob;
      if (!isFinished(job.status)) {
        const step = lastStep(job);
        if (step !== now.step) setState({ ...now, step });
        return;
      }
      if (job.status === 'failed') {
        fail({ kind: 'job', code: job.errorCode });
        return;
      }
      const result = pdfJobResultSchema.safeParse(job.result);
      if (!result.success) {
        fail({ kind: 'job', code: undefined });
        return;
      }
      startDownload(result.data.url, result.data.fileName);
      track('resume_downloaded', { format: 'pdf' });
      setState({ phase: 'downloaded', result: result.data });
    },
    [fail, setState],
  );

  const onLost = useCallback(
    (error: unknown) => {
      if (current.current.state.phase === 'rendering') fail({ kind: 'request', error });
    },
    [fail],
  );

  // A job that never ends (no worker, a lost message) must not leave the button busy for ever.
  const waitingFor = state.phase === 'rendering' ? state.jobId : null;
  useEffect(() => {
    if (!waitingFor) return;
    const timer = setTimeout(() => {
      const now = current.current.state;
      if (now.phase === 'rendering' && now.jobId === waitingFor) fail({ kind: 'timeout' });
    }, PDF_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waitingFor, fail]);

  // Loaded by then: the state is 'rendering' only once the request and the follower's module are both in.
  const FollowJob = pdfJob?.FollowJob;
  const elements: ReactNode = (
    <>
      {waitingFor && FollowJob ? (
        <FollowJob key={waitingFor} jobId={waitingFor} onJob={onJob} onLost={onLost} />
      ) : null}
      <PdfUpgradeDialog open={upgradeOpen} onClose={() => setUpgradeOpen(false)} />
    </>
  );

  return {
    state,
    /** Saving, requesting or rendering: another press does nothing. */
    busy: isBusy(state),
    /** The client already knows the plan has no PDF download. */
    locked,
    /** The announced progress sentence. */
    progress: pdfProgressText(t, state),
    start: () => void start(),
    elements,
  };
}
