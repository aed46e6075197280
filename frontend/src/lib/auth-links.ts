/** The /auth address of the top bar's Login and Register buttons: the view, and a way back to `path`. */
export function authLink(view: 'sign-in' | 'sign-up', path: string): string {
  return `/auth?${new URLSearchParams({ view, redirect: path }).toString()}`;
}

/** Where an anonymous visitor goes for a page that needs an account: /auth, then back to it. */
export function signInFor(path: string): string {
  return `/auth?${new URLSearchParams({ redirect: path }).toString()}`;
}

/** Initials for the avatar: first and last name, else the e-mail's first letter, else the fallback's. */
export function initials(firstName: string, lastName: string, email: string, fallback: string): string {
  const fromNames = [firstName, lastName]
    .map((name) => name.trim().charAt(0))
    .filter(Boolean)
    .join('');
  const letters = fromNames || email.trim().charAt(0) || fallback.trim().charAt(0);
  return letters.toLocaleUpperCase();
}

/** "First Last", or the fallback ('User') when the account has no name. */
export function displayName(firstName: string, lastName: string, fallback: string): string {
  return [firstName.trim(), lastName.trim()].filter(Boolean).join(' ') || fallback;
}
