/** Query keys of the job endpoints; pushes over the WebSocket write into these. */
export const jobKeys = {
  all: ['jobs'] as const,
  details: () => [...jobKeys.all, 'detail'] as const,
  detail: (jobId: string) => [...jobKeys.details(), jobId] as const,
};
