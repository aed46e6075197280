import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { htmlFileFor } from '../../../shared/site.ts';

const mimeTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

const compressible = (contentType: string) =>
  /^(text\/|application\/(json|manifest\+json)|image\/svg)/.test(contentType);

/**
 * The encoding CloudFront serves a compressible file in: Brotli when the browser takes it (the stack's
 * CACHING_OPTIMIZED policy enables both, and CloudFront picks Brotli when both are accepted), else gzip.
 */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    String(acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * Brotli at a middle quality: CloudFront does not say which it uses, and the highest (11) would make the
 * local figures look better than a CDN compressing on the fly.
 */
const BROTLI_QUALITY = 5;

/**
 * CloudFront and the website bucket: the SPA build's files, and for any other path the page's prerendered
 * edition or the app shell, compressed (Brotli or gzip) when the browser takes it.
 */
export function createSpaServer(options: { spaDir: string; runtimeConfig: () => unknown }) {
  const spaDir = resolve(options.spaDir);

  /** Compressed file contents, cached per file, encoding and modification time. */
  const cache = new Map<string, { mtimeMs: number; body: Buffer }>();
  function compressed(file: string, encoding: 'br' | 'gzip'): Buffer {
    const { mtimeMs } = statSync(file);
    const key = `${encoding} ${file}`;
    const cached = cache.get(key);
    if (cached?.mtimeMs === mtimeMs) return cached.body;
    const raw = readFileSync(file);
    const body =
      encoding === 'br'
        ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })
        : gzipSync(raw);
    cache.set(key, { mtimeMs, body });
    return body;
  }

  return function serveSpa(req: IncomingMessage, res: ServerResponse, url: URL) {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const requested = normalize(join(spaDir, pathname));
    const inside = requested === spaDir || requested.startsWith(`${spaDir}${sep}`);
    const isFile = inside && existsSync(requested) && statSync(requested).isFile();
    // Client-side routes: a prerendered page or the bare app shell, as the CloudFront function picks them;
    // a build without prerendering has only index.html.
    // The page's edition (en-US, pt-BR, pt-BR with BRL) by host, ?lng, the lng cookie and Accept-Language.
    const { ptBrHosts = [] } = (options.runtimeConfig() ?? {}) as { ptBrHosts?: string[] };
    const visitor = {
      host: req.headers.host,
      search: url.search,
      cookie: req.headers.cookie,
      acceptLanguage: req.headers['accept-language'],
    };
    const routeFile = join(spaDir, htmlFileFor(url.pathname, visitor, ptBrHosts));
    const file = isFile ? requested : existsSync(routeFile) ? routeFile : join(spaDir, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('The front end is not built yet: run `npm run build`.');
      return;
    }
    const immutable = isFile && url.pathname.startsWith('/assets/');
    const contentType = mimeTypes[extname(file)] ?? 'application/octet-stream';
    // Compressed like CloudFront does it, so local page weights and Lighthouse runs are comparable.
    const encoding = compressible(contentType) ? pickEncoding(req.headers['accept-encoding']) : null;
    res.writeHead(isFile || extname(url.pathname) === '' ? 200 : 404, {
      'content-type': contentType,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      // One URL has several editions of a page; files are the same for everyone.
      vary: isFile ? 'accept-encoding' : 'accept-encoding, accept-language, cookie',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    if (req.method === 'HEAD') res.end();
    else if (encoding) res.end(compressed(file, encoding));
    else createReadStream(file).pipe(res);
  };
}
