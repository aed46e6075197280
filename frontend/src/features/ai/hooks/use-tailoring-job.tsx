import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import {
  type TailoringRequirement,
  type TailoringResult,
  tailoringRequirements,
  tailoringResultSchema,
} from '#shared/ai';
import { isFinished, type Job } from '#shared/jobs';
import { ApiError } from '../../../lib/api-client.ts';
import { FollowJob } from '../../../lib/jobs/follow-job.tsx';
import { startTailoring } from '../api/start-tailoring.ts';
import { currentStep, type TailoringStep } from '../lib/steps.ts';

/** The spec says tailoring takes about 30-60 s; past this the page stops waiting and says so. */
export const TAILORING_CLIENT_TIMEOUT_MS = 180_000;

/** Why a tailoring run did not reach the review. */
export type TailoringFailure =
  /** POST /api/tailoring refused (rate limit, the network, a server error). */
  | { kind: 'request'; error: unknown }
  /** The resume lacks parts tailoring needs (400 RESUME_INCOMPLETE, or found before asking). */
  | { kind: 'incomplete'; problems: TailoringRequirement[] }
  /** The job failed with this code, or finished with something that is not a tailoring result. */
  | { kind: 'job'; code: string | undefined }
  | { kind: 'timeout' };

export type TailoringJobState =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'processing'; jobId: string; step: TailoringStep }
  | { phase: 'succeeded'; jobId: string; result: TailoringResult }
  | { phase: 'failed'; failure: TailoringFailure };

const isRequirement = (path: unknown): path is TailoringRequirement =>
  (tailoringRequirements as readonly unknown[]).includes(path);

/** The missing parts a RESUME_INCOMPLETE error lists (every one of them when it lists none we know). */
export function problemsOf(error: ApiError): TailoringRequirement[] {
  const named = [...new Set(error.issues.map((issue) => issue.path).filter(isRequirement))];
  return named.length > 0
    ? tailoringRequirements.filter((r) => named.includes(r))
    : [...tailoringRequirements];
}

/**
 * One tailoring run: `POST /api/tailoring`, then the job followed over the WebSocket (polling without it)
 * step by step, to its result or its failure. A job still unfinished after TAILORING_CLIENT_TIMEOUT_MS
 * fails, so the page never waits for ever. Render `elements` somewhere: they follow the job.
 */
export function useTailoringJob() {
  const [state, setStateValue] = useState<TailoringJobState>({ phase: 'idle' });
  const current = useRef(state);
  const setState = useCallback((next: TailoringJobState) => {
    current.current = next;
    setStateValue(next);
  }, []);

  const start = useCallback(
    async (resumeId: string, jobDescription: string) => {
      // Read through a function: the phase changes while the request is out, which narrowing cannot see.
      const phase = () => current.current.phase;
      if (phase() === 'starting' || phase() === 'processing') return;
      setState({ phase: 'starting' });
      try {
        const jobId = await startTailoring({ resumeId, jobDescription: jobDescription.trim() });
        if (phase() !== 'starting') return;
        setState({ phase: 'processing', jobId, step: currentStep(undefined) });
      } catch (error) {
        if (phase() !== 'starting') return;
        if (error instanceof ApiError && error.code === 'RESUME_INCOMPLETE') {
          setState({ phase: 'failed', failure: { kind: 'incomplete', problems: problemsOf(error) } });
        } else {
          setState({ phase: 'failed', failure: { kind: 'request', error } });
        }
      }
    },
    [setState],
  );

  const onJob = useCallback(
    (job: Job) => {
      const now = current.current;
      if (now.phase !== 'processing' || now.jobId !== job.id) return;
      if (!isFinished(job.status)) {
        const step = currentStep(job);
        if (step !== now.step) setState({ ...now, step });
        return;
      }
      if (job.status === 'failed') {
        if (job.errorCode === 'RESUME_INCOMPLETE') {
          setState({
            phase: 'failed',
            failure: { kind: 'incomplete', problems: [...tailoringRequirements] },
          });
        } else setState({ phase: 'failed', failure: { kind: 'job', code: job.errorCode } });
        return;
      }
      const result = tailoringResultSchema.safeParse(job.result);
      if (!result.success) return setState({ phase: 'failed', failure: { kind: 'job', code: undefined } });
      setState({ phase: 'succeeded', jobId: job.id, result: result.data });
    },
    [setState],
  );

  const onLost = useCallback(
    (error: unknown) => {
      if (current.current.phase === 'processing')
        setState({ phase: 'failed', failure: { kind: 'request', error } });
    },
    [setState],
  );

  const waitingFor = state.phase === 'processing' ? state.jobId : null;
  useEffect(() => {
    if (!waitingFor) return;
    const timer = setTimeout(() => {
      const now = current.current;
      if (now.phase === 'processing' && now.jobId === waitingFor) {
        setState({ phase: 'failed', failure: { kind: 'timeout' } });
      }
    }, TAILORING_CLIENT_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [waitingFor, setState]);

  const reset = useCallback(() => setState({ phase: 'idle' }), [setState]);
  /** Follow a job started earlier (the page was reloaded while it ran, or after it ended). */
  const follow = useCallback(
    (jobId: string) => setState({ phase: 'processing', jobId, step: currentStep(undefined) }),
    [setState],
  );
  /** A problem found in the browser before anything was sent. */
  const refuse = useCallback(
    (problems: TailoringRequirement[]) =>
      setState({ phase: 'failed', failure: { kind: 'incomplete', problems } }),
    [setState],
  );

  const elements: ReactNode = waitingFor ? (
    <FollowJob key={waitingFor} jobId={waitingFor} onJob={onJob} onLost={onLost} />
  ) : null;

  return {
    state,
    start: (resumeId: string, jd: string) => void start(resumeId, jd),
    follow,
    reset,
    refuse,
    elements,
  };
}
