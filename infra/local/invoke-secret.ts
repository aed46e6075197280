import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The local Lambda invoke endpoint runs any manifest function with any event, so it takes the place of IAM:
 * only callers holding this per-start secret (cognito-local's triggers, `npm run invoke`) may use it.
 */
export const INVOKE_SECRET_HEADER = 'x-local-invoke-secret';

/** New in every local-cloud process, so a secret read once is worthless after a restart. */
export const invokeSecret = randomBytes(32).toString('base64url');

/** Where the running cloud leaves the secret for `npm run invoke` (owner-only, beside cognito-local's data). */
export const invokeSecretFile = (dataDir: string): string => join(dataDir, 'cognito', 'invoke-secret');

export function readInvokeSecret(dataDir: string): string | undefined {
  const file = invokeSecretFile(dataDir);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}

/** Whether a request's header carries this process's secret (compared in constant time). */
export function hasInvokeSecret(header: string | string[] | undefined): boolean {
  if (typeof header !== 'string') return false;
  const given = Buffer.from(header);
  const expected = Buffer.from(invokeSecret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
