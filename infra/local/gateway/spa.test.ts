import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createSpaServer, pickEncoding } from './spa.ts';

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR', 'br'],
    ['identity', null],
    [undefined, null],
  ])('answers %s with %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('the SPA server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'spa-'));
  const script = `export const text = ${JSON.stringify('resume '.repeat(2000))};\n`;
  let server: Server;
  let base = '';

  beforeAll(async () => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'app.js'), script);
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
    const serve = createSpaServer({ spaDir: dir, runtimeConfig: () => ({}) });
    server = createServer((req, res) => serve(req, res, new URL(req.url ?? '/', 'http://localhost')));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const address = server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(async () => {
    await new Promise((done) => server.close(done));
    rmSync(dir, { recursive: true, force: true });
  });

  const get = async (acceptEncoding: string) => {
    const { request } = await import('node:http');
    return new Promise<{ encoding: string | undefined; body: Buffer }>((done, fail) => {
      request(`${base}/assets/app.js`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
      })
        .on('error', fail)
        .end();
    });
  };

  it('serves Brotli to a browser that takes it, as CloudFront does, and the same bytes once decoded', async () => {
    const { encoding, body } = await get('gzip, deflate, br, zstd');
    expect(encoding).toBe('br');
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it('serves gzip to one that takes only gzip, and the file as it is to one that takes neither', async () => {
    const gzip = await get('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);
    const plain = await get('identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });
});
