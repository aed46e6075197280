import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import type { Resume, ResumeContent, ResumeLanguage } from '#shared/resume';
import {
  defaultPageSize,
  defaultSectionTitles,
  defaultSectionTitlesPtBr,
  emptyResumeContent,
  withoutEmptyItems,
} from '#shared/resume-model';
import type { SessionUser } from '../../../lib/auth.tsx';
import { meQueryKey } from '../../../lib/get-me.ts';
import { onResumeStateCleared } from '../../../lib/resume-state.ts';
import { createResume, getResume, resumeKeys, takeEarlyResume, updateResume } from '../../resumes/index.ts';
import { documentStore, resetDocument } from '../store/document-store.ts';
import { readDraft, removeDraft, writeDraft } from '../store/drafts.ts';
import {
  contentOf,
  createSyncEngine,
  type SyncApi,
  type SyncEngine,
  syncStore,
} from '../store/sync-engine.ts';

export type SessionPhase = { phase: 'loading' } | { phase: 'ready' } | { phase: 'error'; error: unknown };

/**
 * A new resume: the account's name and e-mail, titles and page size in the interface's language; every other
 * field as the schema's defaults leave it (built without zod: the editor's first render).
 */
export function newDocument(user: SessionUser, language: ResumeLanguage, title: string): ResumeContent {
  const empty = emptyResumeContent();
  return {
    ...empty,
    title,
    personalInfo: {
      ...empty.personalInfo,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
    },
    sectionTitle: { ...(language === 'pt-BR' ? defaultSectionTitlesPtBr : defaultSectionTitles) },
    settings: { ...empty.settings, language, pageSize: defaultPageSize(language) },
  };
}

