import { mkdirSync } from 'node:fs';
import { Server } from 'node:net';
import { startFauxqs } from 'fauxqs';
import { freePort } from './ports.ts';

export interface LocalSqs {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * Start the SQS emulator (fauxqs) with its state persisted in SQLite under `dir`, on 127.0.0.1 only.
 * fauxqs ignores its `host` option and listens on 0.0.0.0, which would open the queues to the network;
 * while it starts, a listen on exactly 0.0.0.0 and this port is moved to loopback (the port is fresh, so no
 * other server asks for it, and servers that already name their host are left alone).
 */
export async function startSqs(dir: string): Promise<LocalSqs> {
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const listen = Server.prototype.listen;
  Server.prototype.listen = function (this: Server, ...args: unknown[]) {
    const [first] = args;
    if (
      first &&
      typeof first === 'object' &&
      (first as { port?: unknown }).port === port &&
      (first as { host?: unknown }).host === '0.0.0.0'
    ) {
      args[0] = { ...first, host: '127.0.0.1' };
    }
    return (listen as (...a: unknown[]) => Server).apply(this, args);
  } as typeof listen;
  try {
    const server = await startFauxqs({ port, logger: false, host: '127.0.0.1', dataDir: dir });
    return { endpoint: `http://127.0.0.1:${port}`, stop: () => server.stop() };
  } finally {
    Server.prototype.listen = listen;
  }
}
