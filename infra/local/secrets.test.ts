import {
  DescribeSecretCommand,
  GetSecretValueCommand,
  PutSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals';
import { secretIdEnv } from '#functions/contract';
import { anthropicApiKey, readSecret, resetSecretsCache } from '../../functions/adapters/secrets.ts';
import { asFunction } from './functions.ts';
import { type LocalSecrets, startSecrets } from './secrets.ts';

/** The variables these tests change, restored afterwards. */
const touched = [
  'AWS_ENDPOINT_URL_SECRETS_MANAGER',
  'AWS_REGION',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'ANTHROPIC_API_KEY',
  secretIdEnv.anthropic,
];
const before = Object.fromEntries(touched.map((k) => [k, process.env[k]]));

let local: LocalSecrets;
let client: SecretsManagerClient;
const credentials = { accessKeyId: 'local-key', secretAccessKey: 'local-secret' };
const clientWith = (keys: typeof credentials) =>
  new SecretsManagerClient({ endpoint: local.endpoint, region: 'us-east-1', credentials: keys });

beforeAll(async () => {
  local = await startSecrets(
    {
      anthropic: 'sk-ant-local-test',
      stripe: '',
      impersonation: 'local-signing-key',
    },
    credentials,
  );
  client = clientWith(credentials);
  // As the local cloud sets them: the SDK's service endpoint variable, and the id for granted functions.
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_SECRETS_MANAGER: local.endpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    [secretIdEnv.anthropic]: local.ids.anthropic,
  });
  delete process.env.ANTHROPIC_API_KEY;
});

afterEach(() => {
  resetSecretsCache();
  local.set('anthropic', 'sk-ant-local-test');
  delete process.env.ANTHROPIC_API_KEY;
  process.env[secretIdEnv.anthropic] = local.ids.anthropic;
});

afterAll(async () => {
  client.destroy();
  resetSecretsCache();
  await local.stop();
  for (const [key, value] of Object.entries(before)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

describe('the local Secrets Manager, through the real SDK client', () => {
  test('GetSecretValue by name or by ARN answers the value, with the fields the SDK expects', async () => {
    const byName = await client.send(new GetSecretValueCommand({ SecretId: local.ids.anthropic }));
    const byArn = await client.send(new GetSecretValueCommand({ SecretId: local.arns.anthropic }));

    expect(byName.SecretString).toBe('sk-ant-local-test');
    expect(byName.Name).toBe('resume-builder-local/anthropic');
    expect(byName.ARN).toMatch(
      /^arn:aws:secretsmanager:us-east-1:000000000000:secret:resume-builder-local\/anthropic-[0-9a-f]{6}$/,
    );
    expect(byName.VersionStages).toEqual(['AWSCURRENT']);
    expect(byName.CreatedDate).toBeInstanceOf(Date);
    expect(byArn.SecretString).toBe('sk-ant-local-test');
  });

  test('an unknown id is a ResourceNotFoundException, as in AWS', async () => {
    const error = await client
      .send(new GetSecretValueCommand({ SecretId: 'resume-builder-local/missing' }))
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ResourceNotFoundException);
    expect((error as ResourceNotFoundException).$metadata.httpStatusCode).toBe(400);
  });

  test('DescribeSecret names the secret and its current version', async () => {
    const described = await client.send(new DescribeSecretCommand({ SecretId: local.ids.anthropic }));

    expect(described.Name).toBe('resume-builder-local/anthropic');
    expect(Object.values(described.VersionIdsToStages ?? {})).toEqual([['AWSCURRENT']]);
  });

  test('an operation it does not have is refused, not answered wrongly', async () => {
    const refused = await client
      .send(new PutSecretValueCommand({ SecretId: local.ids.anthropic, SecretString: 'x' }))
      .catch((error: { name: string; $metadata: { httpStatusCode?: number } }) => error);

    expect(refused).toMatchObject({ name: 'UnknownOperationException', $metadata: { httpStatusCode: 400 } });
  });
});

describe('SigV4, as AWS requires it', () => {
  test('an unsigned request is refused before anything is read', async () => {
    const response = await fetch(local.endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'secretsmanager.GetSecretValue',
      },
      body: JSON.stringify({ SecretId: local.ids.anthropic }),
    });

    expect(response.status).toBe(400);
    expect(response.headers.get('x-amzn-errortype')).toBe('MissingAuthenticationTokenException');
    expect(await response.text()).not.toContain('sk-ant');
  });

  test.each([
    ['another secret key', { ...credentials, secretAccessKey: 'guessed' }, 'InvalidSignatureException'],
    ['another access key id', { ...credentials, accessKeyId: 'other' }, 'UnrecognizedClientException'],
  ])('a request signed with %s is refused', async (_name, keys, type) => {
    const other = clientWith(keys);
    const refused = await other
      .send(new GetSecretValueCommand({ SecretId: local.ids.anthropic }))
      .catch((error: { name: string }) => error);
    other.destroy();

    expect(refused).toMatchObject({ name: type });
  });

  test('a signed request whose body was changed on the way is refused', async () => {
    const tampering = clientWith(credentials);
    tampering.middlewareStack.add(
      (next) => async (args) => {
        // After signing: the same length, another secret's name.
        const request = args.request as { body: string };
        request.body = request.body.replace('anthropic', 'impersona');
        return next(args);
      },
      { step: 'deserialize', priority: 'low' },
    );
    const refused = await tampering
      .send(new GetSecretValueCommand({ SecretId: local.ids.anthropic }))
      .catch((error: { name: string }) => error);
    tampering.destroy();

    expect(refused).toMatchObject({ name: 'InvalidSignatureException' });
  });
});

