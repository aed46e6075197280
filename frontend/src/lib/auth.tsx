import { useQueryClient } from '@tanstack/react-query';
import { fetchAuthSession, fetchUserAttributes, getCurrentUser, signOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
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
import { languageStorageKey } from '../i18n/languages.ts';
import { clearLocalStorageExcept } from './storage.ts';

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

export interface AuthContextValue {
  state: AuthState;
  /** Re-read the session (after sign-in, or when Amplify reports a change). */
  refresh: () => Promise<AuthState>;
  /** Sign out, then clear cached data and local storage except the language choice. */
  signOut: () => Promise<void>;
  /**
   * True once after the Sign out button, so the guard sends the user to /auth without asking them to sign
   * in again; a later visit to a guarded page gets the usual redirect and notice.
   */
  takeUserSignOut: () => boolean;
}

const AuthContext = createContext<AuthContextValue | null>(null);

const claim = (payload: Record<string, unknown> | undefined, name: string) =>
  typeof payload?.[name] === 'string' ? (payload[name] as string) : '';

/** The signed-in user from the cached tokens (no network call unless Amplify must refresh them). */
async function readSession(): Promise<SessionUser | null> {
  try {
    const { tokens } = await fetchAuthSession();
    if (!tokens?.accessToken) return null;
    const { userId, signInDetails } = await getCurrentUser();
    const id = tokens.idToken?.payload;
    const user: SessionUser = {
      userId,
      email: claim(id, 'email') || signInDetails?.loginId || '',
      firstName: claim(id, 'given_name'),
      lastName: claim(id, 'family_name'),
    };
    return user.firstName || user.lastName ? user : withAttributes(user);
  } catch {
    return null;
  }
}

/** Names from the user's attributes: cognito-local's ID token carries only the e-mail. */
async function withAttributes(user: SessionUser): Promise<SessionUser> {
  try {
    const attributes = await fetchUserAttributes();
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
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>({ status: 'loading' });
  const signedOutByUser = useRef(false);

  const refresh = useCallback(async (): Promise<AuthState> => {
    const user = await readSession();
    const next: AuthState = user ? { status: 'signedIn', user } : signedOut;
    setState((previous) => (sameState(previous, next) ? previous : next));
    return next;
  }, []);

  useEffect(() => {
    void refresh();
    return Hub.listen('auth', ({ payload }) => {
      switch (payload.event) {
        case 'signedIn':
          signedOutByUser.current = false;
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
  }, [refresh]);

  const signOutUser = useCallback(async () => {
    signedOutByUser.current = true;
    try {
      await signOut();
    } catch {
      // Spec: logout errors are swallowed; the local session is gone either way.
    }
    queryClient.clear();
    clearLocalStorageExcept([languageStorageKey]);
    setState(toSignedOut);
  }, [queryClient]);

  const takeUserSignOut = useCallback(() => {
    const value = signedOutByUser.current;
    signedOutByUser.current = false;
    return value;
  }, []);

  const value = useMemo(
    () => ({ state, refresh, signOut: signOutUser, takeUserSignOut }),
    [state, refresh, signOutUser, takeUserSignOut],
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

/** The signed-in user; only for components rendered behind the route guard. */
export function useSessionUser(): SessionUser {
  const { state } = useAuth();
  if (state.status !== 'signedIn') throw new Error('useSessionUser() without a signed-in user');
  return state.user;
}
