/**
 * The in-progress resume state (spec sections 2 and 4): reset when the guard sends an anonymous visitor to
 * sign in, and on sign-out. Today it lives only in browser storage under `resume*` keys; the builder's
 * store registers itself with `onResumeStateCleared` to be reset at the same moments.
 */

const resumeKeyPrefix = 'resume';

type Listener = () => void;
const listeners = new Set<Listener>();

/** Run `listener` whenever the in-progress resume state is cleared; returns the unsubscribe function. */
export function onResumeStateCleared(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function browserStorages(): Storage[] {
  const found: Storage[] = [];
  for (const read of [() => globalThis.localStorage, () => globalThis.sessionStorage]) {
    try {
      const storage = read();
      if (storage) found.push(storage);
    } catch {
      // Storage blocked (private mode, policies): nothing to clear there.
    }
  }
  return found;
}

/** Remove every `resume*` entry from local and session storage and reset registered stores. */
export function clearResumeState(storages: readonly Storage[] = browserStorages()): void {
  for (const storage of storages) {
    try {
      const doomed: string[] = [];
      for (let i = 0; i < storage.length; i++) {
        const key = storage.key(i);
        if (key?.startsWith(resumeKeyPrefix)) doomed.push(key);
      }
      for (const key of doomed) storage.removeItem(key);
    } catch {
      // A storage that fails mid-way has nothing more we can do about it.
    }
  }
  for (const listener of listeners) listener();
}