/** The real calls: the first save creates the resume (spec create payload) and then writes the whole document. */
function apiFor(userId: string): SyncApi {
  return {
    async create(doc) {
      const p = doc.personalInfo;
      const created = await createResume({
        userId,
        firstName: p.firstName,
        lastName: p.lastName,
        email: p.email,
        phoneNumber: p.phone,
        jobTitle: p.jobTitle,
        city: p.city,
        professionalSummary: p.summary,
        title: doc.title,
      });
      const { personalInfo: _p, ...rest } = doc;
      // Create keeps the phone as digits (spec); the whole document restores what the user typed.
      const updated = await updateResume({
        id: created.id,
        patch: { ...rest, personalInfo: doc.personalInfo },
        revision: created.revision,
      });
      return { ...created, ...doc, revision: updated.revision, updatedAt: updated.updatedAt };
    },
    update: (id, patch, revision) => updateResume({ id, patch, revision }),
    get: (id) => getResume(id),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Open a resume (or a new one) in the editor: the server's copy, unless this browser holds unsaved edits
 * for it, which are restored and saved (a conflict if the server moved on meanwhile). Offline, a draft
 * opens on its own and is saved when the network returns.
 */
async function openSession(
  engine: SyncEngine,
  id: string | null,
  fresh: () => ResumeContent,
  onCreated: (resume: Resume) => void,
): Promise<void> {
  const draft = await readDraft(id);
  if (!id) {
    const doc = draft?.doc ?? fresh();
    resetDocument(doc);
    engine.start({ resumeId: null, baseRevision: 0, saved: draft ? null : doc, onCreated });
    return;
  }
  let server: Resume | null = null;
  try {
    server = await (takeEarlyResume(id) ?? getResume(id));
  } catch (error) {
    if (!draft) throw error;
  }
  if (!server) {
    resetDocument((draft as NonNullable<typeof draft>).doc);
    engine.start({ resumeId: id, baseRevision: draft?.baseRevision ?? 0, saved: null, onCreated });
    return;
  }
  const stored = contentOf(server);
  if (!draft || same(draft.doc, stored)) {
    if (draft) removeDraft(id);
    resetDocument(stored);
    engine.start({ resumeId: id, baseRevision: server.revision, saved: stored, onCreated });
    return;
  }
  // Unsaved edits from before: saved on top of the revision they were made on, so a newer server
  // version surfaces as a conflict instead of being overwritten.
  resetDocument(draft.doc);
  engine.start({ resumeId: id, baseRevision: draft.baseRevision, saved: stored, onCreated });
}

/**
 * The editing session of /builder: loads the resume into the document store and runs autosave until the
 * page is left. When the first save creates the resume, `onCreated` puts its id in the URL; the session
 * carries on without reloading.
 */
export function useResumeSession(
  id: string | null,
  user: SessionUser,
  fresh: () => ResumeContent,
  onCreated: (resume: Resume) => void,
) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<SessionPhase>({ phase: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const engineRef = useRef<SyncEngine | null>(null);
  const callbacks = useRef({ fresh, onCreated });
  callbacks.current = { fresh, onCreated };

  engineRef.current ??= createSyncEngine(apiFor(user.userId));
  const engine = engineRef.current;

  const ready = useRef(false);
  ready.current = phase.phase === 'ready';

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger.
  useEffect(() => {
    // The id the first save just created is the session already running.
    if (id && syncStore.getState().resumeId === id && ready.current) return;
    let cancelled = false;
    setPhase({ phase: 'loading' });
    engine.stop();
    openSession(
      engine,
      id,
      () => callbacks.current.fresh(),
      (resume) => {
        queryClient.setQueryData(resumeKeys.detail(resume.id), resume);
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
        callbacks.current.onCreated(resume);
      },
    ).then(
      () => {
        // The editor is the largest render of the app: as a transition React draws it in slices, so the
        // page keeps answering input meanwhile (one long task of a third of a second on a mid-range phone).
        if (!cancelled) startTransition(() => setPhase({ phase: 'ready' }));
      },
      (error: unknown) => {
        if (!cancelled) setPhase({ phase: 'error', error });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [id, attempt, engine, queryClient]);

  // Leaving the builder stops autosave; the list refetches to show the latest titles. Items added and left
  // empty go (they are not content), and what is not saved yet is sent on the way out, conditional on the
  // revision last saved: if a save in flight got there first, the draft keeps it for the next opening.
  useEffect(
    () => () => {
      const state = syncStore.getState();
      const doc = documentStore.getState().doc;
      engine.stop();
      const refresh = () => void queryClient.invalidateQueries({ queryKey: resumeKeys.lists() });
      const cleaned = withoutEmptyItems(doc);
      const id = state.resumeId;
      if (!id || state.status === 'conflict' || (cleaned === doc && !state.dirty)) {
        refresh();
        return;
      }
      const draft = { resumeId: id, baseRevision: state.baseRevision, doc: cleaned, editedAt: Date.now() };
      writeDraft(draft);
      void updateResume({ id, patch: cleaned, revision: state.baseRevision })
        .then(() => {
          removeDraft(id);
          return queryClient.invalidateQueries({ queryKey: resumeKeys.detail(id) });
        })
        .catch(() => undefined)
        .finally(refresh);
    },
    [engine, queryClient],
  );

  // Logout and the guard's redirect clear the in-progress resume (spec): stop saving, empty the editor.
  useEffect(
    () =>
      onResumeStateCleared(() => {
        engine.stop();
        resetDocument(emptyResumeContent());
      }),
    [engine],
  );

  // Closing the tab with unsaved edits warns (they are also kept as a local draft).
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!syncStore.getState().dirty) return;
      event.preventDefault();
      event.returnValue = '';
    };
    globalThis.addEventListener('beforeunload', warn);
    return () => globalThis.removeEventListener('beforeunload', warn);
  }, []);

  return { phase, engine, retryLoad: () => setAttempt((n) => n + 1) };
}

/** The autosave status for the toolbar and dialogs. */
export function useSyncState<T>(selector: (state: ReturnType<typeof syncStore.getState>) => T): T {
  return useStore(syncStore, selector);
}

/** The document as it is now (for actions that need all of it, like an export). */
export const currentDocument = () => documentStore.getState().doc;
