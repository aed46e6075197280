import {
  env,
  type FunctionName,
  type HttpRouteDef,
  queueUrlEnv,
  type SecretName,
  secretIdEnv,
} from '#functions/contract';
import {
  cognitoTriggers,
  type FunctionAccess,
  type FunctionDef,
  functions,
  type QueueDef,
} from './app-manifest.ts';

/**
 * AWS refuses an SQS event source mapping whose queue's visibility timeout is shorter than six times the
 * function's timeout (Lambda retries throttled batches within that window), so the deploy would fail late.
 */
export const VISIBILITY_TIMEOUT_FACTOR = 6;

/** One message per consumed queue whose visibility timeout is too short for its consumer; empty when all fit. */
export function visibilityTimeoutProblems(
  queues: readonly QueueDef[],
  functions: Readonly<Record<string, Pick<FunctionDef, 'timeoutSeconds'>>>,
): string[] {
  return queues.flatMap((queue) => {
    if (!queue.consumer) return [];
    const consumer = functions[queue.consumer];
    if (!consumer) return [`${queue.name}: consumer ${queue.consumer} is not a manifest function`];
    const needed = consumer.timeoutSeconds * VISIBILITY_TIMEOUT_FACTOR;
    return queue.visibilityTimeoutSeconds >= needed
      ? []
      : [
          `${queue.name}: visibilityTimeoutSeconds ${queue.visibilityTimeoutSeconds} < ${VISIBILITY_TIMEOUT_FACTOR} × ${queue.consumer}'s timeoutSeconds ${consumer.timeoutSeconds} (${needed})`,
        ];
  });
}

/**
 * The settings that come with a secret's grant: the feature's configuration (model, limits, endpoint),
 * given to every function that reads the secret and to no other. The stack sets them all (defaults in
 * functions/domain/ai/config.ts, overridden by context); the local cloud passes through those its own
 * environment sets.
 */
export const secretSettingsEnv: Record<SecretName, readonly string[]> = {
  anthropic: [env.anthropicModel, env.anthropicMaxTokens, env.anthropicTimeoutMs, env.anthropicBaseUrl],
  // Everything Stripe needs is in the secret; STRIPE_API_BASE (the local stand-in) is the local cloud's own.
  stripe: [],
  impersonation: [],
};

/**
 * The manifest variables a function is given, as the stack sets them: the shared configuration, the token
 * settings (not for Cognito triggers, which the pool references: naming it back would be a cycle), and one
 * variable per grant. The local cloud hides every other manifest variable from the function, as in AWS.
 */
export function environmentNames(name: FunctionName): string[] {
  const access: FunctionAccess = functions[name].access;
  const isTrigger = (Object.values(cognitoTriggers) as string[]).includes(name);
  return [
    env.stage,
    env.allowedOrigins,
    // The Brazilian hosts: the billing function charges BRL there; every function gets the shared settings.
    env.ptBrHosts,
    env.bootstrapAdminEmails,
    ...(isTrigger ? [] : [env.userPoolClientId, env.jwtIssuer, env.jwksUri]),
    ...(access.table ? [env.tableName] : []),
    ...(access.webSocketManage ? [env.webSocketEndpoint] : []),
    ...(access.buckets ?? []).map((b) => (b === 'uploads' ? env.uploadsBucket : env.exportsBucket)),
    ...(access.userPool?.length && !isTrigger ? [env.userPoolId] : []),
    ...(access.queues ?? []).map((q) => queueUrlEnv[q]),
    ...(access.secrets ?? []).flatMap((s) => [secretIdEnv[s], ...secretSettingsEnv[s]]),
    ...(access.queueStats ? [env.queueStatsUrls] : []),
    ...(access.mail ? [env.mailFrom, env.mailConfigurationSet, env.mailRegion] : []),
  ];
}

/** Staff routes that name no permission of the matrix (the API refuses them for every role). */
export function staffRoutesWithoutPermission(routes: readonly HttpRouteDef[]): string[] {
  return routes.filter((r) => r.auth === 'staff' && !r.permission).map((r) => `${r.method} ${r.path}`);
}
