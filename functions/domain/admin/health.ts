import { queueNames, readEnv } from '#functions/contract';
import type { AdminHealth } from '#shared/admin';
import { tableName } from '../../adapters/dynamo.ts';
import { describeTable, type QueueCount, queueCounts } from '../../adapters/health.ts';
import { logger } from '../../lib/logger.ts';

type QueueHealth = AdminHealth['queues'][number];

/** `QUEUE_STATS_URLS`: each queue's URL and its dead-letter queue's, as the stack (or local cloud) set them. */
function queueStatsUrls(): Record<string, { url?: string; dlqUrl?: string }> {
  try {
    return JSON.parse(readEnv('queueStatsUrls') ?? '{}') as Record<string, { url?: string; dlqUrl?: string }>;
  } catch {
    return {};
  }
}

async function count(url: string | undefined, attributes: QueueCount[]) {
  if (!url) throw new Error('no URL for this queue in QUEUE_STATS_URLS');
  return queueCounts(url, attributes);
}

/** One queue's depth, work in flight and dead letters; null when any of it cannot be read. */
async function queueHealth(
  name: string,
  urls: { url?: string; dlqUrl?: string },
): Promise<QueueHealth | null> {
  try {
    const [[depth = 0, inFlight = 0], [dlqDepth = 0]] = await Promise.all([
      count(urls.url, ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible']),
      count(urls.dlqUrl, ['ApproximateNumberOfMessages']),
    ]);
    return { name, depth, inFlight, dlqDepth };
  } catch (error) {
    logger.warn('health: a queue could not be read', { queue: name, error: error as Error });
    return null;
  }
}

async function tableHealth(): Promise<{ table: AdminHealth['table']; ok: boolean }> {
  const name = tableName();
  try {
    const { status, itemCount, sizeBytes } = await describeTable(name);
    return { table: { name, status, itemCount, sizeBytes }, ok: status === 'ACTIVE' };
  } catch (error) {
    logger.warn('health: the table could not be described', { error: error as Error });
    return { table: { name, status: 'UNAVAILABLE', itemCount: null, sizeBytes: null }, ok: false };
  }
}

/**
 * GET /api/admin/health: the table and every queue of the manifest with its dead-letter depth. 'degraded'
 * when a dead-letter queue holds messages (jobs that failed every attempt) or anything cannot be read; a
 * queue that cannot be read shows zeros marked `unavailable`.
 */
export async function health(now = new Date()): Promise<AdminHealth> {
  const urls = queueStatsUrls();
  const [table, ...queueResults] = await Promise.all([
    tableHealth(),
    ...queueNames.map((name) => queueHealth(name, urls[name] ?? {})),
  ]);
  const readable = queueResults.every((q) => q !== null);
  const deadLetters = queueResults.some((q) => (q?.dlqDepth ?? 0) > 0);
  return {
    status: table.ok && readable && !deadLetters ? 'ok' : 'degraded',
    checkedAt: now.toISOString(),
    table: table.table,
    queues: queueResults.map(
      (q, i) => q ?? { name: queueNames[i] ?? '', depth: 0, inFlight: 0, dlqDepth: 0, unavailable: true },
    ),
  };
}
