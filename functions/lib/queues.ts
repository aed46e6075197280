import { type QueueName, queueUrlEnv } from '#functions/contract';

/**
 * The URL of a job queue this function may send to. The stack (and the local cloud) set it only for the
 * queues in the function's `access.queues`, so a missing grant fails here, naming the fix.
 */
export function queueUrl(name: QueueName): string {
  const variable = queueUrlEnv[name];
  const url = process.env[variable];
  if (!url) {
    throw new Error(
      `${variable} is not set: add '${name}' to this function's access.queues in infra/app-manifest.ts`,
    );
  }
  return url;
}
