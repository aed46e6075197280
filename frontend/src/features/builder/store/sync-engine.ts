import { createStore } from 'zustand';
import type { ErrorCode } from '#shared/errors';
import type { Resume, ResumeContent, ResumePatch } from '#shared/resume';
import type { ClientErrorCode } from '../../../lib/api-client.ts';
import { trackResumeUpdated, trackSectionUpdated } from '../../analytics/index.ts';
import { documentStore, replaceDocumentSilently } from './document-store.ts';
import { type Draft, removeDraft, writeDraft } from './drafts.ts';

/**
 * Autosave (spec section 4, made stronger): edits are debounced by 1000 ms and saved one request at a
 * time, always sending the latest document (so only the latest queued save is kept). Every edit is also
 * written to a local draft at once, so nothing typed is lost to a failed save, a lost network or a reload.
 * Writes are conditional on the revision last seen (`If-Match`); a 412 stops autosave and asks the user.
 */

export const AUTOSAVE_DEBOUNCE_MS = 1000;
const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 30_000;

export type SyncStatus = 'idle' | 'pending' | 'saved' | 'error' | 'conflict';

export interface SyncState {
  status: SyncStatus;
  resumeId: string | null;
  /** The server revision the document was last saved on (0 before creation). */
  baseRevision: number;
  lastSyncTimestamp: string | null;
  /** The error code of the last failed save (translated by the UI). */
  syncError: ErrorCode | ClientErrorCode | null;
  /** Whether the last failure is retried on its own (network, server) or needs an edit or the user. */
  retrying: boolean;
  /** Another tab or device saved first: its version, and when this one was edited. */
  conflict: { server: Resume; localEditedAt: number } | null;
  /** Local edits not yet acknowledged by the server. */
  dirty: boolean;
}

const initialSync: SyncState = {
  status: 'idle',
  resumeId: null,
  baseRevision: 0,
  lastSyncTimestamp: null,
  syncError: null,
  retrying: false,
  conflict: null,
  dirty: false,
};

export const syncStore = createStore<SyncState>()(() => initialSync);

/** The calls autosave makes; the builder passes the real API, unit tests pass fakes. */
export interface SyncApi {
  /** Create the resume from a whole document; answers the stored resume. */
  create(doc: ResumeContent): Promise<Resume>;
  update(id: string, patch: ResumePatch, revision: number): Promise<{ revision: number; updatedAt: string }>;
  get(id: string): Promise<Resume>;
}

export interface SyncSession {
  resumeId: string | null;
  baseRevision: number;
  /** What the server holds, as far as we know; null when unknown (then the whole document is sent). */
  saved: ResumeContent | null;
  /** A resume made by the first save: the builder puts its id in the URL. */
  onCreated?: (resume: Resume) => void;
}

interface FailureLike {
  code?: string;
  status?: number;
}

/** Failures a later attempt can fix on its own: no network, a server error, a session that needs a refresh. */
function isTransient(error: FailureLike, online: boolean): boolean {
  if (!online) return true;
  return (
    error.code === 'NETWORK_ERROR' ||
    error.status === 0 ||
    (error.status !== undefined && error.status >= 500) ||
    error.status === 429
  );
}

/** Top-level fields of `doc` that are not the very objects the server last acknowledged. */
export function changedFields(doc: ResumeContent, saved: ResumeContent | null): ResumePatch {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(doc) as (keyof ResumeContent)[]) {
    if (!saved || doc[key] !== saved[key]) patch[key] = doc[key];
  }
  return patch as ResumePatch;
}

/** Content of a stored resume, without the server-owned fields. */
export function contentOf(resume: Resume): ResumeContent {
  const { id: _id, profileId: _p, updatedAt: _u, revision: _r, ...content } = resume;
  return content;
}

/**
 * One autosave engine per open resume. `start` wires it to the document store; `stop` ends it (the
 * local draft stays until the server has the edits).
 */
