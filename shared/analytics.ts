import { z } from 'zod';

/**
 * Analytics events of spec section 3, as the SPA sends them to `POST /api/events`. Names are snake_case
 * versions of the spec's list; anything else is refused.
 */
export const analyticsEventNames = [
  'user_sign_up',
  'user_sign_in',
  'user_sign_out',
  'resume_created',
  'resume_updated',
  'resume_deleted',
  'resume_downloaded',
  'resume_shared',
  'template_selected',
  'resume_upload_started',
  'resume_upload_completed',
  'resume_upload_failed',
  'section_updated',
  'ai_suggestion_requested',
  'ai_suggestion_selected',
  'page_view',
  'error',
  'feature_used',
  'ai_coach_opened',
  'ai_coach_closed',
] as const;
export type AnalyticsEventName = (typeof analyticsEventNames)[number];

export { MAX_EVENTS_PER_MINUTE, MAX_EVENTS_PER_REQUEST } from './analytics-limits.ts';

import { MAX_EVENTS_PER_REQUEST } from './analytics-limits.ts';

/**
 * A number the table can store: zero, or a magnitude from 1e-130 (DynamoDB's smallest) to 2^53 - 1 (the
 * document client refuses larger ones as imprecise). Anything else (5e-324, 1e24) makes the write fail,
 * which must be the client's 400, not a 500.
 */
const storableNumber = z
  .number()
  .finite()
  .refine(
    (n) => n === 0 || (Math.abs(n) >= 1e-130 && Math.abs(n) <= Number.MAX_SAFE_INTEGER),
    'out of the storable range',
  );

/** Flat, small properties only: no free text beyond 200 characters, no nesting, at most 10 keys. */
const propertyValue = z.union([z.string().max(200), storableNumber, z.boolean()]);
export const analyticsEventSchema = z.strictObject({
  name: z.enum(analyticsEventNames),
  /** The SPA path the event happened on (no query string: it may carry personal data). */
  path: z
    .string()
    .max(200)
    .regex(/^\/[^?#]*$/)
    .optional(),
  /** Client time (ISO); the server records its own time too and trusts only that for stats. */
  at: z.iso.datetime().optional(),
  properties: z
    .record(z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,39}$/), propertyValue)
    .refine((p) => Object.keys(p).length <= 10, 'at most 10 properties')
    .optional(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

export const analyticsBatchSchema = z.strictObject({
  events: z.array(analyticsEventSchema).min(1).max(MAX_EVENTS_PER_REQUEST),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;

/**
 * Daily product metrics counted on the server where the fact happens (never from client events), shown as
 * charts in the admin stats.
 */
export const statMetrics = [
  'signUps',
  'proConversions',
  'resumesCreated',
  'aiUses',
  /** Claude tokens sent and received (the AI's cost; the local engine spends none). */
  'aiTokensIn',
  'aiTokensOut',
  'imports',
  'pdfs',
] as const;
export type StatMetric = (typeof statMetrics)[number];

export const STATS_DEFAULT_DAYS = 30;
export const STATS_MAX_DAYS = 90;

/** `GET /api/admin/stats?days=N` → `{ data: AdminStats }`. */
export interface AdminStats {
  /** UTC days, oldest first (`yyyy-mm-dd`). */
  days: string[];
  /** One count per day for each metric, aligned with `days`. */
  series: Record<StatMetric, number[]>;
  /** Client analytics events per name over the whole range. */
  events: Partial<Record<AnalyticsEventName, number>>;
  totals: {
    users: number;
    proUsers: number;
    resumes: number;
  };
  generatedAt: string;
}

/**
 * `GET /api/admin/analytics/export?from=yyyy-mm-dd&to=yyyy-mm-dd` (UTC days, both included) → a CSV
 * attachment. Without a range: the last ANALYTICS_EXPORT_DEFAULT_DAYS days up to today.
 */
export const ANALYTICS_EXPORT_MAX_DAYS = 31;
export const ANALYTICS_EXPORT_DEFAULT_DAYS = 7;
/** The CSV's columns, in order (the first line of every export). */
export const analyticsExportColumns = ['time', 'name', 'user_id', 'path', 'properties'] as const;
/**
 * A response holds at most a few megabytes (the API's payload limit). When the range has more, this header
 * carries an opaque cursor: ask again with `&cursor=` for the next part. Absent on the last part.
 */
export const ANALYTICS_EXPORT_CURSOR_HEADER = 'x-export-cursor';
