import { describe, expect, test } from '@jest/globals';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Auth } from '#infra/lib/auth';
import { passwordMinLength } from '#shared/password-policy';

// Only the Auth construct is synthesized: the pool's policy does not depend on the rest of the stack, and a
// bare stack takes a fraction of the full synth's time.
describe('user pool password policy', () => {
  test('Cognito enforces the shared minimum length (8) and no composition rules', () => {
    const stack = new Stack(new App(), 'PasswordPolicy');
    new Auth(stack, 'Auth');
    const pools = Object.values(Template.fromStack(stack).findResources('AWS::Cognito::UserPool'));
    expect(pools).toHaveLength(1);
    expect(passwordMinLength).toBe(8);
    expect(pools[0]?.Properties.Policies.PasswordPolicy).toMatchObject({
      MinimumLength: passwordMinLength,
      RequireLowercase: false,
      RequireUppercase: false,
      RequireNumbers: false,
      RequireSymbols: false,
    });
  });
});
