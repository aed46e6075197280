import { anthropicApiKey } from '../../adapters/secrets.ts';
import { logger } from '../../lib/logger.ts';
import { createClaudeProvider } from './claude.ts';
import { readAiConfig } from './config.ts';
import { localEngine } from './local-engine.ts';
import type { AiProvider } from './provider.ts';

export type { AiProvider } from './provider.ts';
export { AiError } from './provider.ts';

let cached: { key: string; provider: AiProvider } | undefined;

/**
 * The AI provider for this call: Claude when an Anthropic key is configured (ANTHROPIC_API_KEY, or the
 * `anthropic` secret the function is granted), else the deterministic local engine. The Claude client is
 * kept per container and rebuilt only when the key or the configuration changes (a rotated secret).
 */
export async function getAiProvider(): Promise<AiProvider> {
  const apiKey = await anthropicApiKey();
  if (!apiKey) return localEngine;
  const config = readAiConfig();
  const key = JSON.stringify([apiKey, config]);
  if (cached?.key !== key) {
    cached = {
      key,
      provider: createClaudeProvider({
        apiKey,
        model: config.model,
        maxTokens: config.maxTokens,
        timeoutMs: config.timeoutMs,
        ...(config.baseURL ? { baseURL: config.baseURL } : {}),
        // Model, outcome, attempts, time and tokens of every call; never its text.
        onCall: (record) =>
          record.outcome === 'ok'
            ? logger.info('claude call', { ...record })
            : logger.warn('claude call failed', { ...record }),
      }),
    };
  }
  return cached.provider;
}
