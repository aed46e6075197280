import { afterEach, describe, expect, it } from '@jest/globals';
import { needsAmplifyAtStart } from './amplify.ts';
import { configureSession } from './session.ts';

afterEach(() => {
  localStorage.clear();
});

describe('loading Amplify only where it is called', () => {
  it('needs Amplify at start on the screens that sign in, reset, take a social return or link an account', () => {
    for (const path of ['/auth', '/auth/callback', '/reset-password', '/account-settings', '/auth-debug']) {
      expect(needsAmplifyAtStart(path)).toBe(true);
    }
  });

  it('does without it on the other pages, signed in or not', () => {
    for (const path of ['/', '/pricing', '/builder', '/resumes', '/subscription', '/admin/users']) {
      expect(needsAmplifyAtStart(path)).toBe(false);
    }
  });

  it('needs it on any page while a social sign-in is under way (Amplify completes it)', () => {
    configureSession({ userPoolId: 'us-east-1_p', userPoolClientId: 'client1' });
    localStorage.setItem('CognitoIdentityServiceProvider.client1.inflightOAuth', 'true');
    expect(needsAmplifyAtStart('/builder')).toBe(true);
  });
});