describe('the functions’ secrets adapter against it', () => {
  test('reads the key by the id in its variable (the endpoint from AWS_ENDPOINT_URL_SECRETS_MANAGER)', async () => {
    await expect(anthropicApiKey()).resolves.toBe('sk-ant-local-test');
  });

  test('ANTHROPIC_API_KEY in the environment wins (a developer’s convenience)', async () => {
    process.env.ANTHROPIC_API_KEY = 'sk-ant-from-env';

    await expect(anthropicApiKey()).resolves.toBe('sk-ant-from-env');
  });

  test.each(['', '   ', 'not-configured', 'PLACEHOLDER'])(
    'an empty or placeholder value (%j) means not configured',
    async (value) => {
      local.set('anthropic', value);

      await expect(readSecret('anthropic')).resolves.toBeNull();
    },
  );

  test.each([
    ['{"ANTHROPIC_API_KEY":"sk-ant-json"}', 'sk-ant-json'],
    ['{"apiKey":"sk-ant-json","note":"prod"}', 'sk-ant-json'],
    ['{"whatever":" sk-ant-json "}', 'sk-ant-json'],
    ['{"a":"x","b":"y"}', null],
    ['{"apiKey":"not-configured"}', null],
    ['{not json', '{not json'],
  ])('a key/value secret (the AWS console stores them so): %s', async (stored, expected) => {
    local.set('anthropic', stored);

    await expect(readSecret('anthropic')).resolves.toBe(expected);
  });

  test('the stripe secret is a JSON object of two keys, handed to billing whole', async () => {
    const stored = '{"secretKey":"sk_test_1","webhookSecret":"whsec_1"}';
    local.set('stripe', stored);
    process.env[secretIdEnv.stripe] = local.ids.stripe;
    try {
      await expect(readSecret('stripe')).resolves.toBe(stored);
      resetSecretsCache();
      local.set('stripe', 'not-configured');
      await expect(readSecret('stripe')).resolves.toBeNull();
    } finally {
      delete process.env[secretIdEnv.stripe];
    }
  });

  test('no id (a function not granted the secret) or an unknown id means not configured', async () => {
    delete process.env[secretIdEnv.anthropic];
    await expect(readSecret('anthropic')).resolves.toBeNull();

    resetSecretsCache();
    process.env[secretIdEnv.anthropic] = 'resume-builder-local/missing';
    await expect(readSecret('anthropic')).resolves.toBeNull();
  });

  test('cached per container: a changed value is seen after the cache is dropped, not on every call', async () => {
    await expect(readSecret('anthropic')).resolves.toBe('sk-ant-local-test');
    local.set('anthropic', 'sk-ant-rotated');

    await expect(readSecret('anthropic')).resolves.toBe('sk-ant-local-test');
    resetSecretsCache();
    await expect(readSecret('anthropic')).resolves.toBe('sk-ant-rotated');
  });

  test('a broken endpoint throws rather than passing for "not configured"', async () => {
    process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER = 'http://127.0.0.1:1';
    try {
      await expect(readSecret('anthropic')).rejects.toThrow();
    } finally {
      process.env.AWS_ENDPOINT_URL_SECRETS_MANAGER = local.endpoint;
    }
  });

  test('in the local cloud, only the functions granted the secret see its id', () => {
    const seen = (name: 'ai' | 'tailoringWorker' | 'jobs' | 'resumes') =>
      asFunction(name, () => process.env[secretIdEnv.anthropic]);

    expect([seen('ai'), seen('tailoringWorker')]).toEqual([local.ids.anthropic, local.ids.anthropic]);
    expect([seen('jobs'), seen('resumes')]).toEqual([undefined, undefined]);
  });
});
