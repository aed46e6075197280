import { type SyncEngine, type SyncState, syncStore } from '../store/sync-engine.ts';

/**
 * Save what is pending now and wait until the server has all of it, so an export shows exactly what the
 * preview shows. Rejects with the sync error when the save fails or another version is in the way.
 */
export function saveEverything(engine: SyncEngine): Promise<void> {
  // Its first steps run at once: from here the store says pending, saved or why it cannot save.
  void engine.flush();
  return new Promise((resolve, reject) => {
    let stop = () => {};
    const settle = (state: SyncState) => {
      if (state.status === 'error' || state.status === 'conflict') {
        stop();
        reject(new Error(`not saved: ${state.syncError ?? state.status}`));
        return true;
      }
      if (!state.dirty && state.status !== 'pending' && state.resumeId) {
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
