import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * `node infra/tools/complete-lockfile.ts` after `npm install`: this machine's registry mirror serves only
 * the platform packages of this platform, so npm leaves the other optional platform packages (biome,
 * swc, ... for macOS, Windows, musl) out of package-lock.json, and `npm ci` then refuses the lock file.
 * This records each missing one with its version and the platform it is for; npm skips it on any other.
 */
interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
}

const file = resolve(import.meta.dirname, '../../package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, LockEntry> };
const oses = ['android', 'darwin', 'freebsd', 'openharmony', 'win32', 'linux'];
const cpus = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64'];

function platformOf(name: string): Pick<LockEntry, 'os' | 'cpu' | 'libc'> {
  const parts = (name.split('/').at(-1) ?? '').split('-');
  const os = oses.find((o) => parts.includes(o));
  const cpu = cpus.find((c) => parts.includes(c));
  const libc = parts.includes('musl') ? 'musl' : os === 'linux' ? 'glibc' : undefined;
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}), ...(libc ? { libc: [libc] } : {}) };
}

let added = 0;
for (const entry of Object.values(lock.packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key]) continue;
    lock.packages[key] = {
      version: spec.replace(/^[\^~=]/, ''),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platformOf(name),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === b ? 0 : a < b ? -1 : 1)),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`recorded ${added} optional platform package(s) missing from package-lock.json`);
