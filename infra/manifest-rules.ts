import type { FunctionDef, QueueDef } from './app-manifest.ts';

/**
 * AWS refuses an SQS event source mapping whose queue's visibility timeout is shorter than six times the
 * function's timeout (Lambda retries throttled batches within that window), so the deploy would fail late.
 */
export const VISIBILITY_TIMEOUT_FACTOR = 6;

/** One message per consumed queue whose visibility timeout is too short for its consumer; empty when all fit. */
export function visibilityTimeoutProblems(
  queues: readonly QueueDef[],
  functions: Readonly<Record<string, Pick<FunctionDef, 'timeoutSeconds'>>>,
): string[] {
  return queues.flatMap((queue) => {
    if (!queue.consumer) return [];
    const consumer = functions[queue.consumer];
    if (!consumer) return [`${queue.name}: consumer ${queue.consumer} is not a manifest function`];
    const needed = consumer.timeoutSeconds * VISIBILITY_TIMEOUT_FACTOR;
    return queue.visibilityTimeoutSeconds >= needed
      ? []
      : [
          `${queue.name}: visibilityTimeoutSeconds ${queue.visibilityTimeoutSeconds} < ${VISIBILITY_TIMEOUT_FACTOR} × ${queue.consumer}'s timeoutSeconds ${consumer.timeoutSeconds} (${needed})`,
        ];
  });
}
