import { createPrivateKey, createSign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  CognitoIdentityProviderClient,
  ConfirmSignUpCommand,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../../../infra/local/dynamodb.ts';
import { readInfo } from './paths.ts';

export const info = readInfo();

/** The emulators' own endpoints, for checking what the API stored (tests never write through them first). */
export const db = DynamoDBDocumentClient.from(dynamoClient(info.endpoints.dynamodb, info.credentials));
export const cognitoAdmin = new CognitoIdentityProviderClient({
  endpoint: info.endpoints.cognito,
  region: 'us-east-1',
  credentials: info.credentials,
});

/** The Cognito API as the browser reaches it: through the local cloud's `/cognito` proxy. */
export const cognito = new CognitoIdentityProviderClient({
  endpoint: `${info.url}/cognito`,
  region: 'us-east-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});

export interface Session {
  sub: string;
  email: string;
  password: string;
  accessToken: string;
  idToken: string;
  refreshToken: string;
}

let counter = 0;
/** A unique e-mail per call, so tests never share accounts. */
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `${tag}-${Date.now().toString(36)}-${counter}@example.test`;
}

/** The latest code the outbox holds for an address. */
export async function codeFor(email: string): Promise<string> {
  const response = await fetch(`${info.url}/_local/outbox.json`);
  const mails = (await response.json()) as { to: string; code?: string }[];
  const code = mails.filter((m) => m.to === email && m.code).at(-1)?.code;
  if (!code) throw new Error(`no code in the outbox for ${email}`);
  return code;
}

/** Sign up, confirm with the code from the outbox, and sign in, like a person would. */
export async function newUser(tag = 'user', clientId = info.clientId): Promise<Session> {
  const email = uniqueEmail(tag);
  const password = 'Secret-pass-1';
  await cognito.send(
    new SignUpCommand({
      ClientId: clientId,
      Username: email,
      Password: password,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'given_name', Value: 'Ada' },
        { Name: 'family_name', Value: 'Lovelace' },
      ],
    }),
  );
  await cognito.send(
    new ConfirmSignUpCommand({ ClientId: clientId, Username: email, ConfirmationCode: await codeFor(email) }),
  );
  return signIn(email, password, clientId);
}

export async function signIn(email: string, password: string, clientId = info.clientId): Promise<Session> {
  const { AuthenticationResult: r } = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const accessToken = r?.AccessToken ?? '';
  const claims = decode(accessToken);
  return {
    sub: String(claims.sub),
    email,
    password,
    accessToken,
    idToken: r?.IdToken ?? '',
    refreshToken: r?.RefreshToken ?? '',
  };
}

export function decode(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

/** Sign claims with cognito-local's own key (it ships with the package), to forge expired or odd tokens. */
export function forge(claims: Record<string, unknown>, header: Record<string, unknown> = {}): string {
  const require = createRequire(import.meta.url);
  const { jwk } = JSON.parse(
    readFileSync(require.resolve('cognito-local/lib/keys/cognitoLocal.private.json'), 'utf8'),
  );
  const head = { alg: 'RS256', typ: 'JWT', kid: 'CognitoLocal', ...header };
  const input = `${Buffer.from(JSON.stringify(head)).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  const signature = createSign('RSA-SHA256')
    .update(input)
    .sign(createPrivateKey({ key: jwk, format: 'jwk' }));
  return `${input}.${signature.toString('base64url')}`;
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** Call the API through the gateway with an optional bearer token, extra headers and a JSON (or raw) body. */
// biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely
export async function api<T = any>(
  method: string,
  path: string,
  options: {
    token?: string;
    json?: unknown;
    raw?: string;
    contentType?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.raw !== undefined) body = options.raw;
  else if (options.json !== undefined) body = JSON.stringify(options.json);
  if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  const response = await fetch(`${info.url}/api${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
}
