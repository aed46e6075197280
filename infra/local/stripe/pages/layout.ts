import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml } from '../../../../shared/html.ts';
import type { StripeContext } from '../context.ts';
import type { Lang } from './texts.ts';

/** The page's language: `?lng` first, then the browser's Accept-Language. */
export function languageOf(req: IncomingMessage, url: URL): Lang {
  const q = url.searchParams.get('lng');
  if (q) return q.toLowerCase().startsWith('pt') ? 'pt' : 'en';
  return (req.headers['accept-language'] ?? '').toLowerCase().trim().startsWith('pt') ? 'pt' : 'en';
}

/** An amount in cents, written in the page's language. */
export function money(amount: number, currency: string, lang: Lang): string {
  return new Intl.NumberFormat(lang === 'pt' ? 'pt-BR' : 'en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(amount / 100);
}

/** A Stripe timestamp as a long date in the page's language (UTC). */
export function date(seconds: number, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'pt' ? 'pt-BR' : 'en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(seconds * 1000));
}

const css = `body{font:15px/1.5 system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0}
main{max-width:30rem;margin:3rem auto;background:#fff;border-radius:.75rem;box-shadow:0 2px 12px rgba(0,0,0,.08);padding:2rem}
h1{font-size:1.3rem;margin:0 0 .5rem}.banner{background:#fff8e1;border:1px solid #f5d90a;border-radius:.4rem;padding:.5rem .75rem;font-size:.9rem}
.amount{font-size:1.8rem;font-weight:600;margin:.5rem 0}.muted{color:#697386}label{display:block;margin:.75rem 0 .25rem;font-size:.9rem}
input{width:100%;box-sizing:border-box;padding:.55rem;border:1px solid #cfd7df;border-radius:.35rem;font:inherit}
.row{display:flex;gap:.75rem}.row>div{flex:1}button{font:inherit;border:0;border-radius:.35rem;padding:.65rem 1rem;cursor:pointer;margin:.75rem .5rem 0 0}
.primary{background:#635bff;color:#fff}.secondary{background:#e3e8ee;color:#1a1f36}.danger{background:#df1b41;color:#fff}
.error{color:#df1b41;font-weight:600}section{border-top:1px solid #e3e8ee;margin-top:1.25rem;padding-top:1rem}section form{display:inline-block}a{color:#635bff}`;

/** A whole page around `body`, its style allowed by the nonce. */
export function page(lang: Lang, nonce: string, title: string, body: string): string {
  return `<!doctype html><html lang="${lang === 'pt' ? 'pt-BR' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${css}</style></head><body><main>${body}</main></body></html>`;
}

/**
 * A page under a strict CSP: nothing but its nonce'd style, and forms posting only to itself, the app and
 * `formTargets` (the origins a checkout's success and cancel URLs lead to).
 */
export function sendHtml(
  res: ServerResponse,
  status: number,
  html: { nonce: string; body: string; appOrigin: string; formTargets: string[] },
) {
  const origins = [...new Set([html.appOrigin, ...html.formTargets])].join(' ');
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `default-src 'none'; style-src 'nonce-${html.nonce}'; img-src data:; form-action 'self' ${origins}; frame-ancestors 'none'; base-uri 'none'`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  });
  res.end(html.body);
}

/** A page's route: answers the request and says true, or says false when the path is not its own. */
export type PageHandler = (
  ctx: StripeContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  nonce: string,
) => Promise<boolean>;
