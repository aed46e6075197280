/** Where the browser goes once the account is deleted: a page of its own, for a signed-out visitor. */
export const ACCOUNT_DELETED_PATH = '/account-deleted';

const storageKey = 'account-deleted-email';

function tabStorage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * Keep the deleted address for the confirmation page: this tab only (sessionStorage), so a reload still
 * says which account went, and closing the tab forgets it.
 */
export function rememberDeletedAccount(email: string, storage = tabStorage()): void {
  try {
    storage?.setItem(storageKey, email);
  } catch {
    // The page then confirms without naming the address.
  }
}

/** The address the confirmation page names, or null. */
export function deletedAccountEmail(storage = tabStorage()): string | null {
  try {
    return storage?.getItem(storageKey) || null;
  } catch {
    return null;
  }
}
