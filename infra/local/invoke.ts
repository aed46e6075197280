import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { functions } from '../app-manifest.ts';
import { INVOKE_SECRET_HEADER, readInvokeSecret } from './invoke-secret.ts';

/**
 * `npm run invoke -- <function> <event.json>`: run one manifest function with a sample event through the
 * running local cloud's Lambda invoke endpoint (start it first with `npm start`).
 */
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { 'data-dir': { type: 'string', default: resolve(import.meta.dirname, '../../.data') } },
});
const [name, eventFile] = positionals;
if (!name || !eventFile || !Object.hasOwn(functions, name)) {
  console.error(
    `Usage: npm run invoke -- <function> <event.json>\nFunctions: ${Object.keys(functions).join(', ')}`,
  );
  process.exit(2);
}
const pidFile = resolve(values['data-dir'], 'local-cloud.pid');
if (!existsSync(pidFile)) {
  console.error('The local cloud is not running: start it with `npm start` in another terminal.');
  process.exit(1);
}
const { url } = JSON.parse(readFileSync(pidFile, 'utf8')) as { url: string };
const response = await fetch(
  `${url.replace('localhost', '127.0.0.1')}/2015-03-31/functions/${name}/invocations`,
  {
    method: 'POST',
    // The running cloud's per-start secret: without it the endpoint answers 403, as AWS does without IAM.
    headers: { [INVOKE_SECRET_HEADER]: readInvokeSecret(values['data-dir']) ?? '' },
    body: readFileSync(resolve(eventFile), 'utf8'),
  },
);
const failed = response.headers.get('x-amz-function-error');
console.log(JSON.stringify(await response.json(), null, 2));
process.exit(failed || !response.ok ? 1 : 0);
