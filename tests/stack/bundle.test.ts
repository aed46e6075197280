import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Annotations, App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { functions } from '#infra/app-manifest';
import { COGNITO_MAIL_WARNING } from '#infra/lib/auth';
import { buildStack } from '#infra/lib/resume-builder-stack';

// The other stack tests skip esbuild to stay fast; this one synthesizes once with real bundling, as a
// deploy does, so a function that does not bundle (or a nodeModules package that does not install) fails
// here rather than in `cdk deploy`.

jest.setTimeout(300_000);

const cdkJson = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')) as {
  context: Record<string, unknown>;
};

let outdir = '';
let frontendDist = '';
let shimDir = '';
const path = process.env.PATH;
let template: Template;
let assets: Map<string, string>;

/**
 * CDK runs esbuild once per function as `npx --no-install esbuild ...` (the lock file says npm), and npx's own
 * start-up costs about a second of CPU each time, more than the bundling itself. A stand-in `npx` first on
 * the PATH runs the very binary npx would find (node_modules/.bin/esbuild) with the same arguments, and
 * hands any other command to the real npx.
 */
function shimNpx(): void {
  shimDir = mkdtempSync(join(tmpdir(), 'bundled-synth-bin-'));
  const realNpx = (path ?? '')
    .split(delimiter)
    .map((dir) => join(dir, 'npx'))
    .find((file) => existsSync(file));
  const esbuild = join(import.meta.dirname, '../../node_modules/.bin/esbuild');
  if (!realNpx || !existsSync(esbuild)) return;
  const npx = join(shimDir, 'npx');
  writeFileSync(
    npx,
    [
      '#!/bin/sh',
      `if [ "$1" = "--no-install" ] && [ "$2" = "esbuild" ]; then shift 2; exec '${esbuild}' "$@"; fi`,
      `exec '${realNpx}' "$@"`,
      '',
    ].join('\n'),
  );
  chmodSync(npx, 0o755);
  process.env.PATH = `${shimDir}${delimiter}${path ?? ''}`;
}

beforeAll(() => {
  shimNpx();
  outdir = mkdtempSync(join(tmpdir(), 'bundled-synth-'));
  frontendDist = mkdtempSync(join(tmpdir(), 'bundled-synth-dist-'));
  writeFileSync(join(frontendDist, 'index.html'), '<!doctype html><title>test</title>');
  const app = new App({ outdir, context: cdkJson.context });
  const stack = buildStack(app, { stage: 'bundle', frontendDist });
  Annotations.of(stack).acknowledgeWarning(COGNITO_MAIL_WARNING, 'Stack tests run without SES');
  template = Template.fromStack(stack);
  app.synth();
  // Each function's code asset folder, by the function's manifest name (from its description).
  assets = new Map();
  for (const resource of Object.values(template.findResources('AWS::Lambda::Function'))) {
    const description = resource.Properties.Description as string | undefined;
    // The code's S3 key is the asset's hash; the assembly keeps the asset in `asset.<hash>`.
    const key = resource.Properties.Code?.S3Key as string | undefined;
    const name = Object.entries(functions).find(([, def]) => def.description === description)?.[0];
    if (name && key) assets.set(name, join(outdir, `asset.${key.replace(/\.zip$/, '')}`));
  }
});

afterAll(() => {
  process.env.PATH = path;
  rmSync(shimDir, { recursive: true, force: true });
  rmSync(outdir, { recursive: true, force: true });
  rmSync(frontendDist, { recursive: true, force: true });
});

describe('synth with real bundling', () => {
  it('bundles every manifest function into an ESM file with its source map', () => {
    expect([...assets.keys()].sort()).toEqual(Object.keys(functions).sort());
    for (const [name, dir] of assets) {
      expect({ name, files: readdirSync(dir).filter((f) => f.startsWith('index.')) }).toEqual({
        name,
        files: ['index.mjs', 'index.mjs.map'],
      });
    }
  });

  it('installs the PDF worker’s Chromium next to its bundle instead of bundling it', () => {
    const dir = assets.get('pdfRender') ?? '';
    const chromium = join(dir, 'node_modules/@sparticuz/chromium');
    expect(existsSync(join(chromium, 'package.json'))).toBe(true);
    const packed = readdirSync(join(chromium, 'bin')).filter((f) => f.endsWith('.br'));
    expect(packed.length).toBeGreaterThan(0);
    // The browser itself is not in the bundle: the bundle stays small.
    expect(statSync(join(dir, 'index.mjs')).size).toBeLessThan(5 * 1024 * 1024);
    expect(readFileSync(join(dir, 'index.mjs'), 'utf8')).not.toContain('chromium.br');
  });

  it('installs tesseract.js, its wasm core and the OCR language data next to the import worker’s bundle', () => {
    const dir = assets.get('importWorker') ?? '';
    const modules = join(dir, 'node_modules');
    expect(existsSync(join(modules, 'tesseract.js/src/worker-script/node/index.js'))).toBe(true);
    expect(readdirSync(join(modules, 'tesseract.js-core')).some((f) => f.endsWith('.wasm'))).toBe(true);
    for (const code of ['eng', 'por']) {
      const data = join(modules, `@tesseract.js-data/${code}/4.0.0_best_int/${code}.traineddata.gz`);
      expect(existsSync(data)).toBe(true);
    }
    // The bundle loads them at run time from there; none of their code is in it.
    const code = readFileSync(join(dir, 'index.mjs'), 'utf8');
    expect(code).toContain('tesseract.js');
    expect(code).not.toContain('is depreciated and should be removed');
    expect(statSync(join(dir, 'index.mjs')).size).toBeLessThan(5 * 1024 * 1024);
  });

  it('keeps the CDK out of every Lambda bundle', () => {
    for (const [name, dir] of assets) {
      const code = readFileSync(join(dir, 'index.mjs'), 'utf8');
      expect({ name, cdk: code.includes('aws-cdk-lib') }).toEqual({ name, cdk: false });
    }
  });
});
