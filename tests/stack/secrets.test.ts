import { resolve } from 'node:path';
import { beforeAll, describe, expect, test } from '@jest/globals';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { env, type FunctionName, type SecretName, secretIdEnv } from '#functions/contract';
import { type FunctionAccess, functions } from '#infra/app-manifest';
import { AppFunction } from '#infra/lib/app-function';
import { SECRET_PLACEHOLDER, secretNames, secretSettings } from '#infra/lib/secrets';
import { secretSettingsEnv } from '#infra/manifest-rules';
import { isConfiguredSecret } from '../../functions/adapters/secrets.ts';
import { DEFAULT_ANTHROPIC_MODEL } from '../../functions/domain/ai/config.ts';
import { actionsOf, functionId, type Json, roleStatements, synth } from './template-helpers.ts';

const functionNames = Object.keys(functions) as FunctionName[];
const secretsOf = (name: FunctionName): readonly SecretName[] =>
  (functions[name].access as FunctionAccess).secrets ?? [];

let template: Template;
/** Logical id of each manifest secret, found by the output that names its ARN. */
let secretIds: Record<SecretName, string>;

beforeAll(() => {
  template = synth({ stage: 'test' }).template;
  const outputs = template.findOutputs('*');
  secretIds = Object.fromEntries(
    secretNames.map((name) => {
      const output = outputs[`${name.charAt(0).toUpperCase()}${name.slice(1)}SecretArn`];
      return [name, output?.Value?.Ref as string];
    }),
  ) as Record<SecretName, string>;
});

const variablesOf = (from: Template, fnId: string): Json => {
  const fn: Json = from.findResources('AWS::Lambda::Function')[fnId];
  return fn.Properties.Environment.Variables;
};

/** Statements of a function's role that touch Secrets Manager. */
const secretStatements = (fnId: string): Json[] =>
  roleStatements(template, fnId).filter((s) => actionsOf([s]).some((a) => a.startsWith('secretsmanager:')));

