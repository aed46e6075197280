/**
 * What arrives at /auth/callback (spec sections 4 and 5): the links in our sign-up and reset e-mails
 * (`?type=signup|recovery&email=…&code=…`), or the return of a social sign-in (an OAuth `code` in the query,
 * or tokens/a code in the hash).
 */
export type AuthCallback =
  | { kind: 'signup'; email: string; code: string }
  | { kind: 'recovery'; email: string; code: string }
  | { kind: 'invalid'; type: 'signup' | 'recovery' }
  | { kind: 'oauth'; error: string | null }
  | { kind: 'none' };

function hashParams(hash: string): URLSearchParams {
  return new URLSearchParams(hash.replace(/^#/, ''));
}

/**
 * True when the hash carries a sign-in callback: a code (PKCE) or an access token (implicit flow). The
 * route guard waits for it to be processed, and it is removed from the address afterwards.
 */
export function hasAuthCallbackHash(hash: string): boolean {
  const params = hashParams(hash);
  return Boolean(params.get('access_token') || params.get('code'));
}

/** Spec section 5: an implicit-flow callback needs access_token, expires_in, refresh_token and token_type. */
export function isCompleteImplicitHash(hash: string): boolean {
  const params = hashParams(hash);
  return ['access_token', 'expires_in', 'refresh_token', 'token_type'].every((name) => params.get(name));
}

/** Read the callback from `location.search` and `location.hash`. */
export function parseAuthCallback(search: string, hash: string): AuthCallback {
  const query = new URLSearchParams(search);
  const type = query.get('type');
  if (type === 'signup' || type === 'recovery') {
    const email = query.get('email')?.trim() ?? '';
    const code = query.get('code')?.trim() ?? '';
    // A code is digits or letters; anything else in the link was mangled on the way.
    if (!email.includes('@') || !/^[A-Za-z0-9-]{1,64}$/.test(code)) return { kind: 'invalid', type };
    return { kind: type, email, code };
  }
  const error = query.get('error_description') || query.get('error') || hashParams(hash).get('error');
  if (error) return { kind: 'oauth', error };
  if (query.get('code') || hasAuthCallbackHash(hash)) return { kind: 'oauth', error: null };
  return { kind: 'none' };
}

/** Remove a processed callback (hash tokens or code, OAuth query) from the address without a reload. */
export function stripAuthCallbackFromUrl(): void {
  const url = new URL(window.location.href);
  const hadHash = url.hash !== '';
  let changed = hadHash;
  url.hash = '';
  for (const name of ['code', 'state', 'error', 'error_description']) {
    if (url.searchParams.has(name)) {
      url.searchParams.delete(name);
      changed = true;
    }
  }
  if (changed) window.history.replaceState(window.history.state, '', url.pathname + url.search);
}
