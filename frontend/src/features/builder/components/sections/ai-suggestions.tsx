import type { SuggestionTarget } from '#shared/ai';
import { SuggestionsButton } from '../../../ai/index.ts';
import { useSyncState } from '../../hooks/use-resume-session.ts';
import { type SyncState, syncStore } from '../../store/sync-engine.ts';

/** Resolves once autosave has sent every edit (the suggestions are written from the saved resume). */
function untilSaved(): Promise<void> {
  return new Promise((resolve, reject) => {
    let stop = () => {};
    const settle = (state: SyncState) => {
      if (state.status === 'error' || state.status === 'conflict') {
        stop();
        reject(new Error(`not saved: ${state.syncError ?? state.status}`));
        return true;
      }
      if (!state.dirty && state.status !== 'pending') {
        stop();
        resolve();
        return true;
      }
      return false;
    };
    if (settle(syncStore.getState())) return;
    stop = syncStore.subscribe(settle);
  });
}

/** The editor's "AI suggestions" for one field, wired to this resume and its autosave. */
export function AiSuggestions({
  target,
  itemId,
  onUse,
}: {
  target: SuggestionTarget;
  itemId?: string;
  onUse: (text: string) => void;
}) {
  const resumeId = useSyncState((state) => state.resumeId);
  return (
    <SuggestionsButton
      target={target}
      resumeId={resumeId}
      {...(itemId ? { itemId } : {})}
      prepare={untilSaved}
      onUse={onUse}
    />
  );
}
