import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { jobEventSchema } from '#shared/job-events';
import { isFinished, type Job } from '#shared/jobs';
import { useConfig } from '../../../config/config-context.tsx';
import { type SocketClient, sharedSocketClient } from '../../../lib/socket-client.ts';
import { getJobQueryOptions } from '../api/get-job.ts';
import { jobKeys } from '../api/keys.ts';

/** How often the job is read while no socket can push it. */
export const JOB_POLL_MS = 2_000;

/**
 * Which of two copies of a job to keep: pushes and polls can cross, so an older copy never replaces a newer
 * one, and a finished job is never replaced at all.
 */
export function laterJob(cached: Job | undefined, incoming: Job): Job {
  if (!cached) return incoming;
  if (isFinished(cached.status)) return cached;
  if (incoming.updatedAt !== cached.updatedAt)
    return incoming.updatedAt > cached.updatedAt ? incoming : cached;
  return incoming.steps.length >= cached.steps.length ? incoming : cached;
}

/**
 * The job as it progresses: pushed over the WebSocket while one is open, read every 2 s while it is not,
 * and left alone once finished (the socket is released then too).
 */
export function useJob(jobId: string, options: { socket?: SocketClient } = {}) {
  const { wsUrl } = useConfig();
  const socket = options.socket ?? sharedSocketClient(wsUrl);
  const queryClient = useQueryClient();
  const open = useSyncExternalStore(
    socket.onStatus,
    () => socket.status() === 'open',
    () => false,
  );

  const query = useQuery({
    ...getJobQueryOptions(jobId),
    // A read that left before a push can land after it: every new copy, fetched or pushed, goes through this.
    structuralSharing: (cached, incoming) => laterJob(cached as Job | undefined, incoming as Job),
    refetchInterval: (q) => (open || (q.state.data && isFinished(q.state.data.status)) ? false : JOB_POLL_MS),
  });
  const finished = query.data !== undefined && isFinished(query.data.status);

  useEffect(() => {
    if (finished) return;
    return socket.subscribe((message) => {
      const event = jobEventSchema.safeParse(message);
      if (!event.success || event.data.job.id !== jobId) return;
      queryClient.setQueryData<Job>(jobKeys.detail(jobId), (cached) => laterJob(cached, event.data.job));
    });
  }, [socket, jobId, finished, queryClient]);

  // A change pushed while the socket was reconnecting is lost, so the job is read once when it opens.
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open && !wasOpen.current && !finished) {
      void queryClient.invalidateQueries({ queryKey: jobKeys.detail(jobId), exact: true });
    }
    wasOpen.current = open;
  }, [open, finished, jobId, queryClient]);

  return query;
}
