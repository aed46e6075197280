import type { RuntimeConfig } from '#shared/runtime-config';
import { prerenderedPaths, routePath } from '#shared/site';

/** The parts of Amplify the app calls through the loader (everything else imports it in lazy chunks). */
export interface AmplifyModules {
  auth: Pick<
    typeof import('aws-amplify/auth'),
    'fetchAuthSession' | 'fetchUserAttributes' | 'getCurrentUser' | 'signOut'
  >;
  Hub: typeof import('aws-amplify/utils').Hub;
}

// Amplify is not in the public pages' bundle: it is loaded (and configured) the first time something needs
// it: an app route, the auth screens, a stored session, an API call with a token, a sign-out.
let runtimeConfig: RuntimeConfig | undefined;
let loading: Promise<AmplifyModules> | undefined;
let announceLoaded: (modules: AmplifyModules) => void = () => undefined;
const loaded = new Promise<AmplifyModules>((resolve) => {
  announceLoaded = resolve;
});

/** Remember the runtime config Amplify is configured with once it loads (start-up). */
export function setAmplifyConfig(config: RuntimeConfig): void {
  runtimeConfig = config;
}

/** Amplify's modules, unconfigured: the entry fetches them early for a signed-in page (app/signed-in-modules.ts). */
export const loadAmplifyModules = () => import('./amplify-modules.ts');

/** Load and configure Amplify once; every caller gets the same modules. A failed load may be retried. */
export function loadAmplify(): Promise<AmplifyModules> {
  loading ??= (async () => {
    const config = runtimeConfig;
    if (!config) throw new Error('loadAmplify() before setAmplifyConfig()');
    const amplify = await loadAmplifyModules();
    amplify.configureAmplify(config);
    const modules: AmplifyModules = { auth: amplify, Hub: amplify.Hub };
    announceLoaded(modules);
    return modules;
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** Resolves once Amplify has been loaded and configured, by whoever asked first; never rejects. */
export function whenAmplifyLoaded(): Promise<AmplifyModules> {
  return loaded;
}

/** Whether something has already asked for Amplify. */
export function amplifyRequested(): boolean {
  return loading !== undefined;
}

/**
 * The public pages (prerendered; shared/site.ts holds their list, so a new page cannot be missed here): a
 * visitor there needs Amplify only when a session may exist.
 */
const publicPaths = new Set<string>(Object.values(prerenderedPaths));

export function isPublicPath(pathname: string): boolean {
  return publicPaths.has(routePath(pathname));
}

/** Amplify's keys for this app client: `CognitoIdentityServiceProvider.<clientId>.<username>.<token>`. */
const storagePrefix = (clientId: string) => `CognitoIdentityServiceProvider.${clientId}.`;

/**
 * A synchronous hint: whether local storage holds anything Amplify keeps for this app client (tokens, the
 * last user, an OAuth sign-in in flight). Without it Amplify would find no session; with it, only Amplify
 * can tell whether the session is still valid. Unreadable storage counts as a possible session.
 */
export function mayHaveStoredSession(
  clientId: string | undefined = runtimeConfig?.userPoolClientId,
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

/** Whether a storage key is a refresh token of this app client (what Amplify watches for cross-tab sign-in). */
export function isStoredSignIn(key: string, clientId = runtimeConfig?.userPoolClientId): boolean {
  return Boolean(clientId) && key.startsWith(storagePrefix(clientId ?? '')) && key.endsWith('.refreshToken');
}

/** Whether the app must ask Amplify for the session at start-up, rather than start signed out. */
export function needsAmplifyAtStart(pathname: string = window.location.pathname): boolean {
  return amplifyRequested() || !isPublicPath(pathname) || mayHaveStoredSession();
}
