import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LocalCloudInfo } from '../../../infra/local/cloud.ts';

const VAR = 'LOCAL_CLOUD_INFO';

/** A fresh file for the running cloud's addresses; the path reaches the tests through the environment. */
export function newInfoFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'resume-builder-info-')), 'cloud.json');
  process.env[VAR] = file;
  return file;
}

/** The addresses of the local cloud started by the global setup. */
export function readInfo(): LocalCloudInfo & { pid: number } {
  const file = process.env[VAR];
  if (!file)
    throw new Error(`${VAR} is not set: run integration tests through jest --selectProjects integration`);
  return JSON.parse(readFileSync(file, 'utf8')) as LocalCloudInfo & { pid: number };
}