describe('secrets of the stack', () => {
  test('one secret per manifest secret: operator secrets hold the "not configured" placeholder, the signing key is generated', () => {
    const secrets = template.findResources('AWS::SecretsManager::Secret');

    expect(Object.keys(secrets).sort()).toEqual(Object.values(secretIds).sort());
    for (const [id, secret] of Object.entries(secrets)) {
      if (id === secretIds.impersonation) {
        // Nobody sets this one by hand: a random key exists from the first deploy.
        expect(secret.Properties.SecretString).toBeUndefined();
        expect(secret.Properties.GenerateSecretString).toMatchObject({ PasswordLength: 64 });
        continue;
      }
      expect(secret.Properties.SecretString).toBe(SECRET_PLACEHOLDER);
      expect(secret.Properties.GenerateSecretString).toBeUndefined();
      expect(secret.Properties.Description).toMatch(/placeholder/);
    }
    expect(isConfiguredSecret(SECRET_PLACEHOLDER)).toBe(false);
  });

  test('the manifest grants the impersonation signing key to the impersonation function only', () => {
    expect(functionNames.filter((name) => secretsOf(name).includes('impersonation'))).toEqual([
      'impersonation',
    ]);
  });

  test('the manifest grants the anthropic secret to the ai function, the tailoring worker and the import worker', () => {
    expect(functionNames.filter((name) => secretsOf(name).includes('anthropic')).sort()).toEqual([
      'ai',
      'importWorker',
      'tailoringWorker',
    ]);
  });

  test('the manifest grants the stripe secret to billing, the webhook, account deletion (me) and staff (admin)', () => {
    expect(functionNames.filter((name) => secretsOf(name).includes('stripe')).sort()).toEqual([
      'admin',
      'billing',
      'me',
      'stripeWebhook',
    ]);
  });

  test.each(functionNames)(
    '%s: exactly its secrets’ read, their ids and settings, and nothing else',
    (name) => {
      const fnId = functionId(template, name);
      const variables = variablesOf(template, fnId);
      const granted = secretsOf(name);
      const statements = secretStatements(fnId);

      if (granted.length === 0) {
        expect(statements).toEqual([]);
        for (const secret of secretNames) {
          expect(variables[secretIdEnv[secret]]).toBeUndefined();
          for (const setting of secretSettingsEnv[secret]) expect(variables[setting]).toBeUndefined();
        }
        return;
      }
      // Read only: GetSecretValue and DescribeSecret, on exactly the granted secrets.
      expect([...new Set(actionsOf(statements))].sort()).toEqual([
        'secretsmanager:DescribeSecret',
        'secretsmanager:GetSecretValue',
      ]);
      expect(statements.flatMap((s) => [s.Resource].flat())).toEqual(
        granted.map((secret) => ({ Ref: secretIds[secret] })),
      );
      for (const secret of secretNames) {
        if (granted.includes(secret)) {
          expect(variables[secretIdEnv[secret]]).toEqual({ Ref: secretIds[secret] });
          for (const setting of secretSettingsEnv[secret]) expect(typeof variables[setting]).toBe('string');
        } else {
          expect(variables[secretIdEnv[secret]]).toBeUndefined();
        }
      }
    },
  );

  test('granted functions carry the defaults of functions/domain/ai/config.ts, written out', () => {
    const variables = variablesOf(template, functionId(template, 'ai'));

    expect(variables[env.anthropicModel]).toBe(DEFAULT_ANTHROPIC_MODEL);
    expect(variables[env.anthropicMaxTokens]).toBe('suggestions=1024,tailoring=4096,chat=1024,import=2048');
    expect(variables[env.anthropicTimeoutMs]).toBe(
      'suggestions=25000,tailoring=90000,chat=25000,import=20000',
    );
    expect(variables[env.anthropicBaseUrl]).toBe('https://api.anthropic.com');
  });

  test("a stage's settings (context) reach the granted functions; a malformed one fails the synth", () => {
    const custom = synth({
      stage: 'custom-ai',
      anthropic: { model: 'claude-haiku-5-5', maxTokens: '2048', timeoutMs: 'chat=20000' },
    }).template;
    const variables = variablesOf(custom, functionId(custom, 'tailoringWorker'));

    expect(variables[env.anthropicModel]).toBe('claude-haiku-5-5');
    expect(variables[env.anthropicMaxTokens]).toBe('2048');
    expect(variables[env.anthropicTimeoutMs]).toBe('chat=20000');
    expect(() => secretSettings({ maxTokens: 'a lot' })).toThrow('ANTHROPIC_MAX_TOKENS');
  });
});

describe('AppFunction.grantSecretRead', () => {
  const fixture = () => {
    const app = new App({ context: { 'aws:cdk:bundling-stacks': [] } });
    const stack = new Stack(app, 'Fixture');
    const appFunction = new AppFunction(stack, 'Fn', {
      name: 'fixture',
      definition: {
        entry: 'functions/handlers/health.ts',
        description: 'fixture',
        memoryMb: 256,
        timeoutSeconds: 5,
        access: { secrets: ['anthropic'] },
      },
      repoRoot: resolve(import.meta.dirname, '../..'),
      environment: {},
    });
    return { stack, appFunction, secret: new Secret(stack, 'Anthropic') };
  };

  test('a secret the stack does not have fails the synth, naming the function and the secret', () => {
    const { appFunction } = fixture();

    expect(() => appFunction.grantSecretRead(['anthropic'], new Map())).toThrow(
      "fixture: access.secrets names 'anthropic', which the stack does not have",
    );
  });

  test('a setting without a value fails the synth rather than leaving the variable out', () => {
    const { appFunction, secret } = fixture();

    expect(() => appFunction.grantSecretRead(['anthropic'], new Map([['anthropic', secret]]), {})).toThrow(
      `fixture: no value for ${env.anthropicModel}`,
    );
  });

  test('with the settings: the id and every setting set', () => {
    const { stack, appFunction, secret } = fixture();

    appFunction.grantSecretRead(['anthropic'], new Map([['anthropic', secret]]), secretSettings());

    const [fn] = Object.values(Template.fromStack(stack).findResources('AWS::Lambda::Function'));
    expect(Object.keys(fn?.Properties.Environment.Variables).sort()).toEqual(
      [
        secretIdEnv.anthropic,
        ...secretSettingsEnv.anthropic,
        'NODE_OPTIONS',
        'POWERTOOLS_SERVICE_NAME',
      ].sort(),
    );
  });
});
