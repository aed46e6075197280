import { useLocation } from 'react-router-dom';
import { isAppReturnPath, RETURN_TO_PARAM } from '#shared/prices';
import { safeRedirectPath } from './safe-redirect.ts';

/** /pricing, naming the app path to come back to once the upgrade is paid (only a path of this app). */
export function upgradePath(returnTo?: string | null): string {
  return isAppReturnPath(returnTo)
    ? `/pricing?${RETURN_TO_PARAM}=${encodeURIComponent(returnTo)}`
    : '/pricing';
}

/**
 * The upgrade link of the page the user is on: /pricing with this page (and `extra` query parameters, e.g.
 * the dialog to open again) as the place to return to after paying.
 */
export function useUpgradePath(extra?: Record<string, string>): string {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(extra ?? {})) params.set(name, value);
  const query = params.toString();
  return upgradePath(`${pathname}${query ? `?${query}` : ''}`);
}

/** Where /pricing returns to after a purchase, from its query: a same-origin app path, or null. */
export function returnToFrom(search: string): string | null {
  const value = new URLSearchParams(search).get(RETURN_TO_PARAM);
  if (!isAppReturnPath(value)) return null;
  return safeRedirectPath(value, '') || null;
}
