import { temporal } from 'zundo';
import { createStore, useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { ResumeContent } from '#shared/resume';
import { emptyResumeContent } from '#shared/resume-model';
import { settleReview } from '../lib/import-review.ts';

/**
 * The resume being edited, as one document with an undo history (zustand + zundo). Section editors read
 * slices with `useDocument` and write whole top-level fields with `change`; autosave (autosave.ts) watches
 * the document and persists it. Only `doc` is in the history: undo and redo are document edits like any
 * other, so they are saved too.
 */

export interface ChangeOptions {
  /**
   * Successive changes with the same key within COALESCE_MS become one undo step, so undo removes a
   * typed word or sentence rather than one character. Use the field path, e.g. `experience.exp-1.company`.
   */
  coalesce?: string;
}

export type DocumentPatch = Partial<ResumeContent> | ((doc: ResumeContent) => Partial<ResumeContent>);

export interface DocumentState {
  doc: ResumeContent;
  /**
   * Replace top-level fields of the document; a function receives the current document, so event
   * handlers never build on a stale copy.
   */
  change(patch: DocumentPatch, options?: ChangeOptions): void;
}

/** Typing pauses longer than this start a new undo step. */
export const COALESCE_MS = 1200;
const HISTORY_LIMIT = 200;

/** An empty resume, with every default of the schema (built without zod: the editor's first render). */
export function emptyDocument(): ResumeContent {
  return emptyResumeContent();
}

let lastChange: { key: string; at: number } | null = null;

export const documentStore = createStore<DocumentState>()(
  temporal(
    (set) => ({
      doc: emptyDocument(),
      change: (patch, options = {}) => {
        const now = Date.now();
        const coalesce =
          options.coalesce !== undefined &&
          lastChange?.key === options.coalesce &&
          now - lastChange.at < COALESCE_MS;
        lastChange = options.coalesce ? { key: options.coalesce, at: now } : null;
        const history = documentStore.temporal.getState();
        if (coalesce) history.pause();
        set((state) => {
          const next = { ...state.doc, ...(typeof patch === 'function' ? patch(state.doc) : patch) };
          // An edit takes the import's "check this" mark off the fields it changed (in the same undo step).
          return { doc: settleReview(state.doc, next) };
        });
        if (coalesce) history.resume();
      },
    }),
    {
      partialize: (state) => ({ doc: state.doc }),
      equality: (past, current) => past.doc === current.doc,
      limit: HISTORY_LIMIT,
    },
  ),
);

/** Put a document in the editor (a resume loaded or restored): its history starts empty. */
export function resetDocument(doc: ResumeContent): void {
  const history = documentStore.temporal.getState();
  history.pause();
  documentStore.setState({ doc });
  history.resume();
  history.clear();
  lastChange = null;
}

/** Replace the document without recording an undo step (e.g. a server's ids for items made offline). */
export function replaceDocumentSilently(doc: ResumeContent): void {
  const history = documentStore.temporal.getState();
  history.pause();
  documentStore.setState({ doc });
  history.resume();
}

/** A slice of the document; re-renders only when the slice changes (shallowly for objects and arrays). */
export function useDocument<T>(selector: (doc: ResumeContent) => T): T {
  return useStore(
    documentStore,
    useShallow((state: DocumentState) => selector(state.doc)),
  );
}

/** The `change` action; stable across renders. */
export function useChange(): DocumentState['change'] {
  return useStore(documentStore, (state) => state.change);
}

/** Undo and redo over the whole document. */
export function undo(): void {
  lastChange = null;
  documentStore.temporal.getState().undo();
}

export function redo(): void {
  lastChange = null;
  documentStore.temporal.getState().redo();
}

/** Whether undo and redo have anything to do (for the toolbar buttons). */
export function useHistoryState(): { canUndo: boolean; canRedo: boolean } {
  return useStore(
    documentStore.temporal,
    useShallow((state) => ({
      canUndo: state.pastStates.length > 0,
      canRedo: state.futureStates.length > 0,
    })),
  );
}
