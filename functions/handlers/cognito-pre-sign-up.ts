import { AdminLinkProviderForUserCommand, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { accountLocales } from '#shared/account';
import { cognitoClient } from '../adapters/cognito.ts';
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

/**
 * E-mail sign-ups must carry first and last name and a known language. A social sign-up whose e-mail
 * belongs to an existing e-mail account is linked to it, so one person keeps one account.
 */
export const handler = async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  const attributes = event.request.userAttributes;
  if (event.triggerSource === 'PreSignUp_SignUp') {
    const problem = signUpProblem(attributes);
    if (problem) throw new Error(problem);
    return event;
  }
  if (event.triggerSource === 'PreSignUp_ExternalProvider' && attributes.email) {
    const { Users = [] } = await cognitoClient.send(
      new ListUsersCommand({
        UserPoolId: event.userPoolId,
        Filter: `email = "${attributes.email.replace(/"/g, '')}"`,
      }),
    );
    const native = Users.find((u) => u.UserStatus !== 'EXTERNAL_PROVIDER');
    const [providerName, providerUserId] = event.userName.split('_');
    if (native?.Username && providerName && providerUserId) {
      await cognitoClient.send(
        new AdminLinkProviderForUserCommand({
          UserPoolId: event.userPoolId,
          DestinationUser: { ProviderName: 'Cognito', ProviderAttributeValue: native.Username },
          SourceUser: {
            ProviderName: providerName,
            ProviderAttributeName: 'Cognito_Subject',
            ProviderAttributeValue: providerUserId,
          },
        }),
      );
      logger.info('social sign-in linked to existing account', { provider: providerName });
    }
    event.response.autoVerifyEmail = true;
  }
  return event;
};
