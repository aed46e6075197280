import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LOCAL_STRIPE_SECRET_KEY } from '../../../../functions/domain/billing/config.ts';
import type { StripeContext } from '../context.ts';
import { StripeApiError } from '../errors.ts';
import { parseStripeForm } from '../form.ts';
import { readBody } from '../http.ts';
import { createIdempotency } from '../idempotency.ts';
import { newId } from '../ids.ts';
import { apiAnswer } from './router.ts';

/**
 * The REST API at `/v1/…`: the account's one secret key (401 otherwise), parameters from the query (GET,
 * DELETE) or the form body, a POST with an `Idempotency-Key` run once. Its events are sent after it answers.
 */
export function createApiHandler(
  ctx: StripeContext,
  options: { secretKey?: string | undefined; duringApiCall: <T>(run: () => Promise<T>) => Promise<T> },
) {
  const idempotent = createIdempotency(ctx);
  const secretKey = Buffer.from(`Bearer ${options.secretKey ?? LOCAL_STRIPE_SECRET_KEY}`);
  const hasSecretKey = (auth: string | undefined) => {
    const given = Buffer.from(auth ?? '');
    return given.length === secretKey.length && timingSafeEqual(given, secretKey);
  };

  return async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, method: string) {
    if (!hasSecretKey(req.headers.authorization)) {
      throw new StripeApiError(401, 'Invalid API Key provided.');
    }
    const body = method === 'GET' || method === 'DELETE' ? url.search.slice(1) : await readBody(req);
    const extra = method === 'DELETE' ? await readBody(req) : '';
    const params = parseStripeForm(extra ? `${body}&${extra}` : body);
    const run = () => options.duringApiCall(() => apiAnswer(ctx, method, url.pathname, params));
    const key = method === 'POST' ? String(req.headers['idempotency-key'] ?? '') : '';
    const answer = key
      ? await idempotent(key, `${method} ${url.pathname}?${body}`, run)
      : { body: await run(), replayed: false };
    res.writeHead(200, {
      'content-type': 'application/json',
      'request-id': newId('req'),
      ...(key ? { 'idempotency-key': key } : {}),
      ...(answer.replayed ? { 'idempotent-replayed': 'true' } : {}),
    });
    res.end(answer.body);
  };
}
