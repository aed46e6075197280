import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';

/** Paths of the Stripe stand-in's pages the app's origin serves (checkout and customer portal). */
export const STRIPE_PAGES = /^\/_stripe\/(checkout|customer)\//;

/** The Stripe stand-in's pages, proxied as they are (status, headers, redirects, its own CSP). */
export function proxyStripePages(req: IncomingMessage, res: ServerResponse, url: URL, target: string) {
  return new Promise<void>((resolveProxy, reject) => {
    const upstream = new URL(`${url.pathname}${url.search}`, target);
    const headers: Record<string, string> = {};
    for (const name of ['content-type', 'content-length', 'accept', 'accept-language']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const proxied = httpRequest(upstream, { method: req.method ?? 'GET', headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.on('end', () => resolveProxy());
      answer.on('error', reject);
    });
    proxied.on('error', reject);
    req.pipe(proxied);
  });
}
