/**
 * Small values carried across a page load during auth flows. The reset link's e-mail and code travel in
 * sessionStorage (this tab only, gone when it closes), never in the address bar of the change page.
 */

const resetLinkKey = 'passwordResetLink';

export interface ResetLink {
  email: string;
  code: string;
}

function session(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export function saveResetLink(link: ResetLink, storage = session()): void {
  try {
    storage?.setItem(resetLinkKey, JSON.stringify(link));
  } catch {
    // Without storage the user types the code from the e-mail instead.
  }
}

export function readResetLink(storage = session()): ResetLink | null {
  try {
    const value = JSON.parse(storage?.getItem(resetLinkKey) ?? 'null') as Partial<ResetLink> | null;
    if (typeof value?.email === 'string' && typeof value.code === 'string' && value.email && value.code)
      return { email: value.email, code: value.code };
  } catch {
    // Unreadable: as if there were none.
  }
  return null;
}

export function clearResetLink(storage = session()): void {
  try {
    storage?.removeItem(resetLinkKey);
  } catch {
    // Nothing to clear.
  }
}
