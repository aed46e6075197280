import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { localRequestRefusal, sendRefusal } from './aws-front.ts';
import type { Outbox } from './outbox.ts';
import { keepIdleSocketsLonger } from './ports.ts';
import { type LocalCredentials, sigV4Verifier } from './sigv4.ts';

/**
 * The local cloud's SES: the one SES v2 operation product mail uses, `SendEmail` (REST JSON,
 * `POST /v2/email/outbound-emails`), so functions send with the real `@aws-sdk/client-sesv2` exactly as
 * deployed (its endpoint comes from AWS_ENDPOINT_URL_SESV2). Each message lands in the outbox, one .eml per
 * recipient, listed at /_local/outbox next to the auth mail.
 *
 * npm's `aws-ses-v2-local` was considered: it keeps messages in its own memory behind its own web page, so
 * the outbox (and every test that reads it) would have to poll a second store; this is one small handler.
 * Simple content only (what functions/adapters/mail.ts sends); raw and templated messages are refused as
 * SES would refuse a malformed request. As SES does, it takes only requests SigV4-signed with the local
 * cloud's key (and, against DNS rebinding, a loopback Host), so no page or program can write into the
 * outbox the person reads their codes from.
 */

export interface LocalSes {
  endpoint: string;
  stop(): Promise<void>;
}

interface Body {
  Data?: unknown;
}

interface SendEmailInput {
  FromEmailAddress?: unknown;
  Destination?: { ToAddresses?: unknown; CcAddresses?: unknown; BccAddresses?: unknown };
  Content?: {
    Simple?: { Subject?: Body; Body?: { Html?: Body; Text?: Body } };
    Raw?: unknown;
    Template?: unknown;
  };
}

/** Largest request accepted; SES's own limit for a message is 40 MB, product mail is a few KB. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

function send(res: ServerResponse, status: number, body: unknown, errorType?: string): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'x-amzn-requestid': randomUUID(),
    ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
  });
  res.end(text);
}

const fail = (res: ServerResponse, status: number, type: string, message: string) =>
  send(res, status, { message }, type);

const addresses = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((a): a is string => typeof a === 'string' && a.length > 0) : [];

/** The outbox fields of a SendEmail request, or the reason SES would refuse it. */
export function parseSendEmail(
  input: SendEmailInput,
): { from: string; to: string[]; subject: string; text: string; html: boolean } | { error: string } {
  if (typeof input.FromEmailAddress !== 'string' || !input.FromEmailAddress.includes('@')) {
    return { error: 'FromEmailAddress is required (an address of a verified identity).' };
  }
  const destination = input.Destination ?? {};
  const to = [
    ...addresses(destination.ToAddresses),
    ...addresses(destination.CcAddresses),
    ...addresses(destination.BccAddresses),
  ];
  if (to.length === 0) return { error: 'Destination needs at least one address.' };
  if (to.length > 50) return { error: 'Recipient count exceeds 50.' };
  const simple = input.Content?.Simple;
  if (!simple) {
    return {
      error:
        input.Content?.Raw || input.Content?.Template
          ? 'The local SES stand-in sends Simple content only.'
          : 'Content is required.',
    };
  }
  const subject = simple.Subject?.Data;
  if (typeof subject !== 'string') return { error: 'Content.Simple.Subject.Data is required.' };
  const html = simple.Body?.Html?.Data;
  const text = simple.Body?.Text?.Data;
  if (typeof html !== 'string' && typeof text !== 'string') {
    return { error: 'Content.Simple.Body needs Html or Text.' };
  }
  return typeof html === 'string'
    ? { from: input.FromEmailAddress, to, subject, text: html, html: true }
    : { from: input.FromEmailAddress, to, subject, text: String(text), html: false };
}

/** Start the stand-in on a random loopback port, writing what it is sent to `outbox`. */
export async function startSes(outbox: Outbox, credentials: LocalCredentials): Promise<LocalSes> {
  const verifier = sigV4Verifier(credentials, 'ses');
  let port = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (c: Buffer) => {
      if (refused) return;
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        refused = true;
        res.setHeader('connection', 'close');
        fail(res, 413, 'BadRequestException', 'The request is too large.');
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      if (refused) return;
      const body = Buffer.concat(chunks);
      const request = { method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body };
      // REST services answer a bad signature with 403.
      localRequestRefusal(request, { port, verifier, signatureStatus: 403 }).then(
        (refusal) => (refusal ? sendRefusal(res, refusal) : answer(body)),
        () => fail(res, 500, 'InternalFailure', 'The local SES failed.'),
      );
    });
    const answer = (body: Buffer) => {
      const path = (req.url ?? '').split('?')[0];
      if (req.method !== 'POST' || path !== '/v2/email/outbound-emails') {
        fail(res, 404, 'NotFoundException', `The local SES has no ${req.method} ${path}.`);
        return;
      }
      let input: SendEmailInput;
      try {
        input = JSON.parse(body.toString('utf8') || '{}') as SendEmailInput;
      } catch {
        fail(res, 400, 'BadRequestException', 'The request body is not JSON.');
        return;
      }
      const parsed = parseSendEmail(input ?? {});
      if ('error' in parsed) {
        fail(res, 400, 'BadRequestException', parsed.error);
        return;
      }
      const messageId = `local-${randomUUID()}`;
      for (const to of parsed.to) {
        outbox.write({
          from: parsed.from,
          to,
          subject: parsed.subject,
          text: parsed.text,
          html: parsed.html,
        });
      }
      send(res, 200, { MessageId: messageId });
    };
    req.on('error', () => res.destroy());
  });
  server.on('clientError', (_error, socket) => socket.destroy());

  keepIdleSocketsLonger(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
