/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { safeRedirectPath, signInPath } from './safe-redirect.ts';

describe('safeRedirectPath', () => {
  it('keeps in-app paths with their query', () => {
    expect(safeRedirectPath('/builder?id=abc')).toBe('/builder?id=abc');
  });

  it.each([
    [null],
    [''],
    ['resumes'],
    ['https://evil.example/'],
    ['//evil.example/'],
    ['/\\evil.example/'],
    ['/\tjavascript:alert(1)'],
    ['/auth?view=sign-up'],
  ])('rejects %p in favour of /resumes', (value) => {
    expect(safeRedirectPath(value)).toBe('/resumes');
  });
});

describe('signInPath', () => {
  it('carries the original path and query in ?redirect=', () => {
    const url = new URL(signInPath('/builder?id=a&b=1'), 'http://app.test');
    expect([url.pathname, url.searchParams.get('redirect')]).toEqual(['/auth', '/builder?id=a&b=1']);
  });
});
