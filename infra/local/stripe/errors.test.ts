import { describe, expect, it } from '@jest/globals';
import { errorAnswer, StripeApiError } from './errors.ts';

const bodyOf = (error: unknown) => JSON.parse(errorAnswer(error).body).error;

describe('errorAnswer', () => {
  it("answers a refusal with its status, Stripe's type for it and its code", () => {
    expect(errorAnswer(new StripeApiError(404, 'No such customer', 'resource_missing')).status).toBe(404);
    expect(bodyOf(new StripeApiError(404, 'No such customer', 'resource_missing'))).toEqual({
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: 'No such customer',
    });
    expect(
      bodyOf(new StripeApiError(400, 'Same key, other request', undefined, 'idempotency_error')),
    ).toEqual({
      type: 'idempotency_error',
      message: 'Same key, other request',
    });
  });

  it('answers anything unforeseen as a 500 api_error', () => {
    expect(errorAnswer(new TypeError('boom')).status).toBe(500);
    expect(bodyOf(new TypeError('boom'))).toEqual({ type: 'api_error', message: 'boom' });
  });
});
