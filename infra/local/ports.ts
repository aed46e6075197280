import type { Server } from 'node:http';
import { createServer } from 'node:net';

/** Ask the OS for a free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Retry an async probe until it succeeds or the deadline passes. */
export async function waitFor<T>(probe: () => Promise<T>, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      return await probe();
    } catch (error) {
      lastError = error;
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  throw new Error(`${what} did not become ready in ${timeoutMs} ms: ${(lastError as Error)?.message}`);
}

/**
 * Keep idle keep-alive sockets open for 30 s instead of Node's 5. A client reuses an idle socket until its
 * own, shorter timer ends (undici: 4 s); when a busy machine delays this server's timers past 5 s, Node
 * closed the socket just as the next request arrived on it ("other side closed"). With the server's
 * timeout well past every client's, the client always gives the socket up first.
 */
export function keepIdleSocketsLonger(server: Server | undefined): void {
  if (!server) return;
  server.keepAliveTimeout = 30_000;
  // Node requires the headers timeout to stay above the keep-alive timeout.
  server.headersTimeout = Math.max(server.headersTimeout, 31_000);
}
