/**
 * What the browser may ask of Cognito through the local cloud's public `/cognito` path. cognito-local answers
 * every operation unsigned, admin ones included (AdminAddUserToGroup, ListUsers, AdminDeleteUser); deployed,
 * those need IAM credentials the browser never has. So the proxy forwards only the calls the SPA's Amplify
 * makes (sign-up, confirmation, password sign-in and its challenges, reset, refresh, user attributes, sign-out)
 * and refuses the rest as Cognito refuses a caller without permission. The back end reaches cognito-local
 * through its own endpoint, a SigV4 front (cognito.ts) that lets the same calls through unsigned, as AWS does,
 * and takes every other one only signed with the local cloud's key; never through this path.
 */
export const BROWSER_COGNITO_TARGETS: ReadonlySet<string> = new Set([
  'InitiateAuth', // signIn (USER_PASSWORD_AUTH); the refresh below becomes one too
  'RespondToAuthChallenge', // signIn's next steps (a new password required)
  'GetTokensFromRefreshToken', // fetchAuthSession's refresh (Amplify 6.14+)
  'SignUp', // signUp
  'ConfirmSignUp', // confirmSignUp
  'ResendConfirmationCode', // resendSignUpCode
  'ForgotPassword', // resetPassword
  'ConfirmForgotPassword', // confirmResetPassword
  'GetUser', // fetchUserAttributes
  'RevokeToken', // signOut
]);

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/** The issuer's public documents, which Cognito serves to anyone. */
const PUBLIC_DOCUMENT = /^\/[\w-]+\/\.well-known\/(jwks\.json|openid-configuration)$/;

export interface CognitoRefusal {
  /** HTTP status, as the AWS JSON protocol answers a refused call. */
  status: number;
  body: { __type: string; message: string };
}

/**
 * Why a request to `/cognito{path}` is refused, in Cognito's own error shape, or null when it may be
 * forwarded. `path` is the part after `/cognito`.
 */
export function cognitoRefusal(
  method: string,
  path: string,
  target: string | undefined,
): CognitoRefusal | null {
  if ((method === 'GET' || method === 'HEAD') && PUBLIC_DOCUMENT.test(path)) return null;
  const operation = target?.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : undefined;
  if (
    method === 'POST' &&
    (path === '' || path === '/') &&
    operation &&
    BROWSER_COGNITO_TARGETS.has(operation)
  ) {
    return null;
  }
  return {
    status: 400,
    body: {
      __type: 'AccessDeniedException',
      message: operation
        ? `${operation} is not available at the public Cognito endpoint: it needs IAM credentials.`
        : 'Only Cognito user-pool calls made by the app are accepted at the public Cognito endpoint.',
    },
  };
}
