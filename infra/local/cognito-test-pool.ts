import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { startCognito } from './cognito.ts';
import { Outbox } from './outbox.ts';

/** The tokens Cognito's InitiateAuth answers with. */
export interface AuthenticationResult {
  AccessToken: string;
  IdToken?: string;
  RefreshToken?: string;
}

/** A user pool of the local Cognito with one confirmed user, for tests of what the browser asks of it. */
export interface TestPool {
  /** The endpoint the browser's calls reach (unsigned, as through the gateway's `/cognito`). */
  endpoint: string;
  userPoolId: string;
  clientId: string;
  user: { email: string; password: string };
  /** One call to Cognito's JSON API as a browser makes it: no signature. */
  call(operation: string, body: object): Promise<{ status: number; body: Record<string, unknown> }>;
  /** The user's password sign-in (USER_PASSWORD_AUTH, as the app signs in). */
  signIn(): Promise<AuthenticationResult>;
  stop(): Promise<void>;
}

/**
 * Start the local cloud's Cognito (cognito-local behind its SigV4 front, infra/local/cognito.ts) in a folder of
 * its own, without Lambda triggers, with a pool made as the local cloud makes its own and one confirmed user.
 */
export async function startTestPool(): Promise<TestPool> {
  const dir = mkdtempSync(join(tmpdir(), 'cognito-test-pool-'));
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: randomBytes(30).toString('base64url') };
  const cognito = await startCognito({
    dir: join(dir, 'cognito'),
    issuerDomain: 'http://localhost:0/cognito',
    lambdaEndpoint: 'http://127.0.0.1:9',
    outbox: new Outbox(join(dir, 'outbox')),
    credentials,
    triggers: {},
  });
  try {
    const admin = new CognitoIdentityProviderClient({
      endpoint: cognito.endpoint,
      region: 'us-east-1',
      credentials,
    });
    const { UserPool } = await admin.send(
      new CreateUserPoolCommand({
        PoolName: 'test-pool',
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        Policies: { PasswordPolicy: { MinimumLength: 8 } },
      }),
    );
    const userPoolId = UserPool?.Id ?? '';
    const { UserPoolClient } = await admin.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: 'web',
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    const clientId = UserPoolClient?.ClientId ?? '';
    const user = { email: 'robin@example.test', password: 'Test-Pass-2026' };
    await admin.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: user.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: user.email },
          { Name: 'given_name', Value: 'Robin' },
          { Name: 'family_name', Value: 'Quinn' },
        ],
      }),
    );
    await admin.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: userPoolId,
        Username: user.email,
        Password: user.password,
        Permanent: true,
      }),
    );
    admin.destroy();

    const call: TestPool['call'] = async (operation, body) => {
      const response = await fetch(cognito.endpoint, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-amz-json-1.1',
          'X-Amz-Target': `AWSCognitoIdentityProviderService.${operation}`,
        },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    return {
      endpoint: cognito.endpoint,
      userPoolId,
      clientId,
      user,
      call,
      async signIn() {
        const { status, body } = await call('InitiateAuth', {
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: clientId,
          AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
        });
        if (status !== 200) throw new Error(`sign-in failed: ${status} ${JSON.stringify(body)}`);
        return body.AuthenticationResult as AuthenticationResult;
      },
      async stop() {
        await cognito.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await cognito.stop();
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
