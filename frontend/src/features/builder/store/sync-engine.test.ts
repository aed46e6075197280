import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { type Resume, type ResumeContent, resumeContentSchema } from '#shared/resume';
import { documentStore, resetDocument } from './document-store.ts';
import { readDraft } from './drafts.ts';
import { createSyncEngine, type SyncApi, type SyncEngine, syncStore } from './sync-engine.ts';

const base = (): ResumeContent =>
  resumeContentSchema.parse({ title: 'CV', personalInfo: { firstName: 'Ana' } });
const asResume = (doc: ResumeContent, revision: number): Resume => ({
  ...doc,
  id: 'r1',
  profileId: 'u1',
  updatedAt: '2026-11-23T10:00:00.000Z',
  revision,
});

interface Call {
  kind: 'create' | 'update' | 'get';
  patch?: object;
  revision?: number;
}

/** A fake API whose answers the test releases one by one, to observe what is in flight. */
function fakeApi() {
  const calls: Call[] = [];
  const pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
  let serverRevision = 3;
  const wait = <T>() =>
    new Promise<T>((resolve, reject) => pending.push({ resolve: resolve as (v: unknown) => void, reject }));
  const api: SyncApi = {
    create: (doc) => {
      calls.push({ kind: 'create', patch: doc });
      return wait<Resume>();
    },
    update: (_id, patch, revision) => {
      calls.push({ kind: 'update', patch, revision });
      return wait();
    },
    get: () => {
      calls.push({ kind: 'get' });
      return Promise.resolve(asResume({ ...base(), title: 'Theirs' }, serverRevision));
    },
  };
  return {
    api,
    calls,
    async answer(value: unknown) {
      pending.shift()?.resolve(value);
      await flushPromises();
    },
    async fail(error: unknown) {
      pending.shift()?.reject(error);
      await flushPromises();
    },
    setServerRevision(n: number) {
      serverRevision = n;
    },
  };
}

async function flushPromises() {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

const type = (title: string) => documentStore.getState().change({ title }, { coalesce: 'title' });

let engine: SyncEngine;
let online = true;

beforeEach(() => {
  jest.useFakeTimers();
  localStorage.clear();
  online = true;
});

afterEach(() => {
  engine?.stop();
  jest.useRealTimers();
});

function start(fake: ReturnType<typeof fakeApi>, resumeId: string | null = 'r1') {
  const doc = base();
  resetDocument(doc);
  engine = createSyncEngine(fake.api, { online: () => online });
  engine.start({ resumeId, baseRevision: 3, saved: doc });
}

describe('autosave', () => {
  it('debounces typing by 1000 ms into one conditional PATCH of the changed fields', async () => {
    const fake = fakeApi();
    start(fake);

    for (const title of ['C', 'CV ', 'CV 2', 'CV 20', 'CV 2026']) {
      type(title);
      jest.advanceTimersByTime(300);
    }
    expect(fake.calls).toHaveLength(0);
    jest.advanceTimersByTime(1000);
    await fake.answer({ revision: 4, updatedAt: 'now' });

    expect(fake.calls).toEqual([{ kind: 'update', patch: { title: 'CV 2026' }, revision: 3 }]);
    expect(syncStore.getState()).toMatchObject({ status: 'saved', baseRevision: 4, dirty: false });
    expect(await readDraft('r1')).toBeNull();
  });

  it('keeps one request in flight and sends only the latest document after it', async () => {
    const fake = fakeApi();
    start(fake);

    type('first');
    jest.advanceTimersByTime(1000);
    type('second');
    jest.advanceTimersByTime(1000);
    type('third');
    jest.advanceTimersByTime(1000);
    expect(fake.calls).toHaveLength(1);
    await fake.answer({ revision: 4, updatedAt: 'now' });

    expect(fake.calls).toHaveLength(2);
    expect(fake.calls[1]).toEqual({ kind: 'update', patch: { title: 'third' }, revision: 4 });
  });

  it('keeps an edit made during a failed save in a local draft and saves it when the network returns', async () => {
    const fake = fakeApi();
    start(fake);
    online = false;

    type('offline edit');
    jest.advanceTimersByTime(1000);
    await fake.fail({ code: 'NETWORK_ERROR', status: 0 });

    expect(syncStore.getState()).toMatchObject({ status: 'error', retrying: true, dirty: true });
    expect(await readDraft('r1')).toMatchObject({ baseRevision: 3, doc: { title: 'offline edit' } });

    online = true;
    jest.advanceTimersByTime(1000);
    await fake.answer({ revision: 4, updatedAt: 'now' });
    expect(fake.calls.at(-1)).toEqual({ kind: 'update', patch: { title: 'offline edit' }, revision: 3 });
    expect(syncStore.getState().status).toBe('saved');
    expect(await readDraft('r1')).toBeNull();
  });

  it('stops on a revision conflict and lets the user keep their version on top of the other', async () => {
    const fake = fakeApi();
    start(fake);
    fake.setServerRevision(5);

    type('mine');
    jest.advanceTimersByTime(1000);
    await fake.fail({ code: 'REVISION_CONFLICT', status: 412 });

    expect(syncStore.getState().status).toBe('conflict');
    expect(syncStore.getState().conflict?.server.revision).toBe(5);
    type('mine, still typing');
    jest.advanceTimersByTime(5000);
    expect(fake.calls.filter((c) => c.kind === 'update')).toHaveLength(1);

    engine.resolveConflict('mine');
    jest.advanceTimersByTime(0);
    await flushPromises();
    const last = fake.calls.at(-1);
    expect(last).toMatchObject({ kind: 'update', revision: 5 });
    expect(last?.patch).toMatchObject({ title: 'mine, still typing' });
  });

  it('loads the other version on request, as an edit that can be undone', async () => {
    const fake = fakeApi();
    start(fake);

    type('mine');
    jest.advanceTimersByTime(1000);
    await fake.fail({ code: 'REVISION_CONFLICT', status: 412 });
    engine.resolveConflict('theirs');
    jest.advanceTimersByTime(1000);
    await flushPromises();

    expect(documentStore.getState().doc.title).toBe('Theirs');
    expect(syncStore.getState()).toMatchObject({ status: 'saved', baseRevision: 3, conflict: null });
    documentStore.temporal.getState().undo();
    expect(documentStore.getState().doc.title).toBe('mine');
  });

  it('creates a new resume on the first edit only', async () => {
    const fake = fakeApi();
    start(fake, null);
    const created: string[] = [];
    engine.stop();
    const doc = base();
    resetDocument(doc);
    engine.start({ resumeId: null, baseRevision: 0, saved: doc, onCreated: (r) => created.push(r.id) });

    jest.advanceTimersByTime(5000);
    expect(fake.calls).toHaveLength(0);
    type('Ana CV');
    jest.advanceTimersByTime(1000);
    await fake.answer(asResume(documentStore.getState().doc, 2));

    expect(fake.calls[0]?.kind).toBe('create');
    expect(created).toEqual(['r1']);
    expect(syncStore.getState()).toMatchObject({ resumeId: 'r1', baseRevision: 2, status: 'saved' });
  });
});
