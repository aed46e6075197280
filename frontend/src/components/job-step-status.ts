/** Where a background job's step stands (components/job-steps.tsx shows them). */
export type JobStepStatus = 'done' | 'active' | 'pending';

/** Every step's status when `active` is the one under way (all done once the job has finished). */
export function jobStepStatuses<Step extends string>(
  steps: readonly Step[],
  active: Step,
  finished = false,
): Record<Step, JobStepStatus> {
  const at = steps.indexOf(active);
  return Object.fromEntries(
    steps.map((step, index) => [step, finished || index < at ? 'done' : index === at ? 'active' : 'pending']),
  ) as Record<Step, JobStepStatus>;
}
