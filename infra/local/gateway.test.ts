import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createGateway } from './gateway.ts';
import { Outbox } from './outbox.ts';

// The gateway's static side alone (no Cognito, no functions): which prerendered edition a page request gets.

const spaDir = mkdtempSync(join(tmpdir(), 'gateway-spa-'));
const page = (file: string, lang: string) => {
  mkdirSync(dirname(join(spaDir, file)), { recursive: true });
  writeFileSync(join(spaDir, file), `<html lang="${lang}">${file}</html>`);
};
page('index.html', 'en-US');
page('spa.html', 'en-US');
page('pricing/index.html', 'en-US');
page('pt-BR/pricing/index.html', 'pt-BR');
page('pt-BR-BRL/pricing/index.html', 'pt-BR');

const gateway = createGateway({
  spaDir,
  cognitoEndpoint: 'http://127.0.0.1:9',
  issuer: 'http://127.0.0.1:9/pool',
  jwksUri: 'http://127.0.0.1:9/pool/.well-known/jwks.json',
  clientId: 'client',
  runtimeConfig: () => ({ ptBrHosts: ['curriculo.example'] }),
  outbox: new Outbox(join(spaDir, '.outbox')),
  log: () => {},
});
let base = '';
beforeAll(async () => {
  base = `http://127.0.0.1:${await gateway.listen(0)}`;
});
afterAll(async () => {
  await gateway.close();
  rmSync(spaDir, { recursive: true, force: true });
});

const get = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${base}${path}`, { headers });
  return { body: await response.text(), vary: response.headers.get('vary') };
};

describe('prerendered page editions', () => {
  it('answers the en-US page to a visitor who says nothing', async () => {
    expect((await get('/pricing')).body).toContain('>pricing/index.html<');
  });

  it('answers the pt-BR page to a Portuguese browser, unless the lng cookie or ?lng says otherwise', async () => {
    const portuguese = { 'accept-language': 'pt-BR,pt;q=0.9,en;q=0.8' };
    expect((await get('/pricing', portuguese)).body).toContain('>pt-BR/pricing/index.html<');
    expect((await get('/pricing', { ...portuguese, cookie: 'lng=en-US' })).body).toContain(
      '>pricing/index.html<',
    );
    expect((await get('/pricing?lng=pt-BR')).body).toContain('>pt-BR/pricing/index.html<');
  });

  it("answers the BRL edition on a Brazilian host (a configured name, on the gateway's port)", async () => {
    // fetch drops a Host header; node:http sends it as given.
    const body = await new Promise<string>((resolve, reject) => {
      request(
        `${base}/pricing`,
        { headers: { host: `curriculo.example:${new URL(base).port}` } },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => {
            text += chunk.toString();
          });
          response.on('end', () => resolve(text));
        },
      )
        .on('error', reject)
        .end();
    });
    expect(body).toContain('>pt-BR-BRL/pricing/index.html<');
  });

  it('varies pages by language and cookie, and files only by encoding', async () => {
    expect((await get('/pricing')).vary).toBe('accept-encoding, accept-language, cookie');
    expect((await get('/index.html')).vary).toBe('accept-encoding');
  });
});

describe('health while the cloud starts', () => {
  it('answers 503 starting until the cloud says it is ready', async () => {
    const response = await fetch(`${base}/api/health`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('1');
    expect(await response.json()).toEqual({ status: 'starting' });
  });
});

describe("CloudFront's security headers, locally", () => {
  it('sends the deployed CSP (no bare ws: or wss:), Permissions-Policy and Cross-Origin-Opener-Policy', async () => {
    const local = createGateway({
      spaDir,
      cognitoEndpoint: 'http://127.0.0.1:9',
      issuer: 'http://127.0.0.1:9/pool',
      jwksUri: 'http://127.0.0.1:9/pool/.well-known/jwks.json',
      clientId: 'client',
      connectSources: ['http://localhost:4569', 'ws://localhost:3000'],
      runtimeConfig: () => ({}),
      outbox: new Outbox(join(spaDir, '.outbox')),
      log: () => {},
    });
    const port = await local.listen(0);

    try {
      const response = await fetch(`http://127.0.0.1:${port}/pricing`);
      const csp = response.headers.get('content-security-policy') ?? '';

      expect(csp).toContain("connect-src 'self' http://localhost:4569 ws://localhost:3000;");
      expect(csp).toContain("form-action 'self';");
      expect(csp).not.toMatch(/\bwss?:(?!\/\/)/);
      expect(response.headers.get('permissions-policy')).toContain('camera=()');
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    } finally {
      await local.close();
    }
  });
});
