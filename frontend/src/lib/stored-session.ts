import { prerenderedPaths, routePath } from '#shared/site';

/**
 * What local storage says about a session before anything reads it (the entry uses these on every page, so
 * they are apart from the tokens' reading and refresh, lib/session.ts): whether Amplify's keys for this app
 * client are there, a sign-in in another tab, a social sign-in under way.
 */

let sessionClientId: string | undefined;

/** The app client whose keys count (start-up, from the runtime config; lib/session.ts sets it). */
export function setSessionClient(clientId: string): void {
  sessionClientId = clientId;
}

/** Amplify's keys for this app client: `CognitoIdentityServiceProvider.<clientId>.<username>.<token>`. */
export const storagePrefix = (clientId: string) => `CognitoIdentityServiceProvider.${clientId}.`;

/**
 * The public pages (prerendered; shared/site.ts holds their list, so a new page cannot be missed here): a
 * visitor there needs the session read only when one may exist.
 */
const publicPaths = new Set<string>(Object.values(prerenderedPaths));

export function isPublicPath(pathname: string): boolean {
  return publicPaths.has(routePath(pathname));
}

/**
 * A synchronous hint: whether local storage holds anything Amplify keeps for this app client (tokens, the
 * last user, an OAuth sign-in in flight). Without it there is no session; with it, only reading the tokens
 * can tell whether the session is still valid. Unreadable storage counts as a possible session.
 */
export function mayHaveStoredSession(
  clientId: string | undefined = sessionClientId,
  storage: Pick<Storage, 'length' | 'key'> | undefined = globalThis.localStorage,
): boolean {
  if (!clientId || !storage) return true;
  const prefixes = [storagePrefix(clientId), `com.amplify.Cognito.${clientId}.`];
  try {
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key && prefixes.some((prefix) => key.startsWith(prefix))) return true;
    }
    return false;
  } catch {
    return true;
  }
}

/** Whether a storage key is a refresh token of this app client (a sign-in or sign-out in another tab). */
export function isStoredSignIn(key: string, clientId = sessionClientId): boolean {
  return Boolean(clientId) && key.startsWith(storagePrefix(clientId ?? '')) && key.endsWith('.refreshToken');
}

/**
 * Whether a social sign-in (Cognito's hosted UI) is under way in this browser: Amplify marks it before the
 * redirect and completes it when it is configured on the page the provider returns to. Until then only
 * Amplify can say what the session will be.
 */
export function oauthSignInInFlight(
  clientId: string | undefined = sessionClientId,
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): boolean {
  if (!clientId || !storage) return false;
  try {
    return storage.getItem(`${storagePrefix(clientId)}inflightOAuth`) === 'true';
  } catch {
    return false;
  }
}

/** Whether the app must read the session at start-up, rather than start signed out. */
export function needsSessionAtStart(pathname: string = window.location.pathname): boolean {
  return !isPublicPath(pathname) || mayHaveStoredSession();
}
