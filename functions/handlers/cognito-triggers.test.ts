import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from '@jest/globals';

const sample = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../events/cognito/${name}.json`, import.meta.url), 'utf8'));

beforeAll(() => {
  process.env.ALLOWED_ORIGINS = 'https://app.example.com,https://curriculos.example.com.br';
  process.env.BOOTSTRAP_ADMIN_EMAILS = 'owner@example.com';
});

describe('custom-message trigger', () => {
  it('writes a Portuguese confirmation whose link goes to the preferred domain and carries the code placeholder', async () => {
    const { handler } = await import('./cognito-custom-message.ts');
    const event = sample('custom-message-sign-up');

    const result = await handler(event);

    expect(result.response.emailSubject).toBe('Confirme seu e-mail no Criador de Currículos');
    expect(result.response.emailMessage).toContain(
      'href="https://curriculos.example.com.br/auth/callback?type=signup&amp;email=ana%2Bcv%40example.com&amp;code={####}"',
    );
    expect(result.response.emailMessage).toContain(
      '<strong style="font-size:18px;letter-spacing:2px">{####}</strong>',
    );
  });

  it('falls back to the first app origin and English, and words the reset e-mail as a reset', async () => {
    const { handler } = await import('./cognito-custom-message.ts');
    const event = sample('custom-message-sign-up');
    event.triggerSource = 'CustomMessage_ForgotPassword';
    event.request.userAttributes.locale = 'en';
    event.request.userAttributes['custom:preferred_domain'] = 'evil.example';

    const result = await handler(event);

    expect(result.response.emailSubject).toBe('Reset your Resume Builder password');
    expect(result.response.emailMessage).toContain(
      'https://app.example.com/auth/callback?type=recovery&amp;',
    );
  });

  it('leaves other messages (e.g. MFA) to Cognito', async () => {
    const { handler } = await import('./cognito-custom-message.ts');
    const event = sample('custom-message-sign-up');
    event.triggerSource = 'CustomMessage_Authentication';

    expect((await handler(event)).response.emailMessage).toBeNull();
  });
});

describe('pre-sign-up trigger', () => {
  it('accepts a complete e-mail sign-up and refuses missing names or an unknown language', async () => {
    const { handler, signUpProblem } = await import('./cognito-pre-sign-up.ts');
    const event = sample('pre-sign-up');

    await expect(handler(event)).resolves.toBe(event);
    expect(signUpProblem({ ...event.request.userAttributes, given_name: ' ' })).toBe('FIRST_NAME_REQUIRED');
    expect(signUpProblem({ ...event.request.userAttributes, family_name: undefined })).toBe(
      'LAST_NAME_REQUIRED',
    );
    expect(signUpProblem({ ...event.request.userAttributes, locale: 'fr' })).toBe('LOCALE_INVALID');
    expect(signUpProblem({ ...event.request.userAttributes, 'custom:preferred_domain': 'a b' })).toBe(
      'PREFERRED_DOMAIN_INVALID',
    );
  });
});

describe('social sign-up identity', () => {
  it('reads the provider from the first underscore, in any case, and refuses unknown providers', async () => {
    const { externalIdentity } = await import('./cognito-pre-sign-up.ts');

    expect(externalIdentity('google_1234')).toEqual({ providerName: 'Google', userId: '1234' });
    expect(externalIdentity('LinkedIn_ab_cd')).toEqual({ providerName: 'LinkedIn', userId: 'ab_cd' });
    expect(externalIdentity('facebook_1')).toBeNull();
    expect(externalIdentity('nounderscore')).toBeNull();
  });

  it('trusts a social e-mail only when the provider verified it, and then links nothing without a match', async () => {
    const { handler } = await import('./cognito-pre-sign-up.ts');
    const event = sample('pre-sign-up');
    event.triggerSource = 'PreSignUp_ExternalProvider';
    event.userName = 'LinkedIn_abc';
    event.request.userAttributes.email_verified = 'false';

    const result = await handler(event);

    expect(result.response.autoVerifyEmail).toBe(false);
  });
});

describe('pre-token-generation trigger', () => {
  it('gives a bootstrap admin the role claim and the admin group, keeping their other groups', async () => {
    const { handler } = await import('./cognito-pre-token-generation.ts');

    const result = await handler(sample('pre-token-generation'));

    expect(result.response.claimsOverrideDetails).toEqual({
      claimsToAddOrOverride: { role: 'admin', locale: 'en' },
      groupOverrideDetails: {
        groupsToOverride: ['beta-testers', 'admin'],
        iamRolesToOverride: [],
        preferredRole: null,
      },
    });
  });

  it('ignores the bootstrap list for an unverified address (anyone could type it)', async () => {
    const { handler } = await import('./cognito-pre-token-generation.ts');
    const event = sample('pre-token-generation');
    event.request.userAttributes.email_verified = 'false';

    const result = await handler(event);

    expect(result.response.claimsOverrideDetails).toEqual({ claimsToAddOrOverride: { locale: 'en' } });
  });

  it('adds no role for everyone else', async () => {
    const { handler } = await import('./cognito-pre-token-generation.ts');
    const event = sample('pre-token-generation');
    event.request.userAttributes.email = 'someone@example.com';

    const result = await handler(event);

    expect(result.response.claimsOverrideDetails).toEqual({ claimsToAddOrOverride: { locale: 'en' } });
  });
});
