/**
 * What following a PDF job takes: the job's follower (with its WebSocket events' schema) and the schema of a
 * finished job's file. Loaded with the first PDF request (hooks/use-download-pdf.tsx): the editor's first
 * render does without them, and so without zod.
 */
export { isFinished } from '#shared/jobs';
export { pdfJobResultSchema } from '#shared/pdf';
export { FollowJob } from '../../../lib/jobs/follow-job.tsx';
