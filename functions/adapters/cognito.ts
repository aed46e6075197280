import {
  AdminDeleteUserCommand,
  AdminDisableProviderForUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminUpdateUserAttributesCommand,
  ChangePasswordCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { requireEnv } from '#functions/contract';

/** One Cognito client per process; the endpoint comes from the SDK's settings (local cloud: env). */
export const cognitoClient = new CognitoIdentityProviderClient({});

/** Check a password by signing in again, as the spec asks before deleting an account. */
export async function passwordMatches(email: string, password: string): Promise<boolean> {
  try {
    await cognitoClient.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: requireEnv('userPoolClientId'),
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    return true;
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'NotAuthorizedException' || name === 'InvalidPasswordException') return false;
    throw error;
  }
}

/**
 * Cognito's ChangePassword with the user's own access token (the call needs no IAM permission: the token is
 * the authority). Cognito checks the previous password and the pool's policy.
 */
export async function changeCognitoPassword(
  accessToken: string,
  previousPassword: string,
  proposedPassword: string,
): Promise<void> {
  await cognitoClient.send(
    new ChangePasswordCommand({
      AccessToken: accessToken,
      PreviousPassword: previousPassword,
      ProposedPassword: proposedPassword,
    }),
  );
}

export async function deleteCognitoUser(username: string): Promise<void> {
  await cognitoClient.send(
    new AdminDeleteUserCommand({ UserPoolId: requireEnv('userPoolId'), Username: username }),
  );
}

export async function updateCognitoAttributes(
  username: string,
  attributes: Record<string, string>,
): Promise<void> {
  await cognitoClient.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: requireEnv('userPoolId'),
      Username: username,
      UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
    }),
  );
}

export interface LinkedIdentity {
  providerName: string;
  userId: string;
}

/** The social identities linked to a user (Cognito's `identities` attribute). */
export async function linkedIdentities(
  username: string,
): Promise<{ identities: LinkedIdentity[]; attributes: Record<string, string> }> {
  const { UserAttributes = [] } = await cognitoClient.send(
    new AdminGetUserCommand({ UserPoolId: requireEnv('userPoolId'), Username: username }),
  );
  const attributes = Object.fromEntries(UserAttributes.map((a) => [a.Name ?? '', a.Value ?? '']));
  let identities: LinkedIdentity[] = [];
  try {
    identities = JSON.parse(attributes.identities ?? '[]') as LinkedIdentity[];
  } catch {
    identities = [];
  }
  return { identities, attributes };
}

/** Unlink one social identity from a user. */
export async function unlinkIdentity(identity: LinkedIdentity): Promise<void> {
  await cognitoClient.send(
    new AdminDisableProviderForUserCommand({
      UserPoolId: requireEnv('userPoolId'),
      User: {
        ProviderName: identity.providerName,
        ProviderAttributeName: 'Cognito_Subject',
        ProviderAttributeValue: identity.userId,
      },
    }),
  );
}

/** The Cognito groups of a user. */
export async function groupsOf(username: string): Promise<string[]> {
  const { Groups = [] } = await cognitoClient.send(
    new AdminListGroupsForUserCommand({ UserPoolId: requireEnv('userPoolId'), Username: username }),
  );
  return Groups.map((g) => g.GroupName ?? '').filter(Boolean);
}
