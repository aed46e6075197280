import {
  GetSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import { type SecretName, secretIdEnv } from '#functions/contract';

/**
 * Secrets of the stack (manifest `access.secrets`), read with GetSecretValue by the id the stack puts in
 * `secretIdEnv[name]`: Secrets Manager deployed, the local cloud's stand-in locally (its endpoint reaches
 * the client through AWS_ENDPOINT_URL_SECRETS_MANAGER, as the other local endpoints do).
 *
 * A value is cached per container for a few minutes, so a warm function does not pay a round trip per AI
 * call, and a key set or rotated after the deploy is picked up without a redeploy. Failures are not cached.
 */

/** How long a read value (or "not configured") is kept by a warm container. */
export const SECRET_CACHE_MS = 5 * 60_000;

/**
 * The values that mean "not configured": the stack creates each secret with a placeholder (a secret
 * cannot be created empty), and an operator may blank it. Compared case-insensitively, trimmed.
 */
export const SECRET_PLACEHOLDERS: readonly string[] = [
  '',
  'not-configured',
  'placeholder',
  'changeme',
  'unset',
  'none',
  'null',
];

/** Whether a secret's value is a real one (not empty, not a placeholder). */
export function isConfiguredSecret(value: string | null | undefined): value is string {
  return typeof value === 'string' && !SECRET_PLACEHOLDERS.includes(value.trim().toLowerCase());
}

/** Secrets holding a JSON object of several values, handed to their feature as stored. */
const structuredSecrets: ReadonlySet<SecretName> = new Set(['stripe']);

/**
 * The secret's value from its stored string: the string itself, or, when it is a JSON object (the AWS
 * console stores "key/value" secrets so), the value of its only key or of a conventional one (`apiKey`,
 * `api_key`, `key`, `value`, or the environment-style name such as `ANTHROPIC_API_KEY`).
 */
export function secretValueOf(name: SecretName, stored: string | undefined): string | null {
  if (stored === undefined) return null;
  const text = stored.trim();
  // A structured secret is read whole by its feature (the Stripe keys: billing/config.ts parseStripeSecret).
  if (structuredSecrets.has(name)) return isConfiguredSecret(text) ? text : null;
  if (text.startsWith('{')) {
    try {
      const object = JSON.parse(text) as Record<string, unknown>;
      const entries = Object.entries(object).filter(([, v]) => typeof v === 'string') as [string, string][];
      const conventional = ['apiKey', 'api_key', 'key', 'value', `${name.toUpperCase()}_API_KEY`];
      const picked =
        entries.length === 1 ? entries[0]?.[1] : entries.find(([k]) => conventional.includes(k))?.[1];
      return isConfiguredSecret(picked) ? picked.trim() : null;
    } catch {
      // Not JSON after all: the string is the value.
    }
  }
  return isConfiguredSecret(text) ? text : null;
}

let client: SecretsManagerClient | undefined;
const cache = new Map<SecretName, { value: string | null; expires: number }>();
const pending = new Map<SecretName, Promise<string | null>>();

function secretsClient(): SecretsManagerClient {
  client ??= new SecretsManagerClient({});
  return client;
}

/**
 * A secret's value, or null when it is not configured: the function is not granted it (no id in its
 * environment), the secret does not exist, has no string value, or holds a placeholder. Other failures
 * (access denied, network) throw: a broken deployment must not look like "feature off".
 */
export async function readSecret(name: SecretName): Promise<string | null> {
  const cached = cache.get(name);
  if (cached && cached.expires > Date.now()) return cached.value;
  const inFlight = pending.get(name);
  if (inFlight) return inFlight;

  const secretId = process.env[secretIdEnv[name]]?.trim();
  if (!secretId) return null;
  const read = (async () => {
    try {
      const { SecretString } = await secretsClient().send(new GetSecretValueCommand({ SecretId: secretId }));
      return secretValueOf(name, SecretString);
    } catch (error) {
      if (error instanceof ResourceNotFoundException) return null;
      throw error;
    }
  })();
  pending.set(name, read);
  try {
    const value = await read;
    cache.set(name, { value, expires: Date.now() + SECRET_CACHE_MS });
    return value;
  } finally {
    pending.delete(name);
  }
}

/**
 * The Anthropic API key: ANTHROPIC_API_KEY from the process environment when set (a developer's
 * convenience), else the `anthropic` secret. Null means "use the local engine".
 */
export async function anthropicApiKey(): Promise<string | null> {
  const fromEnv = process.env.ANTHROPIC_API_KEY;
  if (isConfiguredSecret(fromEnv)) return fromEnv.trim();
  return readSecret('anthropic');
}

/** Forget cached values and the client (tests change endpoints and values between cases). */
export function resetSecretsCache(): void {
  cache.clear();
  pending.clear();
  client?.destroy();
  client = undefined;
}
