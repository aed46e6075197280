import { describe, expect, it } from '@jest/globals';
import type { StripeContext } from './context.ts';
import { StripeApiError } from './errors.ts';
import { createIdempotency } from './idempotency.ts';
import { openStore } from './store.ts';

const context = (): StripeContext => ({
  ...openStore(undefined),
  emit: async () => {},
  appOrigin: 'http://localhost:3000',
  publicUrl: 'http://127.0.0.1:4242',
  basePath: '',
});

describe('idempotency keys', () => {
  it('runs a keyed request once and replays its answer', async () => {
    const idempotent = createIdempotency(context());
    let runs = 0;
    const run = async () => `{"n":${++runs}}`;

    const first = await idempotent('k', 'POST /v1/customers?email=a', run);
    const again = await idempotent('k', 'POST /v1/customers?email=a', run);

    expect(first).toEqual({ body: '{"n":1}', replayed: false });
    expect(again).toEqual({ body: '{"n":1}', replayed: true });
    expect(runs).toBe(1);
  });

  it('refuses the key for other parameters, even while the first is still running', async () => {
    const idempotent = createIdempotency(context());
    let finish: (body: string) => void = () => {};
    const first = idempotent('k', 'POST /v1/refunds?charge=a', () => new Promise((r) => (finish = r)));

    const other = idempotent('k', 'POST /v1/refunds?charge=b', async () => '{}');
    const same = idempotent('k', 'POST /v1/refunds?charge=a', async () => '{"second":true}');
    finish('{"first":true}');

    await expect(other).rejects.toMatchObject({ status: 400, type: 'idempotency_error' });
    await expect(same).resolves.toEqual({ body: '{"first":true}', replayed: true });
    await expect(first).resolves.toEqual({ body: '{"first":true}', replayed: false });
  });

  it('keeps no answer for a refused request, so the key may be used again', async () => {
    const idempotent = createIdempotency(context());
    const refused = idempotent('k', 'POST /v1/refunds?charge=a', async () => {
      throw new StripeApiError(400, 'Charge already refunded.');
    });

    await expect(refused).rejects.toBeInstanceOf(StripeApiError);
    await expect(idempotent('k', 'POST /v1/refunds?charge=a', async () => '{"ok":true}')).resolves.toEqual({
      body: '{"ok":true}',
      replayed: false,
    });
  });

  it('forgets an answer after 24 hours', async () => {
    const ctx = context();
    const idempotent = createIdempotency(ctx);
    ctx.store.idempotency.old = { request: 'POST /v1/customers?', body: '{"old":true}', at: 0 };

    const answer = await idempotent('old', 'POST /v1/customers?email=other', async () => '{"new":true}');

    expect(answer).toEqual({ body: '{"new":true}', replayed: false });
  });
});
