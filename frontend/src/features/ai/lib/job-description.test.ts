/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { JOB_DESCRIPTION_MAX_CHARS, JOB_DESCRIPTION_MIN_CHARS } from '#shared/ai';
import { jobDescriptionStatus } from './job-description.ts';

describe('jobDescriptionStatus', () => {
  it('says how many more characters are needed, counting the trimmed text as the API does', () => {
    expect(jobDescriptionStatus('')).toEqual({ kind: 'short', missing: JOB_DESCRIPTION_MIN_CHARS });
    expect(jobDescriptionStatus(`   ${'a'.repeat(10)}   `)).toEqual({
      kind: 'short',
      missing: JOB_DESCRIPTION_MIN_CHARS - 10,
    });
    expect(jobDescriptionStatus('a'.repeat(JOB_DESCRIPTION_MIN_CHARS - 1))).toEqual({
      kind: 'short',
      missing: 1,
    });
  });

  it('is ok from the minimum to the maximum, and says how much to remove past it', () => {
    expect(jobDescriptionStatus('a'.repeat(JOB_DESCRIPTION_MIN_CHARS))).toEqual({ kind: 'ok' });
    expect(jobDescriptionStatus('a'.repeat(JOB_DESCRIPTION_MAX_CHARS))).toEqual({ kind: 'ok' });
    expect(jobDescriptionStatus('a'.repeat(JOB_DESCRIPTION_MAX_CHARS + 3))).toEqual({
      kind: 'long',
      over: 3,
    });
  });
});
