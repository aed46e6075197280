import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { accountLocales, cognitoProviderNames, socialProviders } from '#shared/account';
import { linkIdentity, usersWithEmail } from '../adapters/cognito-admin.ts';
import { logger } from '../lib/logger.ts';

const HOST = /^[a-z0-9.-]{1,253}(:\d{1,5})?$/i;

/** Sign-up rules Cognito does not check itself; the thrown message reaches the client as a stable code. */
export function signUpProblem(attributes: Record<string, string | undefined>): string | null {
  if (!attributes.given_name?.trim()) return 'FIRST_NAME_REQUIRED';
  if (!attributes.family_name?.trim()) return 'LAST_NAME_REQUIRED';
  if (attributes.locale && !(accountLocales as readonly string[]).includes(attributes.locale))
    return 'LOCALE_INVALID';
  const domain = attributes['custom:preferred_domain'];
  if (domain && !HOST.test(domain)) return 'PREFERRED_DOMAIN_INVALID';
  return null;
}

/** `google_123` or `LinkedIn_abc_def` → Cognito's provider name and the provider's user id. */
export function externalIdentity(userName: string): { providerName: string; userId: string } | null {
  const split = userName.indexOf('_');
  if (split <= 0) return null;
  const prefix = userName.slice(0, split).toLowerCase();
  const provider = socialProviders.find((p) => p === prefix);
  return provider
    ? { providerName: cognitoProviderNames[provider], userId: userName.slice(split + 1) }
    : null;
}

/**
 * E-mail sign-ups must carry first and last name and a known language. A social sign-up is linked to an
 * existing confirmed e-mail account only when the provider vouches for the address, so nobody takes over an
 * account by signing in with an unverified e-mail; the address is trusted only when the provider verified it.
 */
export const handler = async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  const attributes = event.request.userAttributes;
  if (event.triggerSource === 'PreSignUp_SignUp') {
    const problem = signUpProblem(attributes);
    if (problem) throw new Error(problem);
    return event;
  }
  if (event.triggerSource !== 'PreSignUp_ExternalProvider') return event;
  const providerVerified = attributes.email_verified === 'true';
  event.response.autoVerifyEmail = providerVerified;
  const identity = externalIdentity(event.userName);
  if (!providerVerified || !attributes.email || !identity) return event;
  const users = await usersWithEmail(event.userPoolId, attributes.email);
  const native = users.find(
    (u) =>
      u.status === 'CONFIRMED' && u.attributes.some((a) => a.name === 'email_verified' && a.value === 'true'),
  );
  if (!native?.username) return event;
  await linkIdentity(event.userPoolId, native.username, identity);
  logger.info('social sign-in linked to existing account', { provider: identity.providerName });
  return event;
};
