import { fetchAuthSession } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';

/** Whether Amplify holds a session now. Throws when the session cannot be read (a session error). */
export async function hasAmplifySession(): Promise<boolean> {
  const { tokens } = await fetchAuthSession();
  return Boolean(tokens?.accessToken);
}

const POLL_MS = 200;

/**
 * Wait for Amplify to finish a redirect sign-in (it exchanges the OAuth code on its own): resolves true as
 * soon as a session exists, false after `ms` or when Amplify reports the redirect sign-in failed.
 */
export function waitForAmplifySession(ms: number): Promise<boolean> {
  return new Promise<boolean>((resolve, reject) => {
    let done = false;
    const finish = (result: boolean | Error) => {
      if (done) return;
      done = true;
      clearInterval(poll);
      clearTimeout(deadline);
      stopListening();
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const check = () =>
      hasAmplifySession().then(
        (signedIn) => {
          if (signedIn) finish(true);
        },
        (error: unknown) => finish(error instanceof Error ? error : new Error(String(error))),
      );
    const stopListening = Hub.listen('auth', ({ payload }) => {
      if (payload.event === 'signInWithRedirect' || payload.event === 'signedIn') void check();
      if (payload.event === 'signInWithRedirect_failure') finish(false);
    });
    const poll = setInterval(() => void check(), POLL_MS);
    const deadline = setTimeout(() => {
      void hasAmplifySession().then(
        (signedIn) => finish(signedIn),
        (error: unknown) => finish(error instanceof Error ? error : new Error(String(error))),
      );
    }, ms);
    void check();
  });
}

// Kept here too for existing importers; it lives with the callback parsing, which needs no Amplify.
export { stripAuthCallbackFromUrl } from './callback-url.ts';
