import { escapeHtml } from '../../../../shared/html.ts';
import type { StripeContext } from '../context.ts';
import { readBody, redirect } from '../http.ts';
import { itemOf, period } from '../subscriptions.ts';
import type { Customer } from '../types.ts';
import { customerAction } from './customer-actions.ts';
import { date, languageOf, money, type PageHandler, page, sendHtml } from './layout.ts';
import { type Lang, texts } from './texts.ts';

/** The customer's page: each subscription and lifetime payment with the buttons that drive its lifecycle. */
export function customerPage(
  ctx: StripeContext,
  c: Customer | undefined,
  lang: Lang,
  nonce: string,
  back: string,
): string {
  const l = texts[lang];
  if (!c)
    return page(
      lang,
      nonce,
      l.customerTitle,
      `<h1>${escapeHtml(l.customerTitle)}</h1><p>${escapeHtml(l.notFound)}</p>`,
    );
  const base = `${ctx.basePath}/customer/${encodeURIComponent(c.id)}`;
  const hidden = (extra: string) =>
    `<input type="hidden" name="lng" value="${lang}"><input type="hidden" name="return" value="${escapeHtml(back)}">${extra}`;
  const button = (action: string, label: string, cls: string, target: string) =>
    `<form method="post" action="${escapeHtml(`${base}/${action}`)}">${hidden(`<input type="hidden" name="target" value="${escapeHtml(target)}">`)}<button class="${cls}" type="submit">${escapeHtml(label)}</button></form>`;
  const subs = Object.values(ctx.store.subscriptions)
    .filter((s) => s.customer === c.id)
    .sort((a, b) => b.created - a.created)
    .map((s) => {
      const p = period(s);
      const item = itemOf(s);
      const live = s.status !== 'canceled';
      return `<section><h2>${escapeHtml(money(item.price.unit_amount, item.price.currency, lang))} ${escapeHtml(l.monthly)}</h2>
<p>${escapeHtml(l.status)}: <strong>${escapeHtml(s.status)}</strong></p>
${live ? `<p>${escapeHtml(s.cancel_at_period_end ? l.cancelsAt : l.periodEnd)}: ${escapeHtml(date(p.end, lang))}</p>` : ''}
${
  live
    ? [
        button('renew', l.renew, 'primary', s.id),
        button('fail', l.fail, 'secondary', s.id),
        s.cancel_at_period_end
          ? button('resume', l.resume, 'secondary', s.id)
          : button('cancel-at-period-end', l.cancelEnd, 'secondary', s.id),
        button('cancel-now', l.cancelNow, 'danger', s.id),
        button('refund', l.refund, 'danger', s.id),
        button('dispute', l.dispute, 'danger', s.id),
      ].join('')
    : ''
}</section>`;
    });
  const lifetime = Object.values(ctx.store.paymentIntents)
    .filter((pi) => pi.customer === c.id && pi.metadata?.planType === 'proLifetime')
    .map((pi) => {
      const ch = pi.latest_charge ? ctx.store.charges[pi.latest_charge] : undefined;
      return `<section><h2>${escapeHtml(l.lifetime)}: ${escapeHtml(money(pi.amount, pi.currency, lang))}</h2>
<p>${escapeHtml(date(pi.created, lang))}${ch?.refunded ? ` · <strong>${escapeHtml(l.refunded)}</strong>` : ''}</p>
${ch && !ch.refunded ? button('refund', l.refund, 'danger', pi.id) : ''}${ch && !ch.disputed ? button('dispute', l.dispute, 'danger', pi.id) : ''}</section>`;
    });
  const content = [...subs, ...lifetime].join('') || `<p>${escapeHtml(l.none)}</p>`;
  return page(
    lang,
    nonce,
    l.customerTitle,
    `<p class="banner">${escapeHtml(l.banner)}</p><h1>${escapeHtml(l.customerTitle)}</h1>
<p class="muted">${escapeHtml(c.email ?? c.id)}</p><p>${escapeHtml(l.customerIntro)}</p>${content}
<p><a href="${escapeHtml(back)}">${escapeHtml(l.back)}</a></p>`,
  );
}

/** Only links back into the app are followed; anything else goes to the app's subscription page. */
export function safeReturn(appOrigin: string, value: unknown): string {
  const text = typeof value === 'string' ? value : '';
  try {
    const u = new URL(text);
    if (u.origin === appOrigin) return u.href;
  } catch {
    // not a URL
  }
  return `${appOrigin}/subscription`;
}

/**
 * `GET /customer/{customerId}` (the page, where a billing portal session leads) and
 * `POST /customer/{customerId}/{action}` (a button: its events are delivered, then the page again). False
 * when the path is not one.
 */
export const handleCustomerPage: PageHandler = async (ctx, req, res, url, nonce) => {
  const method = req.method ?? 'GET';
  const cust = url.pathname.match(/^\/customer\/([^/]+)(?:\/([a-z-]+))?$/);
  if (!cust) return false;
  const c = ctx.store.customers[decodeURIComponent(cust[1] ?? '')];
  if (method === 'GET' && !cust[2]) {
    const lang = languageOf(req, url);
    const body = customerPage(ctx, c, lang, nonce, safeReturn(ctx.appOrigin, url.searchParams.get('return')));
    sendHtml(res, c ? 200 : 404, { nonce, body, appOrigin: ctx.appOrigin, formTargets: [] });
    return true;
  }
  if (method === 'POST' && cust[2] && c) {
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    await customerAction(ctx, c, cust[2], String(form.target ?? ''));
    const back = safeReturn(ctx.appOrigin, form.return);
    redirect(
      res,
      `${ctx.basePath}/customer/${encodeURIComponent(c.id)}?lng=${form.lng === 'pt' ? 'pt' : 'en'}&return=${encodeURIComponent(back)}`,
    );
    return true;
  }
  return false;
};
