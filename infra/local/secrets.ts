import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SecretName } from '#functions/contract';
import { localRequestRefusal, sendRefusal } from './aws-front.ts';
import { keepIdleSocketsLonger } from './ports.ts';
import { type LocalCredentials, sigV4Verifier } from './sigv4.ts';

/**
 * The local cloud's Secrets Manager: a minimal endpoint speaking the service's AWS JSON 1.1 protocol
 * (`POST /`, `X-Amz-Target: secretsmanager.<Operation>`), so functions read their secrets with the real
 * `@aws-sdk/client-secrets-manager`, exactly as deployed. No npm emulator covers Secrets Manager without
 * bringing a whole LocalStack; two read operations are all the functions use.
 *
 * Values come from the environment `npm start` runs in (see cloud.ts); a secret with no value there exists
 * with an empty string, which the functions read as "not configured". Every request must be SigV4-signed
 * with the local cloud's key, as AWS requires (the secrets are the keys to Claude and Stripe), and name a
 * loopback Host on its port, so no DNS-rebinding page reaches it.
 */

const ACCOUNT = '000000000000';
const REGION = 'us-east-1';

export interface LocalSecrets {
  endpoint: string;
  /** The id the functions are given for each secret (`secretIdEnv`): its name. */
  ids: Record<SecretName, string>;
  /** Each secret's ARN (GetSecretValue accepts the name or the ARN). */
  arns: Record<SecretName, string>;
  /** Change a secret's value (a new version), as PutSecretValue would. */
  set(name: SecretName, value: string): void;
  stop(): Promise<void>;
}

interface StoredSecret {
  name: string;
  arn: string;
  value: string;
  versionId: string;
  createdDate: number;
}

function send(res: ServerResponse, status: number, body: unknown, errorType?: string): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/x-amz-json-1.1',
    'content-length': Buffer.byteLength(text),
    'x-amzn-requestid': randomUUID(),
    ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
  });
  res.end(text);
}

const fail = (res: ServerResponse, status: number, type: string, message: string) =>
  send(res, status, { __type: type, message, Message: message }, type);

/** Start the stand-in on a random loopback port, holding one secret per name, named `{prefix}/{name}`. */
export async function startSecrets(
  values: Record<SecretName, string>,
  credentials: LocalCredentials,
  prefix = 'resume-builder-local',
): Promise<LocalSecrets> {
  const verifier = sigV4Verifier(credentials, 'secretsmanager');
  const secrets = new Map<SecretName, StoredSecret>();
  for (const [name, value] of Object.entries(values) as [SecretName, string][]) {
    const fullName = `${prefix}/${name}`;
    secrets.set(name, {
      name: fullName,
      // Secrets Manager ends every ARN with a hyphen and six random characters.
      arn: `arn:aws:secretsmanager:${REGION}:${ACCOUNT}:secret:${fullName}-${randomBytes(3).toString('hex')}`,
      value,
      versionId: randomUUID(),
      createdDate: Date.now() / 1000,
    });
  }
  const find = (id: unknown): StoredSecret | undefined =>
    typeof id === 'string' ? [...secrets.values()].find((s) => s.name === id || s.arn === id) : undefined;

  let port = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      answer(Buffer.concat(chunks)).catch((error: unknown) =>
        fail(res, 500, 'InternalServiceError', (error as Error).message),
      );
    });

    async function answer(body: Buffer) {
      const refusal = await localRequestRefusal(
        { method: req.method ?? 'POST', url: req.url ?? '/', headers: req.headers, body },
        { port, verifier },
      );
      if (refusal) {
        sendRefusal(res, refusal);
        return;
      }
      const target = String(req.headers['x-amz-target'] ?? '');
      if (req.method !== 'POST' || !target.startsWith('secretsmanager.')) {
        fail(res, 400, 'UnknownOperationException', `Unsupported request: ${req.method} ${target}`);
        return;
      }
      let input: { SecretId?: unknown; VersionStage?: unknown };
      try {
        input = JSON.parse(body.toString('utf8') || '{}');
      } catch {
        fail(res, 400, 'SerializationException', 'The request body is not JSON.');
        return;
      }
      const operation = target.slice('secretsmanager.'.length);
      if (operation !== 'GetSecretValue' && operation !== 'DescribeSecret') {
        fail(res, 400, 'UnknownOperationException', `The local Secrets Manager has no ${operation}.`);
        return;
      }
      if (typeof input.SecretId !== 'string' || input.SecretId.length === 0) {
        fail(res, 400, 'InvalidParameterException', 'SecretId is required.');
        return;
      }
      const secret = find(input.SecretId);
      if (!secret) {
        fail(res, 400, 'ResourceNotFoundException', "Secrets Manager can't find the specified secret.");
        return;
      }
      if (operation === 'DescribeSecret') {
        send(res, 200, {
          ARN: secret.arn,
          Name: secret.name,
          CreatedDate: secret.createdDate,
          VersionIdsToStages: { [secret.versionId]: ['AWSCURRENT'] },
        });
        return;
      }
      if (input.VersionStage !== undefined && input.VersionStage !== 'AWSCURRENT') {
        fail(
          res,
          400,
          'ResourceNotFoundException',
          `No version of the secret has stage ${input.VersionStage}.`,
        );
        return;
      }
      send(res, 200, {
        ARN: secret.arn,
        Name: secret.name,
        VersionId: secret.versionId,
        SecretString: secret.value,
        VersionStages: ['AWSCURRENT'],
        CreatedDate: secret.createdDate,
      });
    }
  });

  keepIdleSocketsLonger(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  const pick = (key: 'name' | 'arn') =>
    Object.fromEntries([...secrets].map(([name, s]) => [name, s[key]])) as Record<SecretName, string>;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    ids: pick('name'),
    arns: pick('arn'),
    set: (name, value) => {
      const secret = secrets.get(name);
      if (!secret) throw new Error(`no local secret '${name}'`);
      Object.assign(secret, { value, versionId: randomUUID(), createdDate: Date.now() / 1000 });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
