import { escapeHtml } from '#shared/html';
import { type OutgoingMail, sesMailer } from '../../adapters/mail.ts';
import { allowedOrigins } from '../../lib/config.ts';
import { logger } from '../../lib/logger.ts';
import { type MailLanguage, mailLanguage } from '../emails.ts';
import { getProfile } from '../profiles.ts';

/**
 * The reactivation e-mail (spec sections 4 and 7: send-reactivation-email {profileId}): sent after a
 * renewal and after the user undoes a cancellation, through the product mailer (functions/adapters/mail.ts:
 * SES v2 deployed, the local cloud's SES stand-in and its outbox locally).
 */

export type { OutgoingMail };
/** Sends one message (the product mailer; tests capture messages instead). */
export type Mailer = (mail: OutgoingMail) => Promise<unknown>;

let mailer: Mailer = (mail) => sesMailer()(mail);

/** Replace the mailer (tests capture messages). Returns the previous one. */
export function setMailer(next: Mailer): Mailer {
  const previous = mailer;
  mailer = next;
  return previous;
}

const texts: Record<
  MailLanguage,
  { subject: string; heading: string; body: (until: string | null) => string; button: string }
> = {
  en: {
    subject: 'Your Resume Builder Pro subscription is active',
    heading: 'Welcome back to Pro',
    body: (until) =>
      until
        ? `Your Pro subscription is active. Your access is paid until ${until}.`
        : 'Your Pro subscription is active.',
    button: 'Open Resume Builder',
  },
  pt: {
    subject: 'Sua assinatura Pro do Criador de Currículos está ativa',
    heading: 'Boas-vindas de volta ao Pro',
    body: (until) =>
      until
        ? `Sua assinatura Pro está ativa. Seu acesso está pago até ${until}.`
        : 'Sua assinatura Pro está ativa.',
    button: 'Abrir o Criador de Currículos',
  },
};

/** Subject and HTML of the reactivation e-mail in a language; `validUntil` ISO or null. */
export function reactivationMail(
  language: MailLanguage,
  validUntil: string | null,
  appUrl: string,
): { subject: string; html: string; text: string } {
  const t = texts[language];
  const until = validUntil
    ? new Intl.DateTimeFormat(language === 'pt' ? 'pt-BR' : 'en-US', {
        dateStyle: 'long',
        timeZone: 'UTC',
      }).format(new Date(validUntil))
    : null;
  const link = `${appUrl.replace(/\/+$/, '')}/subscription`;
  const html = `<!doctype html><html lang="${language === 'pt' ? 'pt-BR' : 'en'}"><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:auto">
<h1 style="font-size:20px">${escapeHtml(t.heading)}</h1>
<p>${escapeHtml(t.body(until))}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(t.button)}</a></p>
</body></html>`;
  const text = `${t.heading}\n\n${t.body(until)}\n\n${t.button}: ${link}\n`;
  return { subject: t.subject, html, text };
}

/** The app's canonical origin for links in mail (the first allowed origin). */
function appUrl(): string {
  return allowedOrigins()[0] ?? 'http://localhost:3000';
}

/**
 * Send the reactivation e-mail to a user (the Profile's e-mail, in the Profile's language). Returns
 * whether a message was handed to the mailer; a user without a Profile gets none.
 */
export async function sendReactivationEmail(sub: string, validUntil: string | null): Promise<boolean> {
  const profile = await getProfile(sub);
  if (!profile?.email) return false;
  const mail = reactivationMail(mailLanguage(profile.locale), validUntil, appUrl());
  await mailer({ to: profile.email, ...mail });
  logger.info('reactivation e-mail sent', { sub });
  return true;
}
