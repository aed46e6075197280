import { afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { documentClient } from '../../adapters/dynamo.ts';
import { decodeCursor, exportEventsCsv } from './export.ts';

// The paging logic with the table played in memory: DynamoDB Local would need thousands of events (and
// megabytes) to cut an export, so the cut is made small here instead.

type Item = Record<string, unknown> & { pk: string; sk: string };

function playTable(items: Item[]) {
  return jest.spyOn(documentClient, 'send').mockImplementation((async (command: {
    constructor: { name: string };
    input: {
      ExpressionAttributeValues?: Record<string, unknown>;
      ExclusiveStartKey?: Record<string, unknown>;
      Limit?: number;
    };
  }) => {
    if (command.constructor.name !== 'QueryCommand') throw new Error('only queries expected');
    const input = command.input;
    const pk = input.ExpressionAttributeValues?.[':pk'];
    const start = input.ExclusiveStartKey?.sk as string | undefined;
    const matching = items
      .filter((i) => i.pk === pk && (start === undefined || i.sk > start))
      .sort((a, b) => a.sk.localeCompare(b.sk));
    const page = matching.slice(0, input.Limit ?? matching.length);
    const more = page.length < matching.length;
    return { Items: page, ...(more ? { LastEvaluatedKey: { pk, sk: page.at(-1)?.sk } } : {}) };
  }) as never);
}

const batch = (day: string, n: number, size: number): Item => {
  const at = `${day}T10:00:${String(n).padStart(2, '0')}.000Z`;
  return {
    pk: `EVENTS#${day}`,
    sk: `${at}#id${n}`,
    at,
    userId: `user-${n}`,
    events: Array.from({ length: size }, (_, i) => ({ name: 'page_view', path: `/p${n}-${i}` })),
  };
};

beforeAll(() => {
  process.env.TABLE_NAME = 'unit-test-table';
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('analytics export paging', () => {
  const range = { from: '2026-03-01', to: '2026-03-03' };
  const items = [
    batch('2026-03-01', 1, 3),
    batch('2026-03-01', 2, 1),
    // 2026-03-02 has no events
    batch('2026-03-03', 3, 2),
    batch('2026-03-03', 4, 5),
  ];
  const bodyRows = (csv: string) => csv.split('\r\n').filter(Boolean).slice(1);

  it('reads every day of the range in time order, one row per event', async () => {
    playTable(items);
    const { csv, next } = await exportEventsCsv(range, null);

    expect(next).toBeNull();
    expect(csv.startsWith('time,name,user_id,path,properties\r\n')).toBe(true);
    expect(bodyRows(csv).map((r) => r.split(',')[3])).toEqual([
      '/p1-0',
      '/p1-1',
      '/p1-2',
      '/p2-0',
      '/p3-0',
      '/p3-1',
      '/p4-0',
      '/p4-1',
      '/p4-2',
      '/p4-3',
      '/p4-4',
    ]);
  });

  it('cuts a full response between batches and continues from its cursor with nothing lost or repeated', async () => {
    playTable(items);
    const whole = bodyRows((await exportEventsCsv(range, null)).csv);
    const parts: string[] = [];
    let cursor: string | null = null;
    let responses = 0;
    do {
      const part: { csv: string; next: string | null } = await exportEventsCsv(
        range,
        cursor === null ? null : decodeCursor(cursor, range),
        250,
      );
      parts.push(...bodyRows(part.csv));
      cursor = part.next;
      responses += 1;
    } while (cursor !== null && responses < 20);

    expect(responses).toBeGreaterThan(1);
    expect(parts).toEqual(whole);
  });

  it('answers the header alone for a range without events', async () => {
    playTable([]);
    expect(await exportEventsCsv({ from: '2026-01-01', to: '2026-01-31' }, null)).toEqual({
      csv: 'time,name,user_id,path,properties\r\n',
      next: null,
    });
  });
});
