import { api } from './api-client.ts';

/** Where the socket stands: pushes arrive only while `open`; anything else means "poll instead". */
export type SocketStatus = 'idle' | 'connecting' | 'open' | 'closed';

/** The part of the browser's WebSocket the client uses (tests pass a fake). */
export interface SocketLike {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string) => SocketLike;

export interface SocketClientOptions {
  /** `config.wsUrl`: absolute (`wss://…/ws`) or relative to the page (`/ws`). */
  url: string;
  /** A single-use ticket for `$connect`: the access token never goes into the socket's URL. */
  getTicket?: () => Promise<string>;
  createSocket?: SocketFactory;
  /** First reconnect delay; doubled after every failed attempt up to `maxDelayMs`. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** 0..1; spreads reconnects so a server restart is not met by every tab at the same instant. */
  random?: () => number;
}

export interface SocketClient {
  /** Receive every message (parsed JSON); the socket is open while anyone listens. Returns an unsubscribe. */
  subscribe(listener: (message: unknown) => void): () => void;
  /** Be told when the status changes; does not open the socket by itself. */
  onStatus(listener: (status: SocketStatus) => void): () => void;
  status(): SocketStatus;
}

/** POST /ws/ticket. */
export async function getSocketTicket(): Promise<string> {
  const { data } = await api.post<{ data: { ticket: string; expiresIn: number } }>('ws/ticket');
  return data.ticket;
}

/** `config.wsUrl` with its ticket, resolved against the page when relative. */
export function socketUrl(url: string, ticket: string): string {
  const absolute = new URL(url, globalThis.location?.href ?? 'http://localhost/');
  if (absolute.protocol === 'http:') absolute.protocol = 'ws:';
  if (absolute.protocol === 'https:') absolute.protocol = 'wss:';
  absolute.searchParams.set('ticket', ticket);
  return absolute.toString();
}

/**
 * One WebSocket shared by every listener: opened when the first one subscribes, closed when the last one
 * leaves, and reopened with exponential backoff (and a fresh ticket) whenever it drops in between.
 */
export function createSocketClient({
  url,
  getTicket = getSocketTicket,
  createSocket = (address) => new WebSocket(address),
  baseDelayMs = 1_000,
  maxDelayMs = 30_000,
  random = Math.random,
}: SocketClientOptions): SocketClient {
  const listeners = new Set<(message: unknown) => void>();
  const statusListeners = new Set<(status: SocketStatus) => void>();
  let current: SocketStatus = 'idle';
  let socket: SocketLike | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  // Bumped on every connect and stop, so a ticket or socket from an abandoned attempt is ignored.
  let generation = 0;

  function setStatus(next: SocketStatus) {
    if (next === current) return;
    current = next;
    for (const listener of statusListeners) listener(next);
  }

  function scheduleReconnect() {
    setStatus('closed');
    const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** attempt) * (0.5 + random() / 2);
    attempt += 1;
    retryTimer = setTimeout(connect, delay);
  }

  async function connect() {
    retryTimer = undefined;
    const mine = ++generation;
    setStatus('connecting');
    let ticket: string;
    try {
      ticket = await getTicket();
    } catch {
      if (mine === generation) scheduleReconnect();
      return;
    }
    if (mine !== generation) return;
    let opened: SocketLike;
    try {
      opened = createSocket(socketUrl(url, ticket));
    } catch {
      scheduleReconnect();
      return;
    }
    socket = opened;
    opened.onopen = () => {
      if (mine !== generation) return;
      attempt = 0;
      setStatus('open');
    };
    opened.onmessage = (event) => {
      if (mine !== generation || typeof event.data !== 'string') return;
      let message: unknown;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      for (const listener of [...listeners]) listener(message);
    };
    // A refused or dropped socket fires error then close; close alone decides what happens next.
    opened.onerror = () => {};
    opened.onclose = () => {
      if (mine !== generation) return;
      socket = undefined;
      scheduleReconnect();
    };
  }

  function stop() {
    generation += 1;
    clearTimeout(retryTimer);
    retryTimer = undefined;
    attempt = 0;
    const closing = socket;
    socket = undefined;
    closing?.close(1000, 'no listeners');
    setStatus('idle');
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (current === 'idle') void connect();
      return () => {
        if (!listeners.delete(listener)) return;
        if (listeners.size === 0) stop();
      };
    },
    onStatus(listener) {
      statusListeners.add(listener);
      return () => {
        statusListeners.delete(listener);
      };
    },
    status: () => current,
  };
}

const shared = new Map<string, SocketClient>();

/** The app's one socket client per address (every hook of the page shares its connection). */
export function sharedSocketClient(url: string): SocketClient {
  let client = shared.get(url);
  if (!client) {
    client = createSocketClient({ url });
    shared.set(url, client);
  }
  return client;
}
