import { env } from '#functions/contract';
import {
  type ChangePassword,
  cognitoProviderNames,
  type SocialConnection,
  type SocialProvider,
  socialProviders,
} from '#shared/account';
import { passwordChangeProblem } from '#shared/password-policy';
import {
  changeCognitoPassword,
  deleteCognitoUser,
  linkedIdentities,
  passwordMatches,
  unlinkIdentity,
} from '../adapters/cognito.ts';
import { deletePrefix, userPrefixes } from '../adapters/s3.ts';
import { readSecret } from '../adapters/secrets.ts';
import { deleteStripeCustomerLookup } from '../adapters/table/billing.ts';
import { AppError } from '../lib/app-error.ts';
import type { Caller } from '../lib/auth.ts';
import { logger } from '../lib/logger.ts';
import { sendPasswordChangedEmail } from './account-mail.ts';
import { checkRateLimit } from './ai/rate-limit.ts';
import { cancelForAccountDeletion } from './billing/cancel.ts';
import { stripeSettings } from './billing/config.ts';
import { PROFILE_DELETING_STATUS, readSubscriptionRow } from './billing/store.ts';
import { createStripeClient } from './billing/stripe-client.ts';
import { deleteProfile, deleteUserItems, type Profile, setProfileStatus } from './profiles.ts';

/**
 * Cancel the user's Stripe subscription at once, before their data goes (spec section 8). Never throws: a
 * failure (Stripe down, payments not configured, the secret unreadable) is logged and deletion continues.
 */
async function cancelPayments(sub: string): Promise<void> {
  try {
    const { row } = await readSubscriptionRow(sub);
    const settings = stripeSettings(await readSecret('stripe'));
    if (settings) {
      const stripe = createStripeClient(settings.secretKey, { apiBase: settings.apiBase });
      await cancelForAccountDeletion(stripe, sub);
    }
    // The customer → user lookup is outside the user's partition: it goes here, not with their items.
    if (row?.stripeCustomerId) {
      await deleteStripeCustomerLookup(row.stripeCustomerId);
    }
  } catch (error) {
    logger.error('stripe cancellation skipped during account deletion; deletion continues', {
      sub,
      error: error as Error,
    });
  }
}

/**
 * Delete an account after checking the password again: the Profile is marked 'deleting' (so a late Stripe
 * event cannot write billing rows again), the Stripe subscription is cancelled, then the user's files,
 * their items, the Cognito user, and the Profile last. If the Cognito user cannot be deleted, the data is
 * gone but the Profile is not (PARTIAL_DELETION): it is marked active again so the user can sign in and
 * try again.
 */
export async function deleteAccount(caller: Caller, profile: Profile, password: string): Promise<void> {
  // Each check is a guess at the password: bounded like a password change (AUTH_RATE_LIMITED).
  await checkRateLimit(caller.sub, 'passwordChecks');
  if (!(await passwordMatches(profile.email, password))) {
    throw new AppError('INCORRECT_PASSWORD', 'The password is not correct.');
  }
  await deleteUserAccount(caller);
}

/** Cognito's refusals of a ChangePassword, as the API's stable codes. */
function changePasswordError(cause: unknown): AppError | null {
  const { name, message } = cause as Error;
  switch (name) {
    case 'NotAuthorizedException':
      // The same exception says the token is not accepted ('Invalid Access Token', 'User is disabled.').
      return /incorrect/i.test(message)
        ? new AppError('INCORRECT_PASSWORD', 'The current password is not correct.', { cause })
        : new AppError('UNAUTHORIZED', 'Cognito did not accept the session.', { cause });
    case 'InvalidPasswordException':
    case 'InvalidParameterException':
      return new AppError('PASSWORD_TOO_WEAK', 'Cognito refused the new password.', { cause });
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return new AppError('AUTH_RATE_LIMITED', 'Too many password attempts.', { cause });
    default:
      return null;
  }
}

