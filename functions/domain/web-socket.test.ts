import { beforeEach, describe, expect, it, jest } from '@jest/globals';

// The connection limit and the tickets' rules over an in-memory connections repository. The local cloud runs
// the real writes in tests/integration (abuse-limits, events).

/** Connections under the one user: id → when stored (ms) and TTL end (s). */
const stored = new Map<string, { connectedAt: number; ttl: number | undefined }>();
const removed: string[] = [];
const taken: string[] = [];

jest.unstable_mockModule('../adapters/table/connections.ts', () => ({
  putConnection: async (_sub: string, connectionId: string, nowMs: number) => {
    stored.set(connectionId, { connectedAt: nowMs, ttl: Math.floor(nowMs / 1000) + 7200 });
  },
  connectionsUnder: async () =>
    [...stored.entries()].map(([id, c]) => ({ id, connectedAt: c.connectedAt, ttl: c.ttl })),
  deleteConnection: async (connectionId: string) => {
    removed.push(connectionId);
    stored.delete(connectionId);
  },
  userOfStoredConnection: async () => 'u1',
  putTicket: async () => undefined,
  takeTicket: async (ticket: string) => {
    taken.push(ticket);
    return 'u1';
  },
}));

const { admitConnection, MAX_CONNECTIONS_PER_USER, redeemTicket } = await import('./web-socket.ts');

const NOW = Date.parse('2026-11-28T12:00:00.000Z');

beforeEach(() => {
  stored.clear();
  removed.length = 0;
  taken.length = 0;
});

describe('admitConnection', () => {
  it(`admits ${MAX_CONNECTIONS_PER_USER} connections, and the next one removes itself`, async () => {
    for (let i = 0; i < MAX_CONNECTIONS_PER_USER; i++) {
      await expect(admitConnection('u1', `c${i}`, NOW + i)).resolves.toBe(true);
    }

    await expect(admitConnection('u1', 'late', NOW + 100)).resolves.toBe(false);
    expect(removed).toEqual(['late']);
    expect(stored.size).toBe(MAX_CONNECTIONS_PER_USER);
  });

  it('leaves expired records out of the count', async () => {
    for (let i = 0; i < MAX_CONNECTIONS_PER_USER; i++) {
      stored.set(`old${i}`, { connectedAt: NOW - 3 * 3600_000, ttl: Math.floor(NOW / 1000) - 1 });
    }

    await expect(admitConnection('u1', 'fresh', NOW)).resolves.toBe(true);
  });

  it('orders racing connections by when they were stored, then by id: the one beyond the limit goes', async () => {
    for (let i = 0; i < MAX_CONNECTIONS_PER_USER - 1; i++)
      stored.set(`a${i}`, { connectedAt: NOW, ttl: undefined });
    // 'a9' is stored at the same moment as the other a's, earlier than 'b': with 'b' already counted it still
    // gets the tenth place, and 'b' is the eleventh.
    stored.set('b', { connectedAt: NOW + 5, ttl: undefined });

    await expect(admitConnection('u1', 'a9', NOW)).resolves.toBe(true);
    expect(removed).toEqual([]);
    await expect(admitConnection('u1', 'b', NOW + 5)).resolves.toBe(false);
  });
});

describe('redeemTicket', () => {
  it('never asks the table about a string that is not a ticket', async () => {
    await expect(redeemTicket('short')).resolves.toBeNull();
    await expect(redeemTicket(`${'a'.repeat(42)}!`)).resolves.toBeNull();
    expect(taken).toEqual([]);

    await expect(redeemTicket('a'.repeat(43))).resolves.toBe('u1');
    expect(taken).toHaveLength(1);
  });
});
