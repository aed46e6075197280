import { afterEach, describe, expect, test } from '@jest/globals';
import { env, secretIdEnv } from '#functions/contract';
import { resetSecretsCache } from '../../adapters/secrets.ts';
import { getAiProvider } from './index.ts';
import { localEngine } from './local-engine.ts';

const touched = ['ANTHROPIC_API_KEY', secretIdEnv.anthropic, env.anthropicModel, env.anthropicMaxTokens];
const before = Object.fromEntries(touched.map((k) => [k, process.env[k]]));

afterEach(() => {
  for (const [key, value] of Object.entries(before)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetSecretsCache();
});

describe('getAiProvider', () => {
  test('no key anywhere (no ANTHROPIC_API_KEY, no secret granted): the local engine', async () => {
    delete process.env.ANTHROPIC_API_KEY;
    delete process.env[secretIdEnv.anthropic];

    const provider = await getAiProvider();

    expect(provider).toBe(localEngine);
    expect(provider.name).toBe('local');
  });

  test('a placeholder key is no key', async () => {
    process.env.ANTHROPIC_API_KEY = 'not-configured';
    delete process.env[secretIdEnv.anthropic];

    expect((await getAiProvider()).name).toBe('local');
  });

  test('a key: Claude, one client per container, rebuilt when the configuration changes', async () => {
    process.env.ANTHROPIC_API_KEY = 'sk-ant-index-test';

    const first = await getAiProvider();
    const again = await getAiProvider();
    process.env[env.anthropicModel] = 'claude-haiku-5-5';
    const changed = await getAiProvider();

    expect(first.name).toBe('claude');
    expect(again).toBe(first);
    expect(changed).not.toBe(first);
    expect(changed.name).toBe('claude');
  });

  test('a key with a malformed setting is a configuration error naming the variable', async () => {
    process.env.ANTHROPIC_API_KEY = 'sk-ant-index-test';
    process.env[env.anthropicMaxTokens] = 'plenty';

    await expect(getAiProvider()).rejects.toThrow(env.anthropicMaxTokens);
  });
});
