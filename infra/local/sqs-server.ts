import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFauxqs } from 'fauxqs';
import { startAwsFront } from './aws-front.ts';
import { freePort } from './ports.ts';
import type { LocalCredentials } from './sigv4.ts';

export interface LocalSqs {
  /** The front that checks SigV4 and the Host; fauxqs itself listens on a private Unix socket. */
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * Start the SQS emulator (fauxqs) with its state persisted in SQLite under `dir`, behind a front on
 * 127.0.0.1 that takes only requests SigV4-signed with `credentials` and a loopback Host: fauxqs checks no
 * signature. fauxqs ignores its `host` option and listens on 0.0.0.0; while it starts, that listen (on
 * exactly 0.0.0.0 and the front's port, which no other server asks for) is moved to a Unix socket in a
 * private folder, and the server reports the front's address, so the queue URLs fauxqs builds name the front.
 */
export async function startSqs(dir: string, credentials: LocalCredentials): Promise<LocalSqs> {
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const socketDir = mkdtempSync(join(tmpdir(), 'fauxqs-'));
  const socketPath = join(socketDir, 'sqs.sock');
  const listen = Server.prototype.listen;
  Server.prototype.listen = function (this: Server, ...args: unknown[]) {
    const [first] = args;
    if (
      first &&
      typeof first === 'object' &&
      (first as { port?: unknown }).port === port &&
      (first as { host?: unknown }).host === '0.0.0.0'
    ) {
      const { port: _port, host: _host, ...rest } = first as Record<string, unknown>;
      args[0] = { ...rest, path: socketPath };
      this.address = () => ({ address: '127.0.0.1', family: 'IPv4', port });
    }
    return (listen as (...a: unknown[]) => Server).apply(this, args);
  } as typeof listen;
  let fauxqs: Awaited<ReturnType<typeof startFauxqs>>;
  try {
    fauxqs = await startFauxqs({ port, logger: false, host: '127.0.0.1', dataDir: dir });
  } finally {
    Server.prototype.listen = listen;
  }
  const front = await startAwsFront({ service: 'sqs', credentials, upstream: { socketPath }, port }).catch(
    async (error: unknown) => {
      await fauxqs.stop();
      throw error;
    },
  );
  return {
    endpoint: front.endpoint,
    stop: async () => {
      await front.stop();
      await fauxqs.stop();
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}
