/** Sidebar constants and rules of spec sections 2 and 9, without React. */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
/** 7 days. */
export const SIDEBAR_COOKIE_MAX_AGE = 604_800;
export const SIDEBAR_SHORTCUT_KEY = 'b';
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
/** Below this width the sidebar is a slide-in drawer. */
export const MOBILE_BREAKPOINT = 768;

/** The remembered state in a `document.cookie` string: true (expanded), false (collapsed) or null (none). */
export function readSidebarCookie(cookies: string): boolean | null {
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== SIDEBAR_COOKIE_NAME) continue;
    const value = rest.join('=');
    if (value === 'true') return true;
    if (value === 'false') return false;
  }
  return null;
}

/** The `document.cookie` assignment that remembers the state for 7 days, site-wide. */
export function sidebarCookie(open: boolean, secure = false): string {
  return `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax${secure ? '; secure' : ''}`;
}

/** Ctrl+b, or Cmd+b on a Mac; not with Alt or Shift, which other shortcuts use. */
export function isSidebarShortcut(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}): boolean {
  return (
    event.key.toLowerCase() === SIDEBAR_SHORTCUT_KEY &&
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey
  );
}

/** The admin pages, where the sidebar collapses by itself: the admin area and /admin-test, its permissions page. */
export const isAdminPath = (pathname: string) => /^\/admin(-test)?(\/|$)/.test(pathname);

/** The state the sidebar starts in: collapsed on admin pages, else the remembered one, else expanded. */
export function initialSidebarOpen(cookies: string, pathname: string): boolean {
  if (isAdminPath(pathname)) return false;
  return readSidebarCookie(cookies) ?? true;
}
