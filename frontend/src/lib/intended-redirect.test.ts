import { afterEach, describe, expect, it } from '@jest/globals';
import { clearIntendedRedirect, readIntendedRedirect, saveIntendedRedirect } from './intended-redirect.ts';

afterEach(() => {
  localStorage.clear();
});

describe('intended redirect', () => {
  it('keeps only same-origin paths', () => {
    saveIntendedRedirect('/account-settings');
    expect(readIntendedRedirect()).toBe('/account-settings');

    localStorage.setItem('intendedRedirect', '//evil.example/phish');
    expect(readIntendedRedirect()).toBe('/resumes');

    clearIntendedRedirect();
    expect(readIntendedRedirect()).toBeNull();
  });
});
