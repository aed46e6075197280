export const defaultAfterSignIn = '/resumes';

/**
 * The in-app path to return to after sign-in. Only same-origin paths are accepted: one leading '/', not
 * '//' or '/\' (both are read as another host), no control characters; anything else, and /auth itself,
 * gives the default.
 */
export function safeRedirectPath(value: string | null | undefined, fallback = defaultAfterSignIn): string {
  if (!value?.startsWith('/')) return fallback;
  if (value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  const { pathname } = new URL(value, 'http://app.invalid');
  if (pathname === '/auth' || pathname.startsWith('/auth/')) return fallback;
  return value;
}

/** The /auth address that brings the user back to `path` after signing in. */
export function signInPath(path: string, view: 'sign-in' | 'sign-up' = 'sign-in'): string {
  const params = new URLSearchParams({ redirect: path });
  if (view !== 'sign-in') params.set('view', view);
  return `/auth?${params.toString()}`;
}
