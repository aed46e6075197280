// First: handlers loaded later import .tsx templates.
import './tsx-hooks.ts';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { env, queueUrlEnv, type SecretName, secretIdEnv } from '#functions/contract';
import { isConfiguredSecret } from '../../functions/adapters/secrets.ts';
import { DEV_STRIPE_WEBHOOK_SECRET } from '../../functions/domain/billing/config.ts';
import { STRIPE_API_BASE_ENV } from '../../functions/domain/billing/stripe-client.ts';
import { passwordMinLength } from '../../shared/password-policy.ts';
import { staffRoles } from '../../shared/roles.ts';
import type { RuntimeConfig } from '../../shared/runtime-config.ts';
import { bucketEvents, queues, streamConsumers } from '../app-manifest.ts';
import { startCognito } from './cognito.ts';
import { dynamoClient, ensureTable, startDynamo } from './dynamodb.ts';
import { invoke } from './functions.ts';
import { createGateway } from './gateway.ts';
import { Outbox } from './outbox.ts';
import { freePort } from './ports.ts';
import { forwardBucketEvents, startS3 } from './s3.ts';
import { startSecrets } from './secrets.ts';
import { type SeedUser, seed, seedUsers } from './seed.ts';
import { startSes } from './ses.ts';
import type { LocalCredentials } from './sigv4.ts';
import { ensureQueue, QueuePoller, sqsClient } from './sqs.ts';
import { startSqs } from './sqs-server.ts';
import { StreamPoller } from './streams.ts';
import { startLocalStripe } from './stripe.ts';

const root = resolve(import.meta.dirname, '../..');
export const TABLE_NAME = 'resume-builder-local';
export const BUCKETS = { uploads: 'local-uploads', exports: 'local-exports' } as const;
export { type SeedUser, seedUsers };

export interface LocalCloudInfo {
  url: string;
  port: number;
  dataDir: string;
  tableName: string;
  userPoolId: string;
  clientId: string;
  issuer: string;
  /**
   * The AWS credentials of this start: every AWS endpoint below (DynamoDB, S3, SQS, Cognito's admin API,
   * Secrets Manager, SES) checks SigV4 signatures made with them, as AWS does; the secret key is new on every
   * start, so no one holds it who was not given it.
   */
  credentials: LocalCredentials;
  /** The one key the local Stripe stand-in's API takes, new on every start (absent with real Stripe). */
  stripeSecretKey?: string;
  endpoints: {
    dynamodb: string;
    s3: string;
    sqs: string;
    cognito: string;
    secretsManager: string;
    /** SES v2 (SendEmail into the outbox). */
    ses: string;
    /** The local Stripe stand-in's API (absent with a real STRIPE_SECRET_KEY). */
    stripe?: string;
  };
  /**
   * Payments: 'local' (the stand-in; its pages under `{url}/_stripe`), 'stripe' (STRIPE_SECRET_KEY and
   * STRIPE_WEBHOOK_SECRET set: Stripe's test mode) or 'off' (a key without a webhook secret).
   */
  payments: 'local' | 'stripe' | 'off';
  queues: Record<string, { url: string; dlqUrl: string }>;
  seedUsers: SeedUser[];
}

export interface LocalCloud {
  info: LocalCloudInfo;
  stop(): Promise<void>;
}

interface PersistedState {
  userPoolId: string;
  clientId: string;
  seeded: boolean;
}

export interface StartOptions {
  port?: number;
  dataDir?: string;
  reset?: boolean;
  seed?: boolean;
  spaDir?: string;
  log?: (message: string) => void;
}

