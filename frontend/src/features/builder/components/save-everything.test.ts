import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { type ResumeContent, resumeContentSchema } from '#shared/resume';
import { ApiError } from '../../../lib/api-client.ts';
import { documentStore, resetDocument } from '../store/document-store.ts';
import { createSyncEngine, type SyncApi, type SyncEngine } from '../store/sync-engine.ts';
import { saveEverything } from './save-everything.ts';

const base = (): ResumeContent =>
  resumeContentSchema.parse({ title: 'CV', personalInfo: { firstName: 'Ana' } });
const saved = { revision: 4, updatedAt: '2026-11-23T10:00:00.000Z' };

/** Updates wait until the test answers them, so what is in flight can be seen. */
let updates: { title?: string; settle: (error?: unknown) => void }[];
let engine: SyncEngine;

const api: SyncApi = {
  create: () => Promise.reject(new Error('not used')),
  update: (_id, patch) =>
    new Promise((resolve, reject) => {
      updates.push({
        title: patch.title,
        settle: (error) => (error ? reject(error) : resolve(saved)),
      });
    }),
  get: () => Promise.reject(new Error('not used')),
};

const type = (title: string) => documentStore.getState().change({ title }, { coalesce: 'title' });
const flushPromises = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};
/** Whether a promise has settled yet, and how. */
function track(promise: Promise<void>) {
  const state = { done: false, error: undefined as unknown };
  promise.then(
    () => {
      state.done = true;
    },
    (error) => {
      state.done = true;
      state.error = error;
    },
  );
  return state;
}

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  updates = [];
  const doc = base();
  resetDocument(doc);
  engine = createSyncEngine(api, { online: () => true });
  engine.start({ resumeId: 'r1', baseRevision: 3, saved: doc });
});

afterEach(() => {
  engine.stop();
  jest.useRealTimers();
});

describe('saveEverything (before a PDF is requested)', () => {
  it('saves an edit at once, without the autosave debounce, and settles only when the server has it', async () => {
    type('CV for Acme');

    const result = track(saveEverything(engine));
    expect(updates.map((u) => u.title)).toEqual(['CV for Acme']);
    await flushPromises();
    expect(result.done).toBe(false);

    updates[0]?.settle();
    await flushPromises();
    expect(result).toEqual({ done: true, error: undefined });
  });

  it('waits for an edit made while a save was in flight to be saved too', async () => {
    type('CV 1');
    void engine.flush();
    type('CV 2');

    const result = track(saveEverything(engine));
    updates[0]?.settle();
    await flushPromises();
    expect(result.done).toBe(false);
    expect(updates.map((u) => u.title)).toEqual(['CV 1', 'CV 2']);

    updates[1]?.settle();
    await flushPromises();
    expect(result).toEqual({ done: true, error: undefined });
  });

  it('settles at once with nothing to save', async () => {
    const result = track(saveEverything(engine));
    await flushPromises();
    expect(result).toEqual({ done: true, error: undefined });
    expect(updates).toEqual([]);
  });

  it('rejects when the save fails, so nothing is requested', async () => {
    type('CV for Acme');
    const result = track(saveEverything(engine));
    updates[0]?.settle(new ApiError({ code: 'NETWORK_ERROR', status: 0 }));
    await flushPromises();
    expect(result.done).toBe(true);
    expect(result.error).toEqual(expect.any(Error));
  });
});
