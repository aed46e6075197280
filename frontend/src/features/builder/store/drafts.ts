import type { ResumeContent } from '#shared/resume';

/**
 * Unsaved edits kept in the browser (localStorage), so an edit made offline, during a failed save or just
 * before the tab closed is saved when the editor opens again. Keys start with `resume` so that logout's
 * `clearResumeState` removes them with the rest of the in-progress resume state (spec section 4).
 */

export interface Draft {
  /** null for a resume not created yet. */
  resumeId: string | null;
  /** The server revision the edits were made on top of. */
  baseRevision: number;
  doc: ResumeContent;
  /** When the user last changed it (ms since epoch). */
  editedAt: number;
}

const NEW_KEY = 'new';
const draftKey = (resumeId: string | null) => `resume-draft:${resumeId ?? NEW_KEY}`;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** Keep the unsaved document; a full or blocked storage only loses the safety net, never the edit. */
export function writeDraft(draft: Draft): void {
  try {
    storage()?.setItem(draftKey(draft.resumeId), JSON.stringify(draft));
  } catch {
    // Quota exceeded or storage blocked: the in-memory document and the autosave still hold the edit.
  }
}

/**
 * The stored draft of a resume (or of the new one), if any and still readable. Only a stored draft loads the
 * schema (and zod) to check it: an editor opened without one does without them.
 */
export async function readDraft(resumeId: string | null): Promise<Draft | null> {
  try {
    const raw = storage()?.getItem(draftKey(resumeId));
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Draft>;
    const { resumeContentSchema } = await import('#shared/resume');
    const doc = resumeContentSchema.safeParse(value.doc);
    if (!doc.success || typeof value.editedAt !== 'number') return null;
    return {
      resumeId: typeof value.resumeId === 'string' ? value.resumeId : null,
      baseRevision: typeof value.baseRevision === 'number' ? value.baseRevision : 0,
      doc: doc.data,
      editedAt: value.editedAt,
    };
  } catch {
    return null;
  }
}

export function removeDraft(resumeId: string | null): void {
  try {
    storage()?.removeItem(draftKey(resumeId));
  } catch {
    // Nothing to do: a draft that cannot be removed is harmless (its revision is older than the server's).
  }
}
