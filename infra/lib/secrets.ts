import { CfnOutput, SecretValue } from 'aws-cdk-lib';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { env, type SecretName, secretIdEnv } from '#functions/contract';
import { secretSettingsEnv } from '#infra/manifest-rules';
import {
  DEFAULT_ANTHROPIC_MODEL,
  DEFAULT_MAX_TOKENS,
  DEFAULT_TIMEOUT_MS,
  type PerCall,
  readAiConfig,
} from '../../functions/domain/ai/config.ts';
import { acknowledge } from './acknowledge.ts';

/** Every secret of the manifest (`SecretName`), in the order `secretIdEnv` lists them. */
export const secretNames = Object.keys(secretIdEnv) as SecretName[];

/**
 * The value each secret is created with. Secrets Manager refuses an empty secret, and leaving the value out
 * would make CDK generate a random one that looks configured; the functions read this value (and any other
 * of functions/adapters/secrets.ts SECRET_PLACEHOLDERS) as "not configured", i.e. the feature's local mode.
 */
export const SECRET_PLACEHOLDER = 'not-configured';

const descriptions: Record<SecretName, string> = {
  anthropic:
    'Anthropic API key for the AI features (plain string, sk-ant-...). While it holds the placeholder "not-configured", the AI features use the deterministic local engine.',
  stripe:
    'Stripe keys for payments, as JSON {"secretKey":"sk_...","webhookSecret":"whsec_..."}. While it holds the placeholder "not-configured", the billing routes answer PAYMENTS_NOT_CONFIGURED (503).',
  impersonation:
    'HMAC key that signs staff impersonation grants and sessions. Generated at creation; rotating it ends every open impersonation session.',
};

/** Why no secret has a rotation schedule (cdk-nag AwsSolutions-SMG4). */
const rotation: Record<SecretName, string> = {
  anthropic:
    'A key Anthropic issues: it is rotated in Anthropic’s console and set here by hand; Secrets Manager cannot make one.',
  stripe:
    'Keys Stripe issues: rolled in Stripe’s dashboard and set here by hand; Secrets Manager cannot make one.',
  impersonation:
    'Rotated by hand (put-secret-value): a new key ends every open impersonation session, which only staff should decide.',
};

/** Secrets whose value the stack generates (random) instead of waiting for an operator to set it. */
const generated: ReadonlySet<SecretName> = new Set(['impersonation']);

/**
 * One Secrets Manager secret per manifest secret, created holding a placeholder. Set the real value after
 * the first deploy (the stack never overwrites it afterwards, since its template value does not change):
 *
 *   aws secretsmanager put-secret-value --secret-id <output AnthropicSecretArn> --secret-string 'sk-ant-...'
 *   aws secretsmanager put-secret-value --secret-id <output StripeSecretArn> \
 *     --secret-string '{"secretKey":"sk_live_...","webhookSecret":"whsec_..."}'
 *
 * Warm functions pick a new value up within their cache time (5 minutes); no redeploy is needed.
 */
export class AppSecrets extends Construct {
  readonly secrets: ReadonlyMap<SecretName, ISecret>;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const secrets = new Map<SecretName, ISecret>();
    for (const name of secretNames) {
      const pascal = name.charAt(0).toUpperCase() + name.slice(1);
      const secret = new Secret(this, pascal, {
        description: descriptions[name],
        ...(generated.has(name)
          ? { generateSecretString: { passwordLength: 64, excludePunctuation: true } }
          : { secretStringValue: SecretValue.unsafePlainText(SECRET_PLACEHOLDER) }),
      });
      acknowledge(secret, rotation[name], 'AwsSolutions-SMG4');
      secrets.set(name, secret);
      new CfnOutput(scope, `${pascal}SecretArn`, {
        value: secret.secretArn,
        description: `Set it with: aws secretsmanager put-secret-value --secret-id <this ARN> --secret-string <value>`,
      });
    }
    this.secrets = secrets;
  }
}

/** Claude's settings for a stage (context `anthropicModel`, `anthropicMaxTokens`, `anthropicTimeoutMs`, `anthropicBaseUrl`). */
export interface AnthropicSettings {
  model?: string;
  /** One number, or `suggestions=N,tailoring=N,chat=N`. */
  maxTokens?: string;
  /** One number of ms, or `suggestions=N,tailoring=N,chat=N`. */
  timeoutMs?: string;
  baseUrl?: string;
}

const perCallText = (values: PerCall<number>) =>
  Object.entries(values)
    .map(([kind, n]) => `${kind}=${n}`)
    .join(',');

/**
 * The variables that come with each secret's grant (`secretSettingsEnv`), with their values: the stage's
 * settings, or the defaults of functions/domain/ai/config.ts written out, so the template shows the model
 * and limits a stage runs with. A malformed setting fails the synth, naming its variable.
 */
export function secretSettings(
  anthropic: AnthropicSettings = {},
): Record<SecretName, Record<string, string>> {
  const values: Record<string, string> = {
    [env.anthropicModel]: anthropic.model ?? DEFAULT_ANTHROPIC_MODEL,
    [env.anthropicMaxTokens]: anthropic.maxTokens ?? perCallText(DEFAULT_MAX_TOKENS),
    [env.anthropicTimeoutMs]: anthropic.timeoutMs ?? perCallText(DEFAULT_TIMEOUT_MS),
    [env.anthropicBaseUrl]: anthropic.baseUrl ?? 'https://api.anthropic.com',
  };
  readAiConfig(values);
  const missing = secretSettingsEnv.anthropic.filter((name) => !(name in values));
  if (missing.length > 0) throw new Error(`anthropic settings without a value: ${missing.join(', ')}`);
  return { anthropic: values, stripe: {}, impersonation: {} };
}
