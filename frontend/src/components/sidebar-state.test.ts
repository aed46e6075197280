/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import {
  initialSidebarOpen,
  isAdminPath,
  isSidebarShortcut,
  readSidebarCookie,
  SIDEBAR_COOKIE_MAX_AGE,
  sidebarCookie,
} from './sidebar-state.ts';

const key = (
  key: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {},
) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('sidebar cookie', () => {
  it('is remembered site-wide for 7 days', () => {
    expect(SIDEBAR_COOKIE_MAX_AGE).toBe(604800);
    expect(sidebarCookie(false)).toBe('sidebar_state=false; path=/; max-age=604800; samesite=lax');
    expect(sidebarCookie(true, true)).toBe(
      'sidebar_state=true; path=/; max-age=604800; samesite=lax; secure',
    );
  });

  it('reads the state back from document.cookie among other cookies', () => {
    expect(readSidebarCookie('a=1; sidebar_state=false; b=2')).toBe(false);
    expect(readSidebarCookie('sidebar_state=true')).toBe(true);
  });

  it('ignores a missing or malformed value', () => {
    expect(readSidebarCookie('')).toBeNull();
    expect(readSidebarCookie('sidebar_state=maybe; other_sidebar_state=false')).toBeNull();
  });
});

describe('initial sidebar state', () => {
  it('is expanded without a cookie, the remembered state with one, collapsed on admin pages', () => {
    expect(initialSidebarOpen('', '/resumes')).toBe(true);
    expect(initialSidebarOpen('sidebar_state=false', '/resumes')).toBe(false);
    expect(initialSidebarOpen('sidebar_state=true', '/admin')).toBe(false);
    expect(initialSidebarOpen('sidebar_state=true', '/admin/users/42')).toBe(false);
  });

  it('treats /admin, its subpaths and /admin-test as admin pages', () => {
    expect(
      [
        '/admin',
        '/admin/',
        '/admin/users',
        '/admin-test',
        '/admin-test/',
        '/administrator',
        '/admin-tests',
      ].map(isAdminPath),
    ).toEqual([true, true, true, true, true, false, false]);
    expect(initialSidebarOpen('sidebar_state=true', '/admin-test')).toBe(false);
  });
});

describe('sidebar shortcut', () => {
  it('is Ctrl+b or Cmd+b, in either case', () => {
    expect(isSidebarShortcut(key('b', { ctrlKey: true }))).toBe(true);
    expect(isSidebarShortcut(key('B', { metaKey: true }))).toBe(true);
  });

  it('is not b alone, nor with Alt or Shift, nor another key', () => {
    expect(isSidebarShortcut(key('b'))).toBe(false);
    expect(isSidebarShortcut(key('b', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSidebarShortcut(key('b', { metaKey: true, altKey: true }))).toBe(false);
    expect(isSidebarShortcut(key('n', { ctrlKey: true }))).toBe(false);
  });
});
