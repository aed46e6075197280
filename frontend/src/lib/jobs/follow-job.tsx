import { useEffect } from 'react';
import type { Job } from '#shared/jobs';
import { useJob } from './use-job.ts';

/**
 * Follows one job and reports every copy of it, and a read that failed for good. Rendered by the hooks
 * that start a job (import, tailoring, PDF), keyed by the job id so a new job starts a fresh follower.
 */
export function FollowJob({
  jobId,
  onJob,
  onLost,
}: {
  jobId: string;
  onJob: (job: Job) => void;
  onLost: (error: unknown) => void;
}) {
  const job = useJob(jobId);
  useEffect(() => {
    if (job.data) onJob(job.data);
  }, [job.data, onJob]);
  useEffect(() => {
    if (job.status === 'error') onLost(job.error);
  }, [job.status, job.error, onLost]);
  return null;
}
