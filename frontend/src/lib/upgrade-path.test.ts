/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import { returnToFrom, upgradePath } from './upgrade-path.ts';

describe('the return from an upgrade', () => {
  it('links to /pricing with the app path to come back to', () => {
    expect(upgradePath('/builder?id=7&dialog=design')).toBe(
      '/pricing?returnTo=%2Fbuilder%3Fid%3D7%26dialog%3Ddesign',
    );
    expect(returnToFrom('?returnTo=%2Fbuilder%3Fid%3D7%26dialog%3Ddesign')).toBe(
      '/builder?id=7&dialog=design',
    );
  });

  it.each([
    'https://evil.test/',
    '//evil.test/x',
    '/\\evil.test',
    'javascript:alert(1)',
    '/auth?redirect=/x',
    '/pricing',
    '',
  ])('never returns to %j: no link carries it and /pricing ignores it', (path) => {
    expect(upgradePath(path)).toBe('/pricing');
    expect(returnToFrom(`?returnTo=${encodeURIComponent(path)}`)).toBeNull();
  });
});
