import { afterEach, describe, expect, it } from '@jest/globals';
import {
  isPublicPath,
  isStoredSignIn,
  mayHaveStoredSession,
  needsSessionAtStart,
  oauthSignInInFlight,
} from './stored-session.ts';

afterEach(() => {
  localStorage.clear();
});

describe('what local storage says about a session', () => {
  it('knows every prerendered public page (shared/site.ts), with or without a trailing slash', () => {
    for (const path of ['/', '/pricing', '/pricing/', '/faq', '/privacy-policy', '/terms', '/terms/']) {
      expect(isPublicPath(path)).toBe(true);
    }
    for (const path of ['/auth', '/auth/callback', '/resumes', '/account-settings', '/nope']) {
      expect(isPublicPath(path)).toBe(false);
    }
  });

  it('hints at a session from the keys Amplify stores for the app client', () => {
    expect(mayHaveStoredSession('client1', localStorage)).toBe(false);
    localStorage.setItem('CognitoIdentityServiceProvider.other.LastAuthUser', 'u');
    localStorage.setItem('language', 'en-US');
    expect(mayHaveStoredSession('client1', localStorage)).toBe(false);
    localStorage.setItem('CognitoIdentityServiceProvider.client1.LastAuthUser', 'u');
    expect(mayHaveStoredSession('client1', localStorage)).toBe(true);
    localStorage.clear();
    localStorage.setItem('CognitoIdentityServiceProvider.client1.inflightOAuth', 'true');
    expect(mayHaveStoredSession('client1', localStorage)).toBe(true);
  });

  it('assumes a session when it cannot tell', () => {
    expect(mayHaveStoredSession(undefined, localStorage)).toBe(true);
    const broken = {
      get length(): number {
        throw new Error('denied');
      },
      key: () => null,
    };
    expect(mayHaveStoredSession('client1', broken)).toBe(true);
  });

  it('watches refresh tokens for a sign-in in another tab', () => {
    expect(isStoredSignIn('CognitoIdentityServiceProvider.c.a@b.co.refreshToken', 'c')).toBe(true);
    expect(isStoredSignIn('CognitoIdentityServiceProvider.c.a@b.co.accessToken', 'c')).toBe(false);
    expect(isStoredSignIn('CognitoIdentityServiceProvider.d.u.refreshToken', 'c')).toBe(false);
    expect(isStoredSignIn('CognitoIdentityServiceProvider.c.u.refreshToken', undefined)).toBe(false);
  });

  it('reads the session at start on every page but the public ones', () => {
    expect(needsSessionAtStart('/resumes')).toBe(true);
    expect(needsSessionAtStart('/auth/callback')).toBe(true);
  });

  it('sees a social sign-in under way from the mark Amplify leaves before the redirect', () => {
    expect(oauthSignInInFlight('client1', localStorage)).toBe(false);
    localStorage.setItem('CognitoIdentityServiceProvider.client1.inflightOAuth', 'false');
    expect(oauthSignInInFlight('client1', localStorage)).toBe(false);
    localStorage.setItem('CognitoIdentityServiceProvider.other.inflightOAuth', 'true');
    expect(oauthSignInInFlight('client1', localStorage)).toBe(false);
    localStorage.setItem('CognitoIdentityServiceProvider.client1.inflightOAuth', 'true');
    expect(oauthSignInInFlight('client1', localStorage)).toBe(true);
    expect(oauthSignInInFlight(undefined, localStorage)).toBe(false);
  });
});
