import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { analyticsBatchSchema } from '#shared/analytics';
import { checkRateLimit, windowSecondsLeft } from '../domain/ai/rate-limit.ts';
import { storeEvents } from '../domain/analytics/events.ts';
import { flagValues } from '../domain/flags.ts';
import { AppError } from '../lib/app-error.ts';
import { json, noContent } from '../lib/http.ts';
import { parseBody } from '../lib/validate.ts';
import { apiHandler, byRouteKey } from '../runtime/api-handler.ts';

/** Flags are the same for everyone and change rarely: a few seconds of caching spares the table. */
const FLAGS_MAX_AGE_SECONDS = 5;

const flags = apiHandler(
  async () =>
    json(200, { data: await flagValues() }, { 'cache-control': `public, max-age=${FLAGS_MAX_AGE_SECONDS}` }),
  { auth: 'public' },
);

const events = apiHandler(
  byRouteKey({
    /**
     * A batch is checked whole before anything is kept: one bad event, or one too many for the minute,
     * refuses the batch, so the SPA never has to guess which events got through.
     */
    'POST /api/events': async ({ caller, json: body }) => {
      const batch = parseBody(analyticsBatchSchema, body);
      const now = Date.now();
      try {
        await checkRateLimit(caller.sub, 'events', now, batch.events.length);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'EVENTS_RATE_LIMITED') throw error;
        // Answered here rather than thrown: the error mapper has no way to add Retry-After.
        return json(
          error.status,
          { error: { code: error.code, message: error.message } },
          { 'retry-after': String(windowSecondsLeft('events', now)) },
        );
      }
      await storeEvents(caller.sub, batch.events, new Date(now));
      return noContent();
    },
  }),
  { auth: 'user' },
);

/** One function, two audiences: the flags are public, events come from signed-in users only. */
export const handler = (event: APIGatewayProxyEventV2, context: Context) =>
  event.routeKey === 'GET /api/flags' ? flags(event, context) : events(event, context);
