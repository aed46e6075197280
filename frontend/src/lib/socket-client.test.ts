import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { createSocketClient, type SocketLike, type SocketStatus, socketUrl } from './socket-client.ts';

/** A WebSocket the test drives by hand: open it, deliver messages, drop it. */
class FakeSocket implements SocketLike {
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  deliver(data: string) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
  drop() {
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }
  close() {
    this.closed = true;
  }
}

let sockets: FakeSocket[];
let tickets: number;

function client(getTicket?: () => Promise<string>) {
  return createSocketClient({
    url: 'ws://localhost:3000/ws',
    getTicket:
      getTicket ??
      (async () => {
        tickets += 1;
        return `ticket-${tickets}`;
      }),
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    baseDelayMs: 1_000,
    maxDelayMs: 8_000,
    random: () => 1,
  });
}

beforeEach(() => {
  jest.useFakeTimers();
  sockets = [];
  tickets = 0;
});
afterEach(() => {
  jest.useRealTimers();
});

describe('socketUrl', () => {
  it('adds the ticket, and turns a page-relative address into a ws one', () => {
    expect(socketUrl('wss://app.example/ws', 'a b')).toBe('wss://app.example/ws?ticket=a+b');
    expect(socketUrl('/ws', 't')).toBe(`ws://${location.host}/ws?ticket=t`);
  });
});

describe('createSocketClient', () => {
  it('opens nothing until someone subscribes, then connects with a fresh ticket', async () => {
    const socket = client();
    expect(sockets).toHaveLength(0);

    socket.subscribe(() => {});
    await jest.advanceTimersByTimeAsync(0);

    expect(sockets.map((s) => s.url)).toEqual(['ws://localhost:3000/ws?ticket=ticket-1']);
    expect(socket.status()).toBe('connecting');
    sockets[0]?.open();
    expect(socket.status()).toBe('open');
  });

  it('hands every listener each message as parsed JSON, skipping what is not JSON', async () => {
    const socket = client();
    const a: unknown[] = [];
    const b: unknown[] = [];
    socket.subscribe((m) => a.push(m));
    socket.subscribe((m) => b.push(m));
    await jest.advanceTimersByTimeAsync(0);
    sockets[0]?.open();

    sockets[0]?.deliver('{"type":"pong"}');
    sockets[0]?.deliver('not json');

    expect(a).toEqual([{ type: 'pong' }]);
    expect(b).toEqual([{ type: 'pong' }]);
  });

  it('reconnects after a drop with doubling delays, a new ticket each time, and resets once open', async () => {
    const socket = client();
    const statuses: SocketStatus[] = [];
    socket.onStatus((s) => statuses.push(s));
    socket.subscribe(() => {});
    await jest.advanceTimersByTimeAsync(0);
    sockets[0]?.open();

    sockets[0]?.drop();
    await jest.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    sockets[1]?.drop();
    await jest.advanceTimersByTimeAsync(1_999);
    expect(sockets).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);
    sockets[2]?.open();
    sockets[2]?.drop();
    await jest.advanceTimersByTimeAsync(1_000);

    expect(sockets.map((s) => s.url.split('=')[1])).toEqual(['ticket-1', 'ticket-2', 'ticket-3', 'ticket-4']);
    expect(statuses).toEqual([
      'connecting',
      'open',
      'closed',
      'connecting',
      'closed',
      'connecting',
      'open',
      'closed',
      'connecting',
    ]);
  });

  it('caps the delay, and retries a ticket request that failed', async () => {
    const getTicket = jest.fn<() => Promise<string>>().mockRejectedValue(new Error('offline'));
    const socket = client(getTicket);
    socket.subscribe(() => {});

    // Attempts at 0, then after 1 s, 2 s, 4 s, 8 s, 8 s: six in 23 s.
    await jest.advanceTimersByTimeAsync(23_000);

    expect(getTicket).toHaveBeenCalledTimes(6);
    expect(socket.status()).toBe('closed');
  });

  it('closes the socket and stops reconnecting when the last listener leaves', async () => {
    const socket = client();
    const leaveA = socket.subscribe(() => {});
    const leaveB = socket.subscribe(() => {});
    await jest.advanceTimersByTimeAsync(0);
    sockets[0]?.open();

    leaveA();
    expect(sockets[0]?.closed).toBe(false);
    leaveB();
    expect(sockets[0]?.closed).toBe(true);
    expect(socket.status()).toBe('idle');
    await jest.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });
});
