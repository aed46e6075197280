import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { jobEventSchema } from '#shared/job-events';
import { isFinished, type Job } from '#shared/jobs';
import { useConfig } from '../../config/config-context.tsx';
import { type SocketClient, sharedSocketClient } from '../socket-client.ts';
import { getJobQueryOptions } from './get-job.ts';
import { jobKeys } from './keys.ts';

/** How often the job is read while no socket can push it. */
export const JOB_POLL_MS = 2_000;

/**
 * How often the job is read while the socket is open anyway: a push can be lost (the connection is
 * replaced on the server, a post to it fails), and nothing else would tell the page the job ended.
 */
export const JOB_SAFETY_POLL_MS = 15_000;

/**
 * How long after the page starts following a job the open socket's safety reads go on: longer than any
 * page waits for its job (tailoring gives up after 3 minutes), so a follower left mounted does not read
 * for ever.
 */
export const JOB_SAFETY_POLL_FOR_MS = 300_000;

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
 * The job as it progresses: pushed over the WebSocket while one is open (and read every 15 s for the first
 * 5 minutes, in case a push is lost), read every 2 s while it is not, read once more whenever the socket
 * opens, and left alone once finished (the socket is released then too).
 */
export function useJob(jobId: string, options: { socket?: SocketClient } = {}) {
  const { wsUrl } = useConfig();
  const socket = options.socket ?? sharedSocketClient(wsUrl);
  const queryClient = useQueryClient();
  const [followingSince] = useState(Date.now);
  const open = useSyncExternalStore(
    socket.onStatus,
    () => socket.status() === 'open',
    () => false,
  );

  const query = useQuery({
    ...getJobQueryOptions(jobId),
    // A read that left before a push can land after it: every new copy, fetched or pushed, goes through this.
    structuralSharing: (cached, incoming) => laterJob(cached as Job | undefined, incoming as Job),
    refetchInterval: (q) => {
      if (q.state.data && isFinished(q.state.data.status)) return false;
      if (!open) return JOB_POLL_MS;
      return Date.now() - followingSince < JOB_SAFETY_POLL_FOR_MS ? JOB_SAFETY_POLL_MS : false;
    },
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

  // A change pushed before the socket was subscribed (while it connected or reconnected) is lost, so the job
  // is read once when it opens. That read must leave after the opening: a read still out (the page's first)
  // may have seen the job before it ended, and a refetch would only wait for it, so it is cancelled first.
  const wasOpen = useRef(open);
  useEffect(() => {
    const opened = open && !wasOpen.current;
    wasOpen.current = open;
    if (!opened || finished) return;
    const filters = { queryKey: jobKeys.detail(jobId), exact: true, type: 'active' } as const;
    let left = false;
    void queryClient.cancelQueries(filters).then(() => {
      if (!left) void queryClient.refetchQueries(filters);
    });
    return () => {
      left = true;
    };
  }, [open, finished, jobId, queryClient]);

  return query;
}
