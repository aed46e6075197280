import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router-dom';
import { languageStorageKey } from '../i18n/languages.ts';
import { loadAmplify, whenAmplifyLoaded } from './amplify.ts';
import { onSessionExpired } from './api-client.ts';
import { currentQueryClient } from './query-client.ts';
import { clearResumeState } from './resume-state.ts';
import { jwtClaims, type SessionTokens, session } from './session.ts';
import { clearLocalStorageExcept } from './storage.ts';
import { isStoredSignIn, needsSessionAtStart, oauthSignInInFlight } from './stored-session.ts';

export interface SessionUser {
  /** The Cognito `sub`: the id in every user-owned API path. */
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
}

export type AuthState =
  | { status: 'loading' }
  | { status: 'signedIn'; user: SessionUser }
  | { status: 'signedOut' };

export interface SignOutOptions {
  /**
   * Where the route guard sends the user once the session is gone (default /auth), e.g. / after deleting
   * the account. The caller may navigate there itself as well.
   */
  to?: string;
}

export interface AuthContextValue {
  state: AuthState;
  /**
   * Re-read the session (after sign-in, or when a change is reported); `forceRefresh` gets new tokens
   * first, e.g. after the account's names changed on the server.
   */
  refresh: (options?: { forceRefresh?: boolean }) => Promise<AuthState>;
  /**
   * Sign out (Amplify revokes the refresh token), then clear cached data, local storage except the language
   * choice, and the in-progress resume state. Never throws: logout errors are swallowed (spec section 8).
   */
  signOut: (options?: SignOutOptions) => Promise<void>;
  /**
   * True once after the Sign out button, so the guard sends the user to /auth without asking them to sign
   * in again; a later visit to a guarded page gets the usual redirect and notice.
   */
  takeUserSignOut: () => boolean;
  /** Like `takeUserSignOut`, but returns where the user asked to go (`SignOutOptions.to`), or null. */
  takeSignOutTarget: () => string | null;
}

export { intendedRedirectKey } from './intended-redirect.ts';

const AuthContext = createContext<AuthContextValue | null>(null);

const claim = (payload: Record<string, unknown> | undefined, name: string) =>
  typeof payload?.[name] === 'string' ? (payload[name] as string) : '';

/**
 * The signed-in user from the stored tokens, read without Amplify (lib/session.ts): no network call unless
 * they must be refreshed. While a social sign-in is under way, Amplify completes it and says.
 */
async function readSession(forceRefresh = false): Promise<SessionUser | null> {
  try {
    if (oauthSignInInFlight()) return await readAmplifySession(forceRefresh);
    const current = session();
    // A failed forced refresh (offline) falls back to the stored tokens rather than signing the user out.
    const tokens = forceRefresh
      ? await current.tokens({ forceRefresh: true }).catch(() => current.tokens())
      : await current.tokens();
    if (!tokens) return null;
    const user = userOf(tokens);
    return user.firstName || user.lastName
      ? user
      : withAttributes(user, () => current.userAttributes(tokens.accessToken));
  } catch {
    return null;
  }
}

/** The user the tokens name, as Amplify's getCurrentUser and the ID token's claims tell it. */
function userOf(tokens: SessionTokens): SessionUser {
  const id = jwtClaims(tokens.idToken) ?? undefined;
  return {
    userId: claim(id, 'sub') || claim(jwtClaims(tokens.accessToken) ?? undefined, 'sub'),
    email: claim(id, 'email') || tokens.signInDetails?.loginId || '',
    firstName: claim(id, 'given_name'),
    lastName: claim(id, 'family_name'),
  };
}

/** The session as Amplify reads it: it waits for a social sign-in under way to complete. */
async function readAmplifySession(forceRefresh: boolean): Promise<SessionUser | null> {
  const { auth } = await loadAmplify();
  const { fetchAuthSession, getCurrentUser } = auth;
  const { tokens } = forceRefresh
    ? await fetchAuthSession({ forceRefresh: true }).catch(() => fetchAuthSession())
    : await fetchAuthSession();
  if (!tokens?.accessToken) return null;
  const { userId, signInDetails } = await getCurrentUser();
  const id = tokens.idToken?.payload;
  const user: SessionUser = {
    userId,
    email: claim(id, 'email') || signInDetails?.loginId || '',
    firstName: claim(id, 'given_name'),
    lastName: claim(id, 'family_name'),
  };
  return user.firstName || user.lastName ? user : withAttributes(user, () => auth.fetchUserAttributes());
}

/** Names from the user's attributes: an ID token without them (cognito-local's, once) gets them here. */
async function withAttributes(
  user: SessionUser,
  fetchAttributes: () => Promise<Partial<Record<string, string>>>,
): Promise<SessionUser> {
  try {
    const attributes = await fetchAttributes();
    return {
      ...user,
      email: user.email || attributes.email || '',
      firstName: attributes.given_name ?? '',
      lastName: attributes.family_name ?? '',
    };
  } catch {
    return user; // the names are a convenience; the session is valid without them
  }
}

