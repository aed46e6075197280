import { afterEach, describe, expect, it } from '@jest/globals';
import { clearResetLink, readResetLink, saveResetLink } from './flow-storage.ts';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('reset link carry', () => {
  it('keeps e-mail and code in sessionStorage until cleared', () => {
    saveResetLink({ email: 'a@b.co', code: '123456' });

    expect(readResetLink()).toEqual({ email: 'a@b.co', code: '123456' });
    expect(localStorage.length).toBe(0);
    clearResetLink();
    expect(readResetLink()).toBeNull();
  });

  it('ignores a damaged entry', () => {
    sessionStorage.setItem('passwordResetLink', '{"email":1');

    expect(readResetLink()).toBeNull();
  });
});
