import { type Job, jobSteps } from '#shared/jobs';
import { type JobStepStatus, jobStepStatuses } from '../../../components/job-step-status.ts';

/** The four steps a tailoring job passes (shared/jobs.ts), in order. */
export const tailoringSteps = jobSteps.tailoring;
export type TailoringStep = (typeof tailoringSteps)[number];

/** The step a tailoring job is at: the latest one it reported (the first one before any report). */
export function currentStep(job: Pick<Job, 'steps'> | undefined): TailoringStep {
  const reported = job?.steps.reduce(
    (latest, entry) => Math.max(latest, (tailoringSteps as readonly string[]).indexOf(entry.name)),
    -1,
  );
  return tailoringSteps[Math.max(0, reported ?? -1)] ?? 'parsing job description';
}

/** Every step's status when `active` is the one under way (all done once the job succeeded). */
export function stepStatuses(active: TailoringStep, finished = false): Record<TailoringStep, JobStepStatus> {
  return jobStepStatuses(tailoringSteps, active, finished);
}
