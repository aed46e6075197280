import type { Job } from '#shared/jobs';
import { jobSteps } from '#shared/jobs';
import { type JobStepStatus, jobStepStatuses } from '../../../components/job-step-status.ts';

/** The four steps the page shows, in the order an import passes them (shared/jobs.ts). */
export const importSteps = jobSteps.import;
export type ImportStep = (typeof importSteps)[number];

/**
 * The step an import is at. Once the file has left the browser, 'uploading' is over even while the worker
 * has not reported anything yet; a job never goes back, so the later of the two is kept.
 */
export function currentStep(job: Pick<Job, 'steps'> | undefined, uploaded: boolean): ImportStep {
  const floor = uploaded ? 1 : 0;
  const reported = job?.steps.reduce(
    (latest, entry) => Math.max(latest, (importSteps as readonly string[]).indexOf(entry.name)),
    -1,
  );
  return importSteps[Math.max(floor, reported ?? -1)] ?? 'uploading';
}

/** Every step's status when `active` is the one under way (all done once the import succeeded). */
export function stepStatuses(active: ImportStep, finished = false): Record<ImportStep, JobStepStatus> {
  return jobStepStatuses(importSteps, active, finished);
}
