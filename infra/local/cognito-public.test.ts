import { describe, expect, it } from '@jest/globals';
import { BROWSER_COGNITO_TARGETS, cognitoRefusal } from './cognito-public.ts';

const target = (operation: string) => `AWSCognitoIdentityProviderService.${operation}`;

describe('the public Cognito endpoint', () => {
  it.each([...BROWSER_COGNITO_TARGETS])('forwards %s, a call the browser makes', (operation) => {
    expect(cognitoRefusal('POST', '/', target(operation))).toBeNull();
    expect(cognitoRefusal('POST', '', target(operation))).toBeNull();
  });

  it.each([
    'AdminAddUserToGroup',
    'AdminCreateUser',
    'AdminDeleteUser',
    'AdminInitiateAuth',
    'AdminSetUserPassword',
    'ListUsers',
    'ListUserPoolClients',
    'CreateUserPoolClient',
    'DeleteUserPool',
    'UpdateUserAttributes',
    'ChangePassword',
  ])("refuses %s with Cognito's AccessDeniedException", (operation) => {
    expect(cognitoRefusal('POST', '/', target(operation))).toEqual({
      status: 400,
      body: { __type: 'AccessDeniedException', message: expect.stringContaining(operation) },
    });
  });

  it('refuses a missing or foreign target, another path and another method', () => {
    const refused = [
      cognitoRefusal('POST', '/', undefined),
      cognitoRefusal('POST', '/', 'DynamoDB_20120810.Scan'),
      cognitoRefusal('POST', '/', 'InitiateAuth'),
      cognitoRefusal('POST', '/health', target('InitiateAuth')),
      cognitoRefusal('GET', '/', target('InitiateAuth')),
      cognitoRefusal('PUT', '/', target('InitiateAuth')),
    ];

    expect(refused.map((r) => r?.body.__type)).toEqual(Array(6).fill('AccessDeniedException'));
  });

  it("serves the issuer's public documents to anyone, and nothing else by GET", () => {
    expect(cognitoRefusal('GET', '/us-east-1_abc/.well-known/jwks.json', undefined)).toBeNull();
    expect(cognitoRefusal('GET', '/us-east-1_abc/.well-known/openid-configuration', undefined)).toBeNull();
    expect(cognitoRefusal('GET', '/health', undefined)).not.toBeNull();
    expect(cognitoRefusal('GET', '/us-east-1_abc/.well-known/../../x', undefined)).not.toBeNull();
  });
});
