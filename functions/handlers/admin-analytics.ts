import { ANALYTICS_EXPORT_CURSOR_HEADER } from '#shared/analytics';
import { isFeatureFlagName, setFeatureFlagSchema } from '#shared/flags';
import { decodeCursor, exportEventsCsv, exportRange } from '../domain/analytics/export.ts';
import { adminStats, statsDays } from '../domain/analytics/stats.ts';
import { listFlags, setFlag } from '../domain/flags.ts';
import { AppError } from '../lib/app-error.ts';
import { json, pathParam } from '../lib/http.ts';
import { parseBody } from '../lib/validate.ts';
import { apiHandler, byRouteKey } from '../runtime/api-handler.ts';

/** Staff analytics: each route's permission is named in the manifest and checked by apiHandler. */
export const handler = apiHandler(
  byRouteKey({
    'GET /api/admin/stats': async (event) => {
      const days = statsDays(event.queryStringParameters?.days);
      return json(200, { data: await adminStats(days) });
    },

    'GET /api/admin/flags': async () => json(200, { data: await listFlags() }),

    'PUT /api/admin/flags/{flag}': async (event) => {
      const name = pathParam(event, 'flag');
      if (!isFeatureFlagName(name)) throw new AppError('NOT_FOUND', `No feature flag ${name}.`);
      const { enabled } = parseBody(setFeatureFlagSchema, event.json);
      return json(200, { data: await setFlag(name, enabled, event.profile.email || event.caller.sub) });
    },

    'GET /api/admin/analytics/export': async (event) => {
      const query = event.queryStringParameters ?? {};
      const range = exportRange(query);
      const { csv, next } = await exportEventsCsv(range, decodeCursor(query.cursor, range));
      return {
        statusCode: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="analytics-events-${range.from}-to-${range.to}.csv"`,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
          ...(next ? { [ANALYTICS_EXPORT_CURSOR_HEADER]: next } : {}),
        },
        body: csv,
      };
    },
  }),
  { auth: 'staff' },
);
