import { Amplify } from 'aws-amplify';
import type { RuntimeConfig } from '#shared/runtime-config';

/**
 * Point Amplify Auth at the user pool; `cognitoEndpoint` is set where Cognito is local (cognito-local).
 * With social sign-in on, the hosted-UI domain carries the Google and LinkedIn redirects back to
 * /auth/callback (sign-in) or /account-settings (connecting an account).
 */
export function configureAmplify(config: RuntimeConfig, origin = window.location.origin): void {
  const oauth =
    config.socialSignIn && config.oauthDomain
      ? {
          domain: config.oauthDomain,
          scopes: ['openid', 'email', 'profile', 'aws.cognito.signin.user.admin'],
          redirectSignIn: [`${origin}/auth/callback`, `${origin}/account-settings`],
          redirectSignOut: [`${origin}/auth`],
          responseType: 'code' as const,
        }
      : undefined;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: config.userPoolId,
        userPoolClientId: config.userPoolClientId,
        ...(config.cognitoEndpoint ? { userPoolEndpoint: config.cognitoEndpoint } : {}),
        loginWith: { email: true, ...(oauth ? { oauth } : {}) },
      },
    },
  });
}
