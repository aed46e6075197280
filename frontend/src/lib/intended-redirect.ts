import { safeRedirectPath } from './safe-redirect.ts';

/** localStorage key of the path to open after a social sign-in returns to /auth/callback (spec section 4). */
export const intendedRedirectKey = 'intendedRedirect';

function local(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Remember where to go after a social sign-in returns (only same-origin paths are kept). */
export function saveIntendedRedirect(path: string, storage = local()): void {
  try {
    storage?.setItem(intendedRedirectKey, safeRedirectPath(path));
  } catch {
    // The callback falls back to /resumes.
  }
}

/** The remembered path, validated again on the way out; null when there is none. */
export function readIntendedRedirect(storage = local()): string | null {
  try {
    const value = storage?.getItem(intendedRedirectKey);
    return value ? safeRedirectPath(value) : null;
  } catch {
    return null;
  }
}

export function clearIntendedRedirect(storage = local()): void {
  try {
    storage?.removeItem(intendedRedirectKey);
  } catch {
    // Nothing to clear.
  }
}
