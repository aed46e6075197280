import { escapeHtml } from '../../../../shared/html.ts';
import { completeCheckout, expireIfDue } from '../checkout.ts';
import type { StripeContext } from '../context.ts';
import { readBody, redirect } from '../http.ts';
import type { CheckoutSession } from '../types.ts';
import { languageOf, money, type PageHandler, page, sendHtml } from './layout.ts';
import { type Lang, texts } from './texts.ts';

/** The card form look-alike with Pay and Decline (or why there is none). */
export function checkoutPage(
  ctx: StripeContext,
  session: CheckoutSession | undefined,
  lang: Lang,
  nonce: string,
  error?: string,
): string {
  const l = texts[lang];
  if (!session)
    return page(lang, nonce, l.title, `<h1>${escapeHtml(l.title)}</h1><p>${escapeHtml(l.notFound)}</p>`);
  const line = session.line_items?.[0] ?? {};
  const name = String(line.price_data?.product_data?.name ?? 'Resume Builder Pro');
  const recurring = session.mode === 'subscription';
  const back = session.cancel_url ?? ctx.appOrigin;
  if (session.status === 'complete') {
    return page(
      lang,
      nonce,
      l.title,
      `<h1>${escapeHtml(l.title)}</h1><p>${escapeHtml(l.done)}</p><p><a href="${escapeHtml(session.success_url)}">${escapeHtml(l.back)}</a></p>`,
    );
  }
  const email = session.customer
    ? (ctx.store.customers[session.customer]?.email ?? '')
    : (session.customer_email ?? '');
  const action = `${ctx.basePath}/checkout/${encodeURIComponent(session.id)}`;
  return page(
    lang,
    nonce,
    l.title,
    `<p class="banner">${escapeHtml(l.banner)}</p>
<h1>${escapeHtml(name)}</h1>
<p class="amount">${escapeHtml(money(session.amount_total, session.currency, lang))} <span class="muted">${escapeHtml(recurring ? l.monthly : l.once)}</span></p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}/pay">
<input type="hidden" name="lng" value="${lang}">
<label for="email">${escapeHtml(l.email)}</label><input id="email" name="email" type="email" value="${escapeHtml(email)}" autocomplete="email">
<label for="card">${escapeHtml(l.card)}</label><input id="card" name="card" inputmode="numeric" value="4242 4242 4242 4242" autocomplete="cc-number">
<div class="row"><div><label for="exp">${escapeHtml(l.expiry)}</label><input id="exp" name="exp" value="12 / 34" autocomplete="cc-exp"></div>
<div><label for="cvc">${escapeHtml(l.cvc)}</label><input id="cvc" name="cvc" value="123" autocomplete="cc-csc"></div></div>
<label for="name">${escapeHtml(l.name)}</label><input id="name" name="name" value="" autocomplete="cc-name">
<button class="primary" type="submit">${escapeHtml(l.pay)} ${escapeHtml(money(session.amount_total, session.currency, lang))}</button>
<button class="danger" type="submit" formaction="${escapeHtml(action)}/decline">${escapeHtml(l.decline)}</button>
</form>
<p><a href="${escapeHtml(back)}">${escapeHtml(l.back)}</a></p>`,
  );
}

/** The origin of a URL the page's form may lead to; the app's when it is none. */
const originOf = (ctx: StripeContext, u: unknown) => {
  try {
    return new URL(String(u)).origin;
  } catch {
    return ctx.appOrigin;
  }
};

/**
 * `GET /checkout/{sessionId}` (the page; an expired or unknown session's is gone, 404) and
 * `POST /checkout/{sessionId}/pay|decline`: Pay completes the checkout, waits for its events and goes to the
 * success URL; Decline shows the page again with the card declined (402). False when the path is not one.
 */
export const handleCheckoutPage: PageHandler = async (ctx, req, res, url, nonce) => {
  const method = req.method ?? 'GET';
  const checkout = url.pathname.match(/^\/checkout\/([^/]+)(?:\/(pay|decline))?$/);
  if (!checkout) return false;
  const found = ctx.store.sessions[decodeURIComponent(checkout[1] ?? '')];
  // An expired session's page is gone, as Stripe's is.
  const session = found && expireIfDue(ctx, found).status !== 'expired' ? found : undefined;
  const action = checkout[2];
  const html = (body: string, formTargets: string[]) => ({
    nonce,
    body,
    appOrigin: ctx.appOrigin,
    formTargets,
  });
  if (method === 'GET' && !action) {
    const lang = languageOf(req, url);
    const targets = session ? [originOf(ctx, session.success_url), originOf(ctx, session.cancel_url)] : [];
    sendHtml(res, session ? 200 : 404, html(checkoutPage(ctx, session, lang, nonce), targets));
    return true;
  }
  if (method === 'POST' && action && session) {
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    const lang: Lang = form.lng === 'pt' ? 'pt' : 'en';
    const targets = [originOf(ctx, session.success_url), originOf(ctx, session.cancel_url)];
    if (session.status === 'complete') {
      redirect(res, session.success_url);
      return true;
    }
    if (action === 'decline') {
      sendHtml(res, 402, html(checkoutPage(ctx, session, lang, nonce, texts[lang].declined), targets));
      return true;
    }
    await completeCheckout(ctx, session, form);
    redirect(res, session.success_url);
    return true;
  }
  return false;
};