/**
 * Change the caller's password with Cognito's ChangePassword and their own access token, after the policy
 * (PASSWORD_TOO_WEAK, spending no attempt) and the rate limit of password checks (AUTH_RATE_LIMITED). A
 * wrong current password is INCORRECT_PASSWORD. The user is then told by e-mail, in their language.
 */
export async function changePassword(
  caller: Pick<Caller, 'sub'>,
  profile: Pick<Profile, 'id' | 'email' | 'locale'>,
  accessToken: string,
  { currentPassword, newPassword }: ChangePassword,
): Promise<void> {
  const problem = passwordChangeProblem(currentPassword, newPassword);
  if (problem) {
    throw new AppError('PASSWORD_TOO_WEAK', 'The new password does not meet the policy.', {
      issues: [{ path: 'newPassword', message: problem }],
    });
  }
  await checkRateLimit(caller.sub, 'passwordChecks');
  try {
    await changeCognitoPassword(accessToken, currentPassword, newPassword);
  } catch (cause) {
    throw changePasswordError(cause) ?? cause;
  }
  logger.info('password changed', { sub: caller.sub });
  await sendPasswordChangedEmail(profile);
}

/**
 * The deletion itself, without the password check: the user's own request above, and staff deleting a
 * user (functions/domain/admin). On a failure the Profile goes back to `restoreStatus`, so a disabled user
 * whose deletion failed stays disabled.
 */
export async function deleteUserAccount(
  user: Pick<Caller, 'sub' | 'username'>,
  restoreStatus: Profile['status'] = 'active',
): Promise<void> {
  await setProfileStatus(user.sub, PROFILE_DELETING_STATUS);
  try {
    await deleteAccountData(user);
  } catch (error) {
    await setProfileStatus(user.sub, restoreStatus).catch((e: unknown) =>
      logger.error('could not restore the Profile status after a failed deletion', {
        sub: user.sub,
        error: e as Error,
      }),
    );
    throw error;
  }
}

async function deleteAccountData(caller: Pick<Caller, 'sub' | 'username'>): Promise<void> {
  await cancelPayments(caller.sub);
  let files = 0;
  for (const variable of [env.uploadsBucket, env.exportsBucket]) {
    const bucket = process.env[variable];
    if (!bucket) continue;
    for (const prefix of userPrefixes(caller.sub)) files += await deletePrefix(bucket, prefix);
  }
  const items = await deleteUserItems(caller.sub);
  try {
    await deleteCognitoUser(caller.username);
  } catch (cause) {
    if ((cause as Error).name !== 'UserNotFoundException') {
      logger.error('account data deleted but the Cognito user was not', {
        sub: caller.sub,
        error: cause as Error,
      });
      throw new AppError('PARTIAL_DELETION', 'The account data was deleted, the sign-in record was not.', {
        cause,
      });
    }
  }
  await deleteProfile(caller.sub);
  logger.info('account deleted', { sub: caller.sub, items, files });
}

/** Google and LinkedIn, each with whether it is linked to the user and as whom. */
export async function socialConnections(username: string): Promise<SocialConnection[]> {
  const { identities, attributes } = await linkedIdentities(username);
  return socialProviders.map((provider) => {
    const linked = identities.some((i) => i.providerName === cognitoProviderNames[provider]);
    return {
      provider,
      connected: linked,
      email: linked ? (attributes.email ?? null) : null,
      name: linked ? [attributes.given_name, attributes.family_name].filter(Boolean).join(' ') || null : null,
    };
  });
}

/** Unlink a social provider, or PROVIDER_NOT_CONNECTED when it is not linked. */
export async function disconnectProvider(username: string, provider: SocialProvider): Promise<void> {
  const { identities } = await linkedIdentities(username);
  const identity = identities.find((i) => i.providerName === cognitoProviderNames[provider]);
  if (!identity) throw new AppError('PROVIDER_NOT_CONNECTED', `${provider} is not connected.`);
  await unlinkIdentity(identity);
}
