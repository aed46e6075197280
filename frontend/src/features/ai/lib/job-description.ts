import { JOB_DESCRIPTION_MAX_CHARS, JOB_DESCRIPTION_MIN_CHARS } from '#shared/ai';

/**
 * Where a job description stands against the limits the API checks (on the trimmed text). The spec shows
 * how many more characters are needed, never the minimum itself.
 */
export type JobDescriptionStatus =
  | { kind: 'short'; missing: number }
  | { kind: 'ok' }
  | { kind: 'long'; over: number };

export function jobDescriptionStatus(text: string): JobDescriptionStatus {
  const length = text.trim().length;
  if (length < JOB_DESCRIPTION_MIN_CHARS)
    return { kind: 'short', missing: JOB_DESCRIPTION_MIN_CHARS - length };
  if (length > JOB_DESCRIPTION_MAX_CHARS) return { kind: 'long', over: length - JOB_DESCRIPTION_MAX_CHARS };
  return { kind: 'ok' };
}
