import { sign } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pino from 'pino';
import { type CognitoTrigger, cognitoTriggers } from '../app-manifest.ts';
import { type RequestToCheck, startAwsFront } from './aws-front.ts';
import { changePasswordTarget } from './cognito-change-password.ts';
import { cognitoRefusal } from './cognito-public.ts';
import { INVOKE_SECRET_HEADER, invokeSecret, invokeSecretFile } from './invoke-secret.ts';
import type { Outbox } from './outbox.ts';
import type { LocalCredentials } from './sigv4.ts';

const require = createRequire(import.meta.url);
// cognito-local ships CommonJS without an exports map; its building blocks are wired here, as its own
// default server does, so that data lives under `.data/cognito` and mail goes to the outbox.
const { DefaultConfig } = require('cognito-local/lib/server/config');
const { Router } = require('cognito-local/lib/server/Router');
const {
  CognitoError,
  InvalidParameterError,
  NotAuthorizedError,
  UserNotFoundError,
} = require('cognito-local/lib/errors');
const { createServer } = require('cognito-local/lib/server/server');
const services = require('cognito-local/lib/services');
const { CognitoServiceFactoryImpl } = require('cognito-local/lib/services/cognitoService');
const { CryptoService } = require('cognito-local/lib/services/crypto');
const { StormDBDataStoreFactory } = require('cognito-local/lib/services/dataStore/stormDb');
const { MessageDeliveryService } = require('cognito-local/lib/services/messageDelivery/messageDelivery');
const { otp } = require('cognito-local/lib/services/otp');
const { JwtTokenGenerator } = require('cognito-local/lib/services/tokenGenerator');
const signingKey = require('cognito-local/lib/keys/cognitoLocal.private.json') as { pem: string };
const {
  UserPoolServiceFactoryImpl,
  attributeValue,
  attributesAppend,
} = require('cognito-local/lib/services/userPoolService');
// cognito-local calls triggers with SDK v2, which warns about its end of support at load time.
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
const AWS = require('aws-sdk');

const triggerNames: Record<CognitoTrigger, string> = {
  preSignUp: 'PreSignUp',
  postConfirmation: 'PostConfirmation',
  preTokenGeneration: 'PreTokenGeneration',
  customMessage: 'CustomMessage',
};

export interface LocalCognito {
  endpoint: string;
  stop(): Promise<void>;
}

interface Message {
  __code?: string;
  emailSubject?: string;
  emailMessage?: string;
}

/** Mail that Cognito would send lands in the outbox instead. */
class OutboxSender {
  readonly #outbox: Outbox;
  constructor(outbox: Outbox) {
    this.#outbox = outbox;
  }
  async sendEmail(_ctx: unknown, _user: unknown, destination: string, message: Message): Promise<void> {
    const code = message.__code ?? '';
    // Cognito replaces every `{####}`; cognito-local only the first, so the rest are replaced here.
    const body = message.emailMessage?.replaceAll('{####}', code);
    this.#outbox.write({
      to: destination,
      subject: message.emailSubject ?? 'Your verification code / Seu código de verificação',
      text: body ?? `Your verification code is ${code}.\n\nSeu código de verificação é ${code}.`,
      code,
      html: body?.trimStart().startsWith('<') ?? false,
    });
  }
  async sendSms(ctx: unknown, user: unknown, destination: string, message: Message): Promise<void> {
    await this.sendEmail(ctx, user, destination, message);
  }
}

interface CognitoUser {
  Username: string;
  Attributes?: { Name: string; Value?: string }[];
}

/** Standard attributes Cognito writes into an ID token when the user has them; cognito-local writes e-mail only. */
const ID_TOKEN_ATTRIBUTES = ['name', 'given_name', 'family_name', 'locale', 'preferred_username'] as const;

interface Tokens {
  IdToken?: string;
  [token: string]: unknown;
}

/**
 * The ID token as Cognito issues it: with the user's names (and the other standard attributes they have), so
 * the app reads them from the token as it does when deployed, instead of asking for the user's attributes on
 * every start. Re-signed with cognito-local's own key, which the local authorizer and the app already trust.
 */