// Keeps its identity so repeated sign-out signals (Hub event, then signOut() resolving) cause one transition.
const signedOut: AuthState = { status: 'signedOut' };
const toSignedOut = (previous: AuthState): AuthState =>
  previous.status === 'signedOut' ? previous : signedOut;

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading' });
  const signOutTarget = useRef<string | null>(null);

  const reading = useRef(0);

  const refresh = useCallback(async (options?: { forceRefresh?: boolean }): Promise<AuthState> => {
    reading.current += 1;
    const user = await readSession(options?.forceRefresh).finally(() => {
      reading.current -= 1;
    });
    const next: AuthState = user ? { status: 'signedIn', user } : signedOut;
    setState((previous) => (sameState(previous, next) ? previous : next));
    return next;
  }, []);

  useEffect(() => {
    let active = true;
    let stopListening: (() => void) | undefined;
    // A public page without any stored session starts signed out without reading it (see lib/session.ts).
    if (needsSessionAtStart()) void refresh();
    else setState(toSignedOut);
    // Signing in or out in another tab adds or removes the stored refresh token; once Amplify is loaded, it
    // reports that itself.
    const onStorage = (event: StorageEvent) => {
      if (!event.key || !isStoredSignIn(event.key) || Boolean(event.newValue) === Boolean(event.oldValue))
        return;
      if (event.newValue) signOutTarget.current = null;
      void refresh();
    };
    window.addEventListener('storage', onStorage);
    let stopWatchingStorage: (() => void) | undefined = () =>
      window.removeEventListener('storage', onStorage);
    // A refresh that failed while the API was called (the refresh token revoked, say): read the session
    // again, as Amplify's tokenRefresh_failure does. Not while the session is being read: that read fails too.
    const stopWatchingRefresh = session().onRefreshFailure(() => {
      if (reading.current === 0) void refresh();
    });
    void whenAmplifyLoaded().then(({ Hub }) => {
      if (!active) return;
      stopWatchingStorage?.();
      stopWatchingStorage = undefined;
      stopListening = Hub.listen('auth', ({ payload }) => {
        switch (payload.event) {
          case 'signedIn':
            signOutTarget.current = null;
            void refresh();
            break;
          case 'signedOut':
            setState(toSignedOut);
            break;
          case 'tokenRefresh_failure':
            void refresh();
            break;
        }
      });
    });
    return () => {
      active = false;
      stopListening?.();
      stopWatchingStorage?.();
      stopWatchingRefresh();
    };
  }, [refresh]);

  const endSession = useCallback(async () => {
    try {
      // Local sign-out: Amplify revokes the refresh token (Cognito RevokeToken) and forgets the tokens, and after a
      // social sign-in it signs out of the hosted UI too; so sign-out loads it.
      const { auth } = await loadAmplify();
      await auth.signOut();
    } catch {
      // Spec: logout errors are swallowed (401, 403 and 404 included); the local session is gone either way.
    }
    // Nothing is cached until a route that queries has created the client.
    currentQueryClient()?.clear();
    clearLocalStorageExcept([languageStorageKey]);
    clearResumeState();
  }, []);

  const signOutUser = useCallback(
    async (options: SignOutOptions = {}) => {
      signOutTarget.current = options.to ?? '/auth';
      await endSession();
      setState(toSignedOut);
    },
    [endSession],
  );

  // The API still refuses the session after a forced refresh (revoked, disabled, deleted): sign out, and let
  // the guard send the user to sign in with the page to come back to.
  useEffect(
    () =>
      onSessionExpired(() => {
        void endSession().then(() => setState(toSignedOut));
      }),
    [endSession],
  );

  const takeSignOutTarget = useCallback(() => {
    const value = signOutTarget.current;
    signOutTarget.current = null;
    return value;
  }, []);

  const takeUserSignOut = useCallback(() => takeSignOutTarget() !== null, [takeSignOutTarget]);

  const value = useMemo(
    () => ({ state, refresh, signOut: signOutUser, takeUserSignOut, takeSignOutTarget }),
    [state, refresh, signOutUser, takeUserSignOut, takeSignOutTarget],
  );
  return <AuthContext value={value}>{children}</AuthContext>;
}

function sameState(a: AuthState, b: AuthState): boolean {
  if (a.status !== b.status) return false;
  if (a.status === 'signedIn' && b.status === 'signedIn') {
    return (
      a.user.userId === b.user.userId &&
      a.user.email === b.user.email &&
      a.user.firstName === b.user.firstName &&
      a.user.lastName === b.user.lastName
    );
  }
  return true;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth() outside <AuthProvider>');
  return value;
}

// While a staff member views the app as another user, the guard puts that user here: pages then act for
// them (their id in every API path) while the header and menus stay the staff member's own.
const SessionUserOverride = createContext<SessionUser | null>(null);
export const SessionUserOverrideProvider = SessionUserOverride;

/** The signed-in user (or the user being viewed as); only for components rendered behind the route guard. */
export function useSessionUser(): SessionUser {
  const override = useContext(SessionUserOverride);
  const { state } = useAuth();
  if (override) return override;
  if (state.status !== 'signedIn') throw new Error('useSessionUser() without a signed-in user');
  return state.user;
}

/**
 * Logout for menus and buttons (spec section 2): sign out, clear storage and the resume state, go to /auth.
 * Needs the router context.
 */
export function useLogout(): () => Promise<void> {
  const { signOut: signOutUser } = useAuth();
  const navigate = useNavigate();
  return useCallback(async () => {
    await signOutUser({ to: '/auth' });
    navigate('/auth', { replace: true });
  }, [signOutUser, navigate]);
}
