import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { type ErrorBody, errorStatus } from '#shared/errors';
import { readSecret } from '../adapters/secrets.ts';
import { createStripeClient, handleStripeWebhook, stripeSettings } from '../domain/billing/index.ts';
import { type ApiResult, header, json } from '../lib/http.ts';
import { logger } from '../lib/logger.ts';

/** Stripe's events are a few KB; anything this large is not one. */
export const MAX_WEBHOOK_BODY_BYTES = 512 * 1024;

const failure = (code: ErrorBody['error']['code'], message: string): ApiResult =>
  json(errorStatus[code], { error: { code, message } } satisfies ErrorBody);

/**
 * POST /api/webhooks/stripe, a public route: Stripe authenticates with the signature over the raw body.
 * This is deliberately not an `apiHandler`: its JSON body middleware would refuse bodies that are not
 * JSON with a content type of its liking before the signature is checked, and the signature must be
 * checked on the bytes exactly as they arrived (API Gateway's base64 form decoded back to them). Answers:
 * 400 for a bad signature or an oversized body, 200 for every verified event (known type or not),
 * 503 when Stripe is not configured (Stripe retries), and 500 only when storage fails (Stripe retries; the
 * event record keeps a retry from applying twice).
 */
export async function handler(event: APIGatewayProxyEventV2): Promise<ApiResult> {
  try {
    const body = event.body ?? '';
    const bytes = event.isBase64Encoded ? Buffer.from(body, 'base64') : Buffer.from(body, 'utf8');
    if (bytes.byteLength > MAX_WEBHOOK_BODY_BYTES) {
      logger.warn('stripe webhook refused: body too large', { bytes: bytes.byteLength });
      return failure('PAYLOAD_TOO_LARGE', `The body is larger than ${MAX_WEBHOOK_BODY_BYTES} bytes.`);
    }
    const rawBody = event.isBase64Encoded ? bytes.toString('utf8') : body;
    const settings = stripeSettings(await readSecret('stripe'));
    if (!settings) {
      logger.error('stripe webhook received but payments are not configured');
      return failure('PAYMENTS_NOT_CONFIGURED', 'Payments are not configured in this deployment.');
    }
    const result = await handleStripeWebhook(
      rawBody,
      header(event, 'stripe-signature'),
      settings.webhookSecret,
      { stripe: createStripeClient(settings.secretKey, { apiBase: settings.apiBase }) },
    );
    return json(result.status, result.body);
  } catch (error) {
    logger.error('stripe webhook failed; Stripe will retry', { error: error as Error });
    return failure('INTERNAL', 'Internal error.');
  }
}