export function withStandardClaims(tokens: Tokens, user: CognitoUser): Tokens {
  if (!tokens.IdToken) return tokens;
  const payload = JSON.parse(
    Buffer.from(tokens.IdToken.split('.')[1] ?? '', 'base64url').toString(),
  ) as Record<string, unknown>;
  let added = false;
  for (const name of ID_TOKEN_ATTRIBUTES) {
    const value = attributeValue(name, user.Attributes) as string | undefined;
    if (value && payload[name] === undefined) {
      payload[name] = value;
      added = true;
    }
  }
  if (!added) return tokens;
  // The header stays as cognito-local wrote it (RS256, its key id); the payload and the signature are new.
  const [header] = tokens.IdToken.split('.');
  const body = `${header}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  const signature = sign('RSA-SHA256', Buffer.from(body), signingKey.pem).toString('base64url');
  return { ...tokens, IdToken: `${body}.${signature}` };
}

/** The parts of cognito-local's services the bridged calls below use. */
interface BridgeServices {
  clock: { get(): Date };
  cognito: {
    getUserPool(
      ctx: unknown,
      id: string,
    ): Promise<{
      options: { Id: string };
      getUserByUsername(ctx: unknown, username: string): Promise<CognitoUser | null>;
      saveUser(ctx: unknown, user: CognitoUser & Record<string, unknown>): Promise<void>;
    }>;
  };
  messages: {
    deliver(
      ctx: unknown,
      source: string,
      clientId: string | null,
      userPoolId: string,
      user: CognitoUser,
      code: string,
      clientMetadata: unknown,
      delivery: { AttributeName: string; DeliveryMedium: string; Destination: string },
    ): Promise<void>;
  };
  otp(): string;
}

type Target = (ctx: unknown, request: Record<string, unknown>) => Promise<unknown>;

/**
 * Calls the staff API makes that cognito-local lacks. AdminResetUserPassword does what Cognito does: the
 * user's status becomes RESET_REQUIRED (signing in is refused until they choose a new password) and a code
 * goes out through the custom-message trigger as a ForgotPassword message, so it reaches the outbox like any
 * Cognito mail and ConfirmForgotPassword accepts it.
 */
function bridgedTargets(services: BridgeServices): Record<string, Target> {
  return {
    AdminResetUserPassword: async (ctx, request) => {
      const userPool = await services.cognito.getUserPool(ctx, String(request.UserPoolId));
      const user = await userPool.getUserByUsername(ctx, String(request.Username));
      if (!user) throw new UserNotFoundError();
      const email = attributeValue('email', user.Attributes) as string | undefined;
      const code = services.otp();
      if (email) {
        await services.messages.deliver(
          ctx,
          'ForgotPassword',
          null,
          userPool.options.Id,
          user,
          code,
          request.ClientMetadata,
          {
            AttributeName: 'email',
            DeliveryMedium: 'EMAIL',
            Destination: email,
          },
        );
      }
      await userPool.saveUser(ctx, {
        ...user,
        UserStatus: 'RESET_REQUIRED',
        ConfirmationCode: code,
        UserLastModifiedDate: services.clock.get(),
      });
      return {};
    },
  };
}

/**
 * The user with `email_verified` set, as Cognito leaves a user who confirmed their sign-up with the code it
 * e-mailed (the pool auto-verifies e-mail): cognito-local confirms without it, so every Profile said the
 * address was unconfirmed. Null when nothing changes.
 */
export function withVerifiedEmail<T extends CognitoUser>(
  user: T,
  pool: { AutoVerifiedAttributes?: string[] },
): T | null {
  if (!pool.AutoVerifiedAttributes?.includes('email')) return null;
  if (
    !attributeValue('email', user.Attributes) ||
    attributeValue('email_verified', user.Attributes) === 'true'
  )
    return null;
  return {
    ...user,
    Attributes: attributesAppend(user.Attributes, { Name: 'email_verified', Value: 'true' }),
  };
}

interface SignUpPool {
  options: {
    Id: string;
    AutoVerifiedAttributes?: string[];
    Policies?: { PasswordPolicy?: { MinimumLength?: number } };
  };
  getUserByUsername(ctx: unknown, username: string): Promise<(CognitoUser & { UserStatus?: string }) | null>;
  saveUser(ctx: unknown, user: CognitoUser & Record<string, unknown>): Promise<void>;
}

/** The parts of cognito-local's services the sign-up bridges below use. */
interface SignUpServices extends Omit<BridgeServices, 'cognito'> {
  cognito: {
    getUserPoolForClientId(ctx: unknown, clientId: string): Promise<SignUpPool>;
    getUserPool(ctx: unknown, id: string): Promise<SignUpPool>;
  };
}

/** Cognito's answer to a password shorter than the pool's policy; cognito-local never checks the policy. */
function refuseShortPassword(pool: SignUpPool, password: unknown): void {
  const minimum = pool.options.Policies?.PasswordPolicy?.MinimumLength ?? 0;
  if (typeof password === 'string' && [...password].length < minimum) {
    throw new CognitoError(
      'InvalidPasswordException',
      'Password did not conform with policy: Password not long enough',
    );
  }
}

/**
 * Where cognito-local parts from Cognito on the sign-up path, bridged so the local cloud answers as the
 * deployed one does: the pool's minimum password length is enforced (sign-up, reset, admin set); a code
 * sent to a user who is already confirmed is refused with Cognito's NotAuthorizedException (cognito-local
 * says the code expired); and ResendConfirmationCode, which cognito-local lacks, sends a fresh code through
 * the custom-message trigger as a ResendCode message, so it reaches the outbox like the first one.
 */
function signUpBridges(services: SignUpServices, router: (target: string) => Target): Record<string, Target> {
  const poolOfClient = (ctx: unknown, request: Record<string, unknown>) =>
    services.cognito.getUserPoolForClientId(ctx, String(request.ClientId));
  return {
    SignUp: async (ctx, request) => {
      refuseShortPassword(await poolOfClient(ctx, request), request.Password);
      return router('SignUp')(ctx, request);
    },
    ConfirmForgotPassword: async (ctx, request) => {
      refuseShortPassword(await poolOfClient(ctx, request), request.Password);
      return router('ConfirmForgotPassword')(ctx, request);
    },
    AdminSetUserPassword: async (ctx, request) => {
      refuseShortPassword(
        await services.cognito.getUserPool(ctx, String(request.UserPoolId)),
        request.Password,
      );
      return router('AdminSetUserPassword')(ctx, request);
    },
    ConfirmSignUp: async (ctx, request) => {
      const userPool = await poolOfClient(ctx, request);
      const user = await userPool.getUserByUsername(ctx, String(request.Username));
      if (user?.UserStatus === 'CONFIRMED') {
        throw new NotAuthorizedError('User cannot be confirmed. Current status is CONFIRMED');
      }
      // The right code proves the address: verified before the confirmation (and its trigger) reads the user.
      const code = (user as { ConfirmationCode?: string } | null)?.ConfirmationCode;
      const verified =
        user && code && code === request.ConfirmationCode && withVerifiedEmail(user, userPool.options);
      if (verified) await userPool.saveUser(ctx, { ...verified });
      return router('ConfirmSignUp')(ctx, request);
    },
    ResendConfirmationCode: async (ctx, request) => {
      const userPool = await poolOfClient(ctx, request);
      const user = await userPool.getUserByUsername(ctx, String(request.Username));
      if (!user) throw new UserNotFoundError('Username/client id combination not found.');
      if (user.UserStatus === 'CONFIRMED') throw new InvalidParameterError('User is already confirmed.');
      const email = attributeValue('email', user.Attributes) as string | undefined;
      if (!email) throw new InvalidParameterError('User has no verified e-mail address to send a code to.');
      const delivery = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email };
      const code = services.otp();
      // Saved before sending, so the code in the mail is the one ConfirmSignUp expects.
      await userPool.saveUser(ctx, {
        ...user,
        ConfirmationCode: code,
        UserLastModifiedDate: services.clock.get(),
      });
      await services.messages.deliver(
        ctx,
        'ResendCode',
        String(request.ClientId),
        userPool.options.Id,
        user,
        code,
        request.ClientMetadata,
        delivery,
      );
      return { CodeDeliveryDetails: delivery };
    },
  };
}

interface TokenGenerator {
  generate(ctx: unknown, user: CognitoUser, ...rest: unknown[]): Promise<Tokens>;
}

/** cognito-local's token generator, its ID tokens completed by `withStandardClaims`. */
function standardClaimsGenerator(generator: TokenGenerator): TokenGenerator {
  return {
    generate: async (ctx, user, ...rest) =>
      withStandardClaims(await generator.generate(ctx, user, ...rest), user),
  };
}

/**
 * Calls AWS serves unsigned that only the back end makes here, not the browser: ChangePassword carries the
 * user's access token, which the API forwards after its own checks (rate limit, policy), so the browser's
 * `/cognito` path keeps refusing it.
 */
const SERVER_UNSIGNED_TARGETS: ReadonlySet<string> = new Set([
  'AWSCognitoIdentityProviderService.ChangePassword',
]);

/**
 * What Cognito answers without a signature, as AWS does: the calls a user makes with a client id or their own
 * token (the ones the browser makes through `/cognito`, and ChangePassword; the SDK sends them unsigned) and
 * the issuer's public keys. Everything else, the admin API above all, needs SigV4 with the local cloud's key.
 */
function publicCognitoRequest(request: RequestToCheck): boolean {
  const path = request.url.split('?')[0] ?? '/';
  const target = request.headers['x-amz-target'];
  const operation = typeof target === 'string' ? target : undefined;
  if (
    request.method === 'POST' &&
    (path === '/' || path === '') &&
    SERVER_UNSIGNED_TARGETS.has(operation ?? '')
  )
    return true;
  return cognitoRefusal(request.method, path, operation) === null;
}

interface StoredPool extends SignUpPool {
  listUsers(ctx: unknown): Promise<(CognitoUser & { UserStatus?: string })[]>;
}

/**
 * Users confirmed before the local Cognito verified addresses at confirmation (withVerifiedEmail) are
 * brought in step once, at start: in this local cloud a user is confirmed only with the e-mailed code or by
 * the seed, which verifies its addresses itself, so every confirmed user's address was verified. Their
 * Profiles follow at the next sign-in (pre-token-generation) or when staff open them (admin user detail).
 */
async function verifyConfirmedEmails(
  ctx: unknown,
  cognito: {
    listUserPools(ctx: unknown): Promise<{ Id: string }[]>;
    getUserPool(ctx: unknown, id: string): Promise<StoredPool>;
  },
): Promise<void> {
  for (const { Id } of await cognito.listUserPools(ctx)) {
    const pool = await cognito.getUserPool(ctx, Id);
    for (const user of await pool.listUsers(ctx)) {
      const verified = user.UserStatus === 'CONFIRMED' ? withVerifiedEmail(user, pool.options) : null;
      if (verified) await pool.saveUser(ctx, { ...verified });
    }
  }
}

/**
 * Start cognito-local in this process, on a Unix socket in a private folder, behind a front on 127.0.0.1
 * that answers only a loopback Host, no CORS (cognito-local allows every origin), and no admin call without
 * a SigV4 signature made with `credentials`. Tokens name `issuerDomain` as their issuer; triggers are called
 * through the local Lambda-invoke endpoint at `lambdaEndpoint` (a test may start it without them).
 */
export async function startCognito(options: {
  dir: string;
  issuerDomain: string;
  lambdaEndpoint: string;
  outbox: Outbox;
  credentials: LocalCredentials;
  /** The Lambda triggers to call (default: the app's, `cognitoTriggers`); `{}` calls none. */
  triggers?: Partial<Record<CognitoTrigger, string>>;
}): Promise<LocalCognito> {
  const dataDirectory = `${options.dir}/db`;
  mkdirSync(dataDirectory, { recursive: true });
  const logger = pino({ level: process.env.COGNITO_LOG_LEVEL ?? 'error' });
  const ctx = { logger };
  const config = {
    ...DefaultConfig,
    LambdaClient: { ...DefaultConfig.LambdaClient, endpoint: options.lambdaEndpoint },
    TriggerFunctions: Object.fromEntries(
      Object.entries(options.triggers ?? cognitoTriggers).map(([trigger, fn]) => [
        triggerNames[trigger as CognitoTrigger],
        fn,
      ]),
    ),
    TokenConfig: { IssuerDomain: options.issuerDomain },
  };
  const clock = new services.DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(dataDirectory);
  const cognitoServiceFactory = new CognitoServiceFactoryImpl(
    dataDirectory,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  );
  const cognitoClient = await cognitoServiceFactory.create(ctx, config.UserPoolDefaults);
  await verifyConfirmedEmails(ctx, cognitoClient);
  // The gateway's invoke endpoint stands in for IAM with a per-start secret: the triggers carry it, and it is
  // left in this folder (owner-only) for `npm run invoke`.
  writeFileSync(invokeSecretFile(dirname(options.dir)), invokeSecret, { mode: 0o600 });
  const lambda = new AWS.Lambda(config.LambdaClient);
  lambda.customizeRequests(
    (request: {
      on(event: 'build', listener: () => void): void;
      httpRequest: { headers: Record<string, string> };
    }) =>
      request.on('build', () => {
        request.httpRequest.headers[INVOKE_SECRET_HEADER] = invokeSecret;
      }),
  );
  const triggers = new services.TriggersService(
    clock,
    cognitoClient,
    new services.LambdaService(config.TriggerFunctions, lambda),
    new CryptoService(config.KMSConfig),
  );
  const all = {
    clock,
    cognito: cognitoClient,
    config,
    messages: new services.MessagesService(
      triggers,
      new MessageDeliveryService(new OutboxSender(options.outbox)),
    ),
    otp,
    tokenGenerator: standardClaimsGenerator(new JwtTokenGenerator(clock, triggers, config.TokenConfig)),
    triggers,
  };
  const router = Router(all);
  const bridged: Record<string, Target> = {
    ...bridgedTargets(all),
    ...signUpBridges(all, router),
    ChangePassword: changePasswordTarget(all, options.issuerDomain),
  };
  const route = (target: string) => bridged[target] ?? router(target);
  // What cognito-local's start() does, on a socket only the front can reach instead of a TCP port.
  const { application } = createServer(route, logger, config.ServerConfig, all);
  const server = createHttpServer(application);
  const socketDir = mkdtempSync(join(tmpdir(), 'cognito-local-'));
  const socketPath = join(socketDir, 'cognito.sock');
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  const closeServer = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  const front = await startAwsFront({
    service: 'cognito-idp',
    credentials: options.credentials,
    upstream: { socketPath },
    unsigned: publicCognitoRequest,
  }).catch(async (error: unknown) => {
    await closeServer();
    throw error;
  });
  return {
    endpoint: front.endpoint,
    stop: async () => {
      await front.stop();
      await closeServer();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
