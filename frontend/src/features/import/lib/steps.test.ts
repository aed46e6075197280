/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import type { JobStepEntry } from '#shared/jobs';
import { currentStep, stepStatuses } from './steps.ts';

const steps = (...names: JobStepEntry['name'][]) => ({
  steps: names.map((name) => ({ name, startedAt: '2026-11-23T10:00:00.000Z' })),
});

describe('currentStep', () => {
  it('is uploading until the file has left the browser', () => {
    expect(currentStep(undefined, false)).toBe('uploading');
  });

  it('is parsing once the file is up, before the worker reports anything', () => {
    expect(currentStep(undefined, true)).toBe('parsing');
    expect(currentStep(steps(), true)).toBe('parsing');
    expect(currentStep(steps('uploading'), true)).toBe('parsing');
  });

  it('follows the latest step the worker reported', () => {
    expect(currentStep(steps('uploading', 'parsing', 'saving'), true)).toBe('saving');
    expect(currentStep(steps('uploading', 'parsing', 'saving', 'finalizing'), true)).toBe('finalizing');
  });
});

describe('stepStatuses', () => {
  it('marks the steps before the active one done and the ones after it pending', () => {
    expect(stepStatuses('saving')).toEqual({
      uploading: 'done',
      parsing: 'done',
      saving: 'active',
      finalizing: 'pending',
    });
    expect(stepStatuses('uploading')).toEqual({
      uploading: 'active',
      parsing: 'pending',
      saving: 'pending',
      finalizing: 'pending',
    });
  });

  it('marks every step done once the import has finished', () => {
    expect(Object.values(stepStatuses('finalizing', true))).toEqual(['done', 'done', 'done', 'done']);
  });
});
