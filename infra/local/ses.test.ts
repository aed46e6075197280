import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BadRequestException, SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { SignatureV4 } from '@smithy/signature-v4';
import { createMailer } from '../../functions/adapters/mail.ts';
import { Outbox } from './outbox.ts';
import { type LocalSes, startSes } from './ses.ts';
import { NodeSha256 } from './sigv4.ts';

// The stand-in against the real @aws-sdk/client-sesv2, as the functions use it.

let dir: string;
let outbox: Outbox;
let ses: LocalSes;
let client: SESv2Client;
const credentials = { accessKeyId: 'LOCALKEY', secretAccessKey: 'local-secret' };

/** A request signed as the SDK signs it, for paths and bodies the SDK would never send. */
async function signedFetch(path: string, init: { method?: string; body?: string } = {}) {
  const url = new URL(path, ses.endpoint);
  const signer = new SignatureV4({ credentials, region: 'us-east-1', service: 'ses', sha256: NodeSha256 });
  const signed = await signer.sign({
    method: init.method ?? 'GET',
    protocol: 'http:',
    hostname: url.hostname,
    port: Number(url.port),
    path: url.pathname,
    headers: { host: url.host },
    ...(init.body === undefined ? {} : { body: init.body }),
  });
  return fetch(url, { method: signed.method, headers: signed.headers, body: init.body });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'local-ses-'));
  outbox = new Outbox(join(dir, 'outbox'));
  ses = await startSes(outbox, credentials);
  client = new SESv2Client({ endpoint: ses.endpoint, region: 'us-east-1', credentials });
});

afterAll(async () => {
  client.destroy();
  await ses.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('local SES v2', () => {
  test('SendEmail answers a message id and drops one message per recipient into the outbox', async () => {
    const { MessageId } = await client.send(
      new SendEmailCommand({
        FromEmailAddress: 'Resume Builder <no-reply@example.test>',
        Destination: { ToAddresses: ['ana@example.test'], BccAddresses: ['audit@example.test'] },
        Content: {
          Simple: {
            Subject: { Data: 'Olá, Ana', Charset: 'UTF-8' },
            Body: { Html: { Data: '<p>Sua assinatura <a href="https://x.test/s">está ativa</a></p>' } },
          },
        },
      }),
    );

    expect(MessageId).toMatch(/^local-/);
    const mails = outbox.list().slice(-2);
    expect(mails.map((m) => m.to)).toEqual(['ana@example.test', 'audit@example.test']);
    expect(mails[0]).toMatchObject({
      from: 'Resume Builder <no-reply@example.test>',
      subject: 'Olá, Ana',
      html: true,
      links: ['https://x.test/s'],
    });
  });

  test('the product mailer sends through it unchanged (text-only bodies too)', async () => {
    await createMailer(client, { from: 'no-reply@example.test' })({
      to: 'bia@example.test',
      subject: 'Plain',
      html: '<p>Plain</p>',
    });
    expect(outbox.list().at(-1)).toMatchObject({ to: 'bia@example.test', subject: 'Plain', html: true });

    await client.send(
      new SendEmailCommand({
        FromEmailAddress: 'no-reply@example.test',
        Destination: { ToAddresses: ['caio@example.test'] },
        Content: { Simple: { Subject: { Data: 'Text' }, Body: { Text: { Data: 'Just text' } } } },
      }),
    );
    expect(outbox.list().at(-1)).toMatchObject({ to: 'caio@example.test', text: 'Just text', html: false });
  });

  test('malformed requests are refused as SES refuses them (BadRequestException), and nothing is written', async () => {
    const count = outbox.list().length;
    const attempts = [
      {
        Destination: { ToAddresses: ['a@example.test'] },
        Content: { Simple: { Subject: { Data: 's' }, Body: { Text: { Data: 't' } } } },
      },
      {
        FromEmailAddress: 'x@example.test',
        Destination: {},
        Content: { Simple: { Subject: { Data: 's' }, Body: { Text: { Data: 't' } } } },
      },
      {
        FromEmailAddress: 'x@example.test',
        Destination: { ToAddresses: ['a@example.test'] },
        Content: { Raw: { Data: new Uint8Array([65]) } },
      },
      {
        FromEmailAddress: 'x@example.test',
        Destination: { ToAddresses: ['a@example.test'] },
        Content: { Simple: { Subject: { Data: 's' }, Body: {} } },
      },
    ];
    for (const input of attempts) {
      await expect(client.send(new SendEmailCommand(input))).rejects.toBeInstanceOf(BadRequestException);
    }
    expect(outbox.list()).toHaveLength(count);
  });

  test('other paths and methods are 404; a body that is not JSON is 400', async () => {
    expect((await signedFetch('/v2/email/identities')).status).toBe(404);
    const notJson = await signedFetch('/v2/email/outbound-emails', { method: 'POST', body: '{' });
    expect(notJson.status).toBe(400);
    expect(notJson.headers.get('x-amzn-errortype')).toBe('BadRequestException');
  });

  test('a newline in a subject cannot add a header to the stored message', async () => {
    await createMailer(client, { from: 'no-reply@example.test' })({
      to: 'dora@example.test',
      subject: 'Hi\r\nX-Code: 123456',
      html: '<p>x</p>',
    });
    const mail = outbox.list().at(-1);
    expect(mail).toMatchObject({ to: 'dora@example.test', subject: 'Hi X-Code: 123456' });
    expect(mail?.code).toBeUndefined();
  });

  test('refuses what the local key did not sign, as SES does, and writes nothing', async () => {
    const count = outbox.list().length;
    const mail = {
      FromEmailAddress: 'x@example.test',
      Destination: { ToAddresses: ['planted@example.test'] },
      Content: { Simple: { Subject: { Data: 's' }, Body: { Text: { Data: 't' } } } },
    };
    const unsigned = await fetch(`${ses.endpoint}/v2/email/outbound-emails`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(mail),
    });
    const forged = new SESv2Client({
      endpoint: ses.endpoint,
      region: 'us-east-1',
      credentials: { ...credentials, secretAccessKey: 'guessed' },
    });
    const otherKey = new SESv2Client({
      endpoint: ses.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'OTHER', secretAccessKey: credentials.secretAccessKey },
    });

    expect(unsigned.status).toBe(403);
    expect(unsigned.headers.get('x-amzn-errortype')).toBe('MissingAuthenticationTokenException');
    await expect(forged.send(new SendEmailCommand(mail))).rejects.toMatchObject({
      name: 'InvalidSignatureException',
    });
    await expect(otherKey.send(new SendEmailCommand(mail))).rejects.toMatchObject({
      name: 'UnrecognizedClientException',
    });
    expect(outbox.list()).toHaveLength(count);
  });

  test('answers only a loopback Host on its own port (421), before any signature is looked at', async () => {
    const { hostname, port } = new URL(ses.endpoint);
    const answer = (host: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        request(
          { hostname, port, method: 'POST', path: '/v2/email/outbound-emails', headers: { host } },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => {
              body += chunk.toString();
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        )
          .on('error', reject)
          .end('{}');
      });

    const rebound = await answer(`rebind.evil.example:${port}`);
    const otherPort = await answer(`127.0.0.1:${Number(port) + 1}`);
    const own = await answer(`localhost:${port}`);

    expect([rebound.status, otherPort.status, own.status]).toEqual([421, 421, 403]);
    expect(rebound.body).toContain('DNS rebinding');
  });
});
