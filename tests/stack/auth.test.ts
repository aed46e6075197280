import { beforeAll, describe, expect, test } from '@jest/globals';
import type { Template } from 'aws-cdk-lib/assertions';
import { functionId, type Json, roleStatements, synth } from './template-helpers.ts';

// Social sign-in deployed: the providers must hand over whether they verified the e-mail, or the pre-sign-up
// trigger can never link a social sign-up to the confirmed account of the same address.

let social: Template;

beforeAll(() => {
  social = synth({
    stage: 'social',
    appOrigin: 'https://app.example.com',
    social: {
      domainPrefix: 'resume-builder-social',
      google: { clientId: 'google-client', secretName: 'rb/google' },
      linkedin: { clientId: 'linkedin-client', secretName: 'rb/linkedin' },
    },
  }).template;
});

const mappingOf = (provider: string): Record<string, string> => {
  const found = Object.values(social.findResources('AWS::Cognito::UserPoolIdentityProvider')).find(
    (r: Json) => r.Properties.ProviderName === provider,
  ) as Json;
  return found?.Properties.AttributeMapping ?? {};
};

describe('identity provider attribute mappings', () => {
  test('Google maps e-mail, names and email_verified', () => {
    expect(mappingOf('Google')).toMatchObject({
      email: 'email',
      given_name: 'given_name',
      family_name: 'family_name',
      email_verified: 'email_verified',
    });
  });

  test('LinkedIn (OIDC) maps e-mail, names and email_verified', () => {
    expect(mappingOf('LinkedIn')).toMatchObject({
      email: 'email',
      given_name: 'given_name',
      family_name: 'family_name',
      email_verified: 'email_verified',
    });
  });
});

describe('pre-token-generation trigger grants', () => {
  test('may write Profiles (staff role sync) and list a user’s groups, nothing else of the pool', () => {
    const statements = roleStatements(social, functionId(social, 'preTokenGeneration'));
    const actions = statements.flatMap((s: Json) => [s.Action].flat());

    expect(actions).toEqual(
      expect.arrayContaining(['dynamodb:UpdateItem', 'cognito-idp:AdminListGroupsForUser']),
    );
    expect(actions.filter((a: string) => a.startsWith('cognito-idp:'))).toEqual([
      'cognito-idp:AdminListGroupsForUser',
    ]);
  });
});