/** Start the whole product on one origin: emulators, gateway, pollers, and (first time) seed users. */
export async function startLocalCloud(options: StartOptions = {}): Promise<LocalCloud> {
  const log = options.log ?? ((m: string) => console.log(m));
  const dataDir = resolve(options.dataDir ?? join(root, '.data'));
  mkdirSync(dataDir, { recursive: true });
  if (options.reset) {
    // Everything but the start script's lock, which guards this folder while we wipe it.
    for (const entry of readdirSync(dataDir)) {
      if (entry !== 'local-cloud.pid') rmSync(join(dataDir, entry), { recursive: true, force: true });
    }
  }
  const port = options.port === 0 || options.port === undefined ? await freePort() : options.port;
  const url = `http://localhost:${port}`;
  const internal = `http://127.0.0.1:${port}`;
  const outbox = new Outbox(join(dataDir, 'outbox'));
  // s3rver knows one access key id (its own), so every emulator takes that one; the secret key is this
  // start's, so only our clients can sign.
  const credentials: LocalCredentials = {
    accessKeyId: 'S3RVER',
    secretAccessKey: randomBytes(30).toString('base64url'),
  };
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const s of stops.reverse())
      await s().catch((e: unknown) => log(`stop failed: ${(e as Error).message}`));
  };

  try {
    const [dynamo, s3, sqs, cognito] = await Promise.all([
      startDynamo(join(dataDir, 'dynamodb'), credentials),
      startS3(join(dataDir, 's3'), Object.values(BUCKETS), url, credentials),
      startSqs(join(dataDir, 'sqs'), credentials),
      startCognito({
        dir: join(dataDir, 'cognito'),
        issuerDomain: `${url}/cognito`,
        lambdaEndpoint: internal,
        outbox,
        credentials,
      }),
    ]);
    stops.push(dynamo.stop, s3.stop, sqs.stop, cognito.stop);

    // Secrets Manager: the values come from the environment `npm start` runs in (empty when unset). The key
    // leaves process.env while the cloud runs, so the functions read it through Secrets Manager as deployed
    // (the adapter prefers ANTHROPIC_API_KEY when it is set); stop() puts it back.
    const anthropicKey = process.env.ANTHROPIC_API_KEY;
    // Stripe's keys likewise become the `stripe` secret's JSON. With no STRIPE_SECRET_KEY the local
    // stand-in plays Stripe, signing its events with STRIPE_WEBHOOK_SECRET or the development secret.
    const stripeKey = process.env.STRIPE_SECRET_KEY;
    const stripeHookSecret = process.env.STRIPE_WEBHOOK_SECRET;
    const localPayments = !isConfiguredSecret(stripeKey);
    const webhookSecret = isConfiguredSecret(stripeHookSecret)
      ? stripeHookSecret.trim()
      : localPayments
        ? DEV_STRIPE_WEBHOOK_SECRET
        : '';
    const payments: LocalCloudInfo['payments'] = localPayments ? 'local' : webhookSecret ? 'stripe' : 'off';
    // The stand-in takes only this key, which the functions read from the `stripe` secret like a real one.
    const localStripeKey = `sk_test_local_${randomBytes(24).toString('base64url')}`;
    const secretValues: Record<SecretName, string> = {
      anthropic: anthropicKey?.trim() ?? '',
      stripe: JSON.stringify({
        secretKey: localPayments ? localStripeKey : (stripeKey ?? '').trim(),
        webhookSecret,
      }),
      // A new signing key per start: impersonation sessions do not outlive the local cloud.
      impersonation: randomBytes(32).toString('hex'),
    };
    const secrets = await startSecrets(secretValues, credentials);
    delete process.env.ANTHROPIC_API_KEY;
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    stops.push(async () => {
      if (anthropicKey !== undefined) process.env.ANTHROPIC_API_KEY = anthropicKey;
      if (stripeKey !== undefined) process.env.STRIPE_SECRET_KEY = stripeKey;
      if (stripeHookSecret !== undefined) process.env.STRIPE_WEBHOOK_SECRET = stripeHookSecret;
      await secrets.stop();
    });
    log(
      isConfiguredSecret(secretValues.anthropic)
        ? `AI: Claude (ANTHROPIC_API_KEY served by the local Secrets Manager, model ${process.env[env.anthropicModel] || 'default'})`
        : 'AI: the local engine (set ANTHROPIC_API_KEY to use Claude)',
    );

    // The Stripe stand-in: its API for the functions (STRIPE_API_BASE, a local-only variable outside the
    // manifest), its checkout and customer pages for the browser through the gateway at /_stripe, and its
    // signed events to the webhook route, as Stripe would send them.
    let localStripeUrl: string | undefined;
    if (localPayments) {
      const localStripe = await startLocalStripe({
        port: 0,
        webhookUrl: `${internal}/api/webhooks/stripe`,
        webhookSecret,
        appOrigin: url,
        dataDir: join(dataDir, 'stripe'),
        publicUrl: `${url}/_stripe`,
        secretKey: localStripeKey,
      });
      localStripeUrl = localStripe.url;
      process.env[STRIPE_API_BASE_ENV] = localStripe.url;
      stops.push(async () => {
        delete process.env[STRIPE_API_BASE_ENV];
        await localStripe.close();
      });
    }
    log(
      payments === 'local'
        ? `Payments: the local checkout (no Stripe account; webhook secret ${webhookSecret === DEV_STRIPE_WEBHOOK_SECRET ? `${DEV_STRIPE_WEBHOOK_SECRET}, the development one` : 'from STRIPE_WEBHOOK_SECRET'})`
        : payments === 'stripe'
          ? 'Payments: Stripe test mode (STRIPE_SECRET_KEY); forward its webhooks with `stripe listen --forward-to localhost:<port>/api/webhooks/stripe`'
          : 'Payments: off (STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET)',
    );
    // Product mail (the reactivation e-mail) goes through SES v2 as deployed: the stand-in drops it into
    // the same outbox as the auth mail.
    const ses = await startSes(outbox, credentials);
    stops.push(ses.stop);

    const statePath = join(dataDir, 'local-cloud.json');
    const cognitoClient = new CognitoIdentityProviderClient({
      endpoint: cognito.endpoint,
      region: 'us-east-1',
      credentials,
    });
    const state: PersistedState = existsSync(statePath)
      ? (JSON.parse(readFileSync(statePath, 'utf8')) as PersistedState)
      : { ...(await createUserPool(cognitoClient)), seeded: false };
    writeFileSync(statePath, JSON.stringify(state, null, 2));
    const issuer = `${url}/cognito/${state.userPoolId}`;

    Object.assign(process.env, {
      AWS_REGION: 'us-east-1',
      // Every local AWS endpoint checks signatures made with these, as AWS does.
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
      AWS_ENDPOINT_URL_S3: s3.endpoint,
      AWS_ENDPOINT_URL_SQS: sqs.endpoint,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.endpoint,
      AWS_ENDPOINT_URL_SECRETS_MANAGER: secrets.endpoint,
      AWS_ENDPOINT_URL_SESV2: ses.endpoint,
      // The sender the stack sets for a function granted access.mail (its sesFromEmail).
      [env.mailFrom]: 'Resume Builder <no-reply@resume-builder.local>',
      [env.mailConfigurationSet]: '',
      [env.mailRegion]: '',
      // The same variables the stack sets for a function granted a secret (access.secrets); Claude's
      // settings (ANTHROPIC_MODEL, ANTHROPIC_MAX_TOKENS, ...) pass through from this environment when set.
      ...Object.fromEntries(
        (Object.keys(secretIdEnv) as SecretName[]).map((name) => [secretIdEnv[name], secrets.ids[name]]),
      ),
      [env.tableName]: TABLE_NAME,
      [env.userPoolId]: state.userPoolId,
      [env.userPoolClientId]: state.clientId,
      [env.jwtIssuer]: issuer,
      [env.jwksUri]: `${cognito.endpoint}/${state.userPoolId}/.well-known/jwks.json`,
      [env.allowedOrigins]: url,
      [env.webSocketEndpoint]: internal,
      [env.stage]: 'local',
      [env.uploadsBucket]: BUCKETS.uploads,
      [env.exportsBucket]: BUCKETS.exports,
      [env.bootstrapAdminEmails]: process.env[env.bootstrapAdminEmails] ?? '',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'WARN',
    });

    const ddb = dynamoClient(dynamo.endpoint, credentials);
    await ensureTable(ddb, TABLE_NAME);
    const sqsApi = sqsClient(sqs.endpoint, credentials);
    const queueUrls: LocalCloudInfo['queues'] = {};
    for (const def of queues) {
      const urls = await ensureQueue(sqsApi, 'local', def);
      queueUrls[def.name] = { url: urls.url, dlqUrl: urls.dlqUrl };
      // The same variable the stack sets for a function granted this queue (access.queues).
      process.env[queueUrlEnv[def.name]] = urls.url;
      const consumer = def.consumer;
      if (consumer) {
        const poller = new QueuePoller(
          sqsApi,
          urls,
          def.batchSize,
          (event) => invoke(consumer, event) as Promise<never>,
          (e) => log(`queue ${def.name}: ${(e as Error).message}`),
        );
        poller.start();
        stops.push(() => poller.stop());
      }
    }

    // As the stack sets it for a function with access.queueStats (the admin health check).
    process.env[env.queueStatsUrls] = JSON.stringify(queueUrls);

    // S3 event notifications: s3rver's object events go to the same queues, in the same shape.
    forwardBucketEvents(s3, sqsApi, {
      rules: bucketEvents.map((rule) => ({
        bucket: BUCKETS[rule.bucket],
        prefix: rule.prefix,
        queueUrl: queueUrls[rule.queue]?.url ?? '',
      })),
      onError: (e) => log(`bucket events: ${(e as Error).message}`),
    });

    const streams = new StreamPoller({
      endpoint: dynamo.endpoint,
      dynamo: ddb,
      tableName: TABLE_NAME,
      checkpointFile: join(dataDir, 'stream-checkpoints.json'),
      consumers: streamConsumers.map((c) => ({
        name: c.function,
        batchSize: c.batchSize,
        skPrefixes: c.skPrefixes,
        handler: (event) => invoke(c.function, event),
      })),
      onError: (e) => log(`stream: ${(e as Error).message}`),
    });
    streams.start();
    stops.push(() => streams.stop());

    const runtimeConfig: RuntimeConfig = {
      stage: 'local',
      region: 'us-east-1',
      userPoolId: state.userPoolId,
      userPoolClientId: state.clientId,
      cognitoEndpoint: `${url}/cognito`,
      apiUrl: '/api',
      wsUrl: `ws://localhost:${port}/ws`,
      socialSignIn: false,
      ptBrHosts: (process.env.PT_BR_HOSTS ?? '').split(',').filter(Boolean),
      features: { coverLetter: false },
    };
    const gateway = createGateway({
      spaDir: options.spaDir ?? process.env.SPA_DIR ?? join(root, 'frontend/dist'),
      cognitoEndpoint: cognito.endpoint,
      issuer,
      jwksUri: `${cognito.endpoint}/${state.userPoolId}/.well-known/jwks.json`,
      clientId: state.clientId,
      // The browser POSTs uploads straight to the bucket (presigned), as it does to S3 when deployed, and
      // opens the socket config.json names (localhost, also from a page on 127.0.0.1).
      connectSources: [s3.endpoint, `ws://localhost:${port}`],
      ...(localStripeUrl ? { stripePages: localStripeUrl } : {}),
      runtimeConfig: () => runtimeConfig,
      outbox,
      log,
    });
    await gateway.listen(port);
    stops.push(() => gateway.close());

    if (options.seed !== false && !state.seeded) {
      await seed(cognitoClient, state);
      state.seeded = true;
      writeFileSync(statePath, JSON.stringify(state, null, 2));
    }
    gateway.setReady();

    return {
      info: {
        url,
        port,
        dataDir,
        tableName: TABLE_NAME,
        userPoolId: state.userPoolId,
        clientId: state.clientId,
        issuer,
        credentials,
        ...(localStripeUrl ? { stripeSecretKey: localStripeKey } : {}),
        endpoints: {
          dynamodb: dynamo.endpoint,
          s3: s3.endpoint,
          sqs: sqs.endpoint,
          cognito: cognito.endpoint,
          secretsManager: secrets.endpoint,
          ses: ses.endpoint,
          ...(localStripeUrl ? { stripe: localStripeUrl } : {}),
        },
        payments,
        queues: queueUrls,
        seedUsers,
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function createUserPool(
  client: CognitoIdentityProviderClient,
): Promise<Omit<PersistedState, 'seeded'>> {
  const { UserPool } = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'resume-builder-local',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: { PasswordPolicy: { MinimumLength: passwordMinLength } },
    }),
  );
  const userPoolId = UserPool?.Id ?? '';
  const { UserPoolClient } = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
    }),
  );
  for (const role of staffRoles) {
    await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: role }));
  }
  return { userPoolId, clientId: UserPoolClient?.ClientId ?? '' };
}
