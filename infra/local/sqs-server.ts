import { mkdirSync } from 'node:fs';
import { startFauxqs } from 'fauxqs';
import { freePort } from './ports.ts';

export interface LocalSqs {
  endpoint: string;
  stop(): Promise<void>;
}

/** Start the SQS emulator (fauxqs) with its state persisted in SQLite under `dir`. */
export async function startSqs(dir: string): Promise<LocalSqs> {
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const server = await startFauxqs({ port, logger: false, host: '127.0.0.1', dataDir: dir });
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => server.stop() };
}
