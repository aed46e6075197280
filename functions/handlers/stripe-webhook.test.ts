import { afterAll, beforeEach, describe, expect, it } from '@jest/globals';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import Stripe from 'stripe';
import { handler, MAX_WEBHOOK_BODY_BYTES } from './stripe-webhook.ts';

// The webhook handler's own part: the raw body as API Gateway hands it over (text, or base64 for bodies it
// does not treat as text) reaches the signature check byte for byte. Events of an unknown type are
// acknowledged without touching storage, so no table is needed here.

const secret = 'whsec_unit_test_secret';
const saved = { ...process.env };

beforeEach(() => {
  // No `stripe` secret granted; the local stand-in's settings from the environment.
  Object.assign(process.env, { STRIPE_API_BASE: 'http://127.0.0.1:1', STRIPE_WEBHOOK_SECRET: secret });
  delete process.env.STRIPE_SECRET_KEY;
  delete process.env.STRIPE_SECRET_ID;
  process.env.LOG_LEVEL = 'SILENT';
});

afterAll(() => {
  process.env = saved;
});

const payload = JSON.stringify({
  id: 'evt_unit_1',
  object: 'event',
  type: 'product.created',
  data: { object: { name: 'Currículo ✓' } },
});

function event(body: string, signature: string | undefined, base64 = false): APIGatewayProxyEventV2 {
  return {
    version: '2.0',
    routeKey: 'POST /api/webhooks/stripe',
    rawPath: '/api/webhooks/stripe',
    rawQueryString: '',
    headers: {
      'content-type': 'application/json',
      ...(signature !== undefined ? { 'stripe-signature': signature } : {}),
    },
    requestContext: {} as APIGatewayProxyEventV2['requestContext'],
    body: base64 ? Buffer.from(body, 'utf8').toString('base64') : body,
    isBase64Encoded: base64,
  };
}

const sign = (body: string, key = secret) =>
  Stripe.webhooks.generateTestHeaderString({ payload: body, secret: key });
const bodyOf = (result: { body?: string }) => JSON.parse(result.body ?? 'null');

describe('POST /api/webhooks/stripe handler', () => {
  it.each([false, true])(
    'verifies the raw body (base64: %s) and acknowledges an unknown type',
    async (b64) => {
      const result = await handler(event(payload, sign(payload), b64));
      expect(result.statusCode).toBe(200);
      expect(bodyOf(result)).toEqual({ received: true, outcome: 'unhandled type' });
    },
  );

  it('a body changed after signing (re-serialised), a wrong secret or no signature is 400', async () => {
    const reserialised = JSON.stringify(JSON.parse(payload), null, 2);
    for (const e of [
      event(reserialised, sign(payload)),
      event(payload, sign(payload, 'whsec_other')),
      event(payload, undefined),
      event('not json', sign(payload)),
    ]) {
      const result = await handler(e);
      expect(result.statusCode).toBe(400);
      expect(bodyOf(result).error.code).toBe('INVALID_SIGNATURE');
    }
  });

  it('an oversized body is 400 PAYLOAD_TOO_LARGE before anything else', async () => {
    const big = 'x'.repeat(MAX_WEBHOOK_BODY_BYTES + 1);
    const result = await handler(event(big, sign(big)));
    expect(result.statusCode).toBe(400);
    expect(bodyOf(result).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('with no Stripe settings at all it is 503 PAYMENTS_NOT_CONFIGURED, so Stripe retries later', async () => {
    delete process.env.STRIPE_API_BASE;
    const result = await handler(event(payload, sign(payload)));
    expect(result.statusCode).toBe(503);
    expect(bodyOf(result).error.code).toBe('PAYMENTS_NOT_CONFIGURED');
  });
});
