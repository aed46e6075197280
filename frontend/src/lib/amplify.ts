import type { RuntimeConfig } from '#shared/runtime-config';
import { routePath } from '#shared/site';
import { oauthSignInInFlight } from './stored-session.ts';

/** The parts of Amplify the app calls through the loader (everything else imports it in lazy chunks). */
export interface AmplifyModules {
  auth: Pick<
    typeof import('aws-amplify/auth'),
    'fetchAuthSession' | 'fetchUserAttributes' | 'getCurrentUser' | 'signOut'
  >;
  Hub: typeof import('aws-amplify/utils').Hub;
}

// Amplify is not in the public pages' bundle nor on the signed-in pages' first load: it is loaded (and
// configured) the first time something needs it: the auth screens, a social sign-in, a sign-out.
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

/** Amplify's modules, unconfigured: the entry fetches them early for a page that needs them (app/signed-in-modules.ts). */
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
 * The screens that call Amplify: signing in, up and out of a password, confirming, resetting a password,
 * a social sign-in's return (/auth/callback) and linking a social account (/account-settings, where that
 * return lands too), and the session's debug page. Every other page reads the session without it
 * (lib/session.ts).
 */
const amplifyPaths = new Set([
  '/auth',
  '/auth/callback',
  '/reset-password',
  '/account-settings',
  '/auth-debug',
]);

/**
 * Whether the page opened at `pathname` will need Amplify, so start-up fetches it next to the first render: one
 * of the screens above, or any page while a social sign-in is under way (Amplify completes it).
 */
export function needsAmplifyAtStart(pathname: string = window.location.pathname): boolean {
  return amplifyRequested() || amplifyPaths.has(routePath(pathname)) || oauthSignInInFlight();
}