export function createSyncEngine(
  api: SyncApi,
  environment: {
    now?: () => number;
    online?: () => boolean;
    setTimer?: (run: () => void, ms: number) => unknown;
    clearTimer?: (timer: unknown) => void;
  } = {},
) {
  const now = environment.now ?? Date.now;
  const online = environment.online ?? (() => globalThis.navigator?.onLine ?? true);
  const setTimer = environment.setTimer ?? ((run, ms) => setTimeout(run, ms));
  const clearTimer = environment.clearTimer ?? ((timer) => clearTimeout(timer as number));

  let session: SyncSession | null = null;
  let saved: ResumeContent | null = null;
  let timer: unknown = null;
  let inFlight = false;
  let queued = false;
  let failures = 0;
  let editedAt = 0;
  let unsubscribe: (() => void) | null = null;

  const doc = () => documentStore.getState().doc;
  const set = (patch: Partial<SyncState>) => syncStore.setState(patch);

  function persistDraft(): void {
    const state = syncStore.getState();
    const draft: Draft = {
      resumeId: state.resumeId,
      baseRevision: state.baseRevision,
      doc: doc(),
      editedAt,
    };
    writeDraft(draft);
  }

  function schedule(delay = AUTOSAVE_DEBOUNCE_MS): void {
    if (timer !== null) clearTimer(timer);
    timer = setTimer(() => {
      timer = null;
      void flush();
    }, delay);
  }

  function onDocumentChange(): void {
    if (!session) return;
    editedAt = now();
    persistDraft();
    const state = syncStore.getState();
    set({ dirty: true, ...(state.status === 'conflict' ? {} : { status: 'pending' }) });
    if (state.status === 'conflict') return;
    failures = 0;
    schedule();
  }

  /** Save now (after the debounce, on `online`, on retry). Only one request is ever in flight. */
  async function flush(): Promise<void> {
    if (!session) return;
    if (inFlight) {
      queued = true;
      return;
    }
    const state = syncStore.getState();
    if (state.status === 'conflict') return;
    const sent = doc();
    const patch = changedFields(sent, saved);
    if (state.resumeId && Object.keys(patch).length === 0) {
      finishClean(state.resumeId);
      return;
    }
    if (!state.resumeId && saved === sent) return;
    inFlight = true;
    set({ status: 'pending', syncError: null, lastSyncTimestamp: null });
    try {
      if (!state.resumeId) {
        const created = await api.create(sent);
        if (!session) return;
        removeDraft(null);
        saved = sent;
        set({ resumeId: created.id, baseRevision: created.revision, lastSyncTimestamp: created.updatedAt });
        session.onCreated?.(created);
      } else {
        const result = await api.update(state.resumeId, patch, state.baseRevision);
        if (!session) return;
        saved = sent;
        set({ baseRevision: result.revision, lastSyncTimestamp: result.updatedAt });
        trackResumeUpdated(state.resumeId);
        for (const section of Object.keys(patch)) trackSectionUpdated(state.resumeId, section);
      }
      failures = 0;
      const current = syncStore.getState();
      if (doc() === sent) finishClean(current.resumeId);
      else {
        persistDraft();
        queued = true;
      }
    } catch (error) {
      if (!session) return;
      await onFailure(error as FailureLike);
    } finally {
      inFlight = false;
      if (queued && session && syncStore.getState().status !== 'conflict') {
        queued = false;
        if (syncStore.getState().status !== 'error') void flush();
      }
    }
  }

  function finishClean(resumeId: string | null): void {
    removeDraft(resumeId);
    set({ status: 'saved', dirty: false, syncError: null, retrying: false });
  }

  async function onFailure(error: FailureLike): Promise<void> {
    const state = syncStore.getState();
    persistDraft();
    if (error.code === 'REVISION_CONFLICT' && state.resumeId) {
      try {
        const server = await api.get(state.resumeId);
        set({ status: 'conflict', conflict: { server, localEditedAt: editedAt || now() }, retrying: false });
        return;
      } catch (fetchError) {
        error = fetchError as FailureLike;
      }
    }
    if (error.code === 'PRO_REQUIRED' && saved) {
      // The template is the only field a Free user can be refused: fall back to the saved one, save the rest.
      replaceDocumentSilently({ ...doc(), template: saved.template, settings: doc().settings });
      schedule(0);
      return;
    }
    const transient = isTransient(error, online());
    set({
      status: 'error',
      syncError: (error.code as SyncState['syncError']) ?? 'UNKNOWN',
      retrying: transient,
    });
    if (transient) {
      failures += 1;
      schedule(Math.min(RETRY_BASE_MS * 2 ** (failures - 1), RETRY_MAX_MS));
    }
  }

  const onOnline = () => {
    if (syncStore.getState().status === 'error' && syncStore.getState().retrying) schedule(0);
  };

  return {
    /** Begin autosaving the document store's document for this resume (or a new one). */
    start(next: SyncSession): void {
      session = next;
      saved = next.saved;
      failures = 0;
      queued = false;
      syncStore.setState({
        ...initialSync,
        resumeId: next.resumeId,
        baseRevision: next.baseRevision,
        status: 'idle',
      });
      unsubscribe = documentStore.subscribe((state, previous) => {
        if (state.doc !== previous.doc) onDocumentChange();
      });
      globalThis.addEventListener?.('online', onOnline);
      // A document that differs from the server already (a restored draft) is saved right away.
      if (saved !== doc() && (next.resumeId || saved === null)) {
        editedAt = now();
        set({ dirty: true, status: 'pending' });
        schedule(0);
      }
    },
    stop(): void {
      session = null;
      if (timer !== null) clearTimer(timer);
      timer = null;
      unsubscribe?.();
      unsubscribe = null;
      globalThis.removeEventListener?.('online', onOnline);
      syncStore.setState(initialSync);
    },
    /** Try the failed save again now. */
    retry(): void {
      failures = 0;
      schedule(0);
    },
    /** Save what is pending without waiting for the debounce. */
    flush,
    /** Resolve a conflict: keep this version (overwrite the other) or load the other one. */
    resolveConflict(choice: 'mine' | 'theirs'): void {
      const conflict = syncStore.getState().conflict;
      if (!conflict || !session) return;
      const server = conflict.server;
      saved = contentOf(server);
      set({ conflict: null, baseRevision: server.revision, status: 'pending', syncError: null });
      if (choice === 'theirs') {
        // An ordinary edit: undo brings this tab's version back if the choice was wrong.
        documentStore.getState().change(saved);
        return;
      }
      // Keep mine: everything that differs from their version is sent on top of their revision.
      schedule(0);
    },
  };
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;
