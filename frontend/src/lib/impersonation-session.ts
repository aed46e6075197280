import type { ImpersonationSession } from '#shared/admin';
import { setImpersonationSession } from './api-client.ts';

/**
 * The read-only session a staff member opened as another user. It lives in sessionStorage: this tab only,
 * gone when the tab closes, and never shared with the staff member's other tabs (they stay themselves).
 */
const storageKey = 'impersonation-session';

const listeners = new Set<() => void>();
let current: ImpersonationSession | null = null;
let loaded = false;
let leaving = false;

function parse(raw: string | null): ImpersonationSession | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<ImpersonationSession>;
    const strings = [value.session, value.targetUserId, value.targetEmail, value.targetName, value.expiresAt];
    if (
      strings.some((field) => typeof field !== 'string') ||
      Number.isNaN(Date.parse(value.expiresAt ?? ''))
    ) {
      return null;
    }
    return { ...(value as ImpersonationSession), readOnly: true };
  } catch {
    return null;
  }
}

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined; // blocked storage: the session lasts as long as the page
  }
}

function publish(next: ImpersonationSession | null) {
  current = next;
  setImpersonationSession(next?.session);
  for (const listener of [...listeners]) listener();
}

/** The session of this tab, or null; read from storage once, so a reload keeps it. */
export function readImpersonation(): ImpersonationSession | null {
  if (!loaded) {
    loaded = true;
    current = parse(storage()?.getItem(storageKey) ?? null);
    setImpersonationSession(current?.session);
  }
  return current;
}

export function saveImpersonation(session: ImpersonationSession): void {
  loaded = true;
  try {
    storage()?.setItem(storageKey, JSON.stringify(session));
  } catch {
    // full or blocked storage: the session still works until the page is left
  }
  publish(session);
}

export function clearImpersonation(): void {
  loaded = true;
  try {
    storage()?.removeItem(storageKey);
  } catch {
    // nothing stored to remove
  }
  if (current !== null) publish(null);
}

/**
 * True while the tab leaves the target's view: the guard shows Loading meanwhile, so no page of theirs is
 * left mounted to refetch as the staff member once the session is gone.
 */
export function isLeavingImpersonation(): boolean {
  return leaving;
}

export function setLeavingImpersonation(next: boolean): void {
  if (next === leaving) return;
  leaving = next;
  for (const listener of [...listeners]) listener();
}

export function subscribeImpersonation(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** True while a session is active in this tab (analytics stays silent then). */
export function isImpersonating(): boolean {
  return readImpersonation() !== null;
}

/** Whether the session's own end has passed; the server would refuse it from then on. */
export function impersonationExpired(session: ImpersonationSession, now = Date.now()): boolean {
  return Date.parse(session.expiresAt) <= now;
}

// Read at start-up, so the first API call of a reloaded page already carries the session.
readImpersonation();
