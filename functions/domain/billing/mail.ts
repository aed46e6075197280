import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from '#shared/html';
import { allowedOrigins } from '../../lib/config.ts';
import { logger } from '../../lib/logger.ts';
import { type MailLanguage, mailLanguage } from '../emails.ts';
import { getProfile } from '../profiles.ts';

/**
 * The reactivation e-mail (spec sections 4 and 7: send-reactivation-email {profileId}): sent after a
 * renewal and after the user undoes a cancellation. Product mail goes through a `Mailer`; the default one
 * writes the message to the local outbox folder (`MAIL_OUTBOX_DIR`, the same .eml format the local cloud's
 * outbox page lists) and otherwise only logs that no mailer is configured. A deployed SES mailer is set
 * with `setMailer` (there is no SES client in the dependencies yet).
 */

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
}
export type Mailer = (mail: OutgoingMail) => Promise<void>;

/** The local cloud's outbox folder (functions run in the local cloud's process). */
export const MAIL_OUTBOX_DIR_ENV = 'MAIL_OUTBOX_DIR';

const outboxMailer: Mailer = async (mail) => {
  const dir = process.env[MAIL_OUTBOX_DIR_ENV];
  if (!dir) {
    logger.warn('no mailer configured; product e-mail not sent', { subject: mail.subject });
    return;
  }
  mkdirSync(dir, { recursive: true });
  const date = new Date();
  const id = `${date.toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;
  const headers = [
    'From: Resume Builder <no-reply@resume-builder.local>',
    `To: ${mail.to.replace(/[\r\n]/g, '')}`,
    `Subject: ${mail.subject.replace(/[\r\n]/g, ' ')}`,
    `Date: ${date.toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/html; charset=utf-8',
  ];
  writeFileSync(join(dir, `${id}.eml`), `${headers.join('\r\n')}\r\n\r\n${mail.html}\r\n`);
};

let mailer: Mailer = outboxMailer;

/** Replace the mailer (SES when deployed; tests capture messages). Returns the previous one. */
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
): { subject: string; html: string } {
  const t = texts[language];
  const until = validUntil
    ? new Intl.DateTimeFormat(language === 'pt' ? 'pt-BR' : 'en-US', {
        dateStyle: 'long',
        timeZone: 'UTC',
      }).format(new Date(validUntil))
    : null;
  const html = `<!doctype html><html lang="${language === 'pt' ? 'pt-BR' : 'en'}"><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:auto">
<h1 style="font-size:20px">${escapeHtml(t.heading)}</h1>
<p>${escapeHtml(t.body(until))}</p>
<p><a href="${escapeHtml(`${appUrl.replace(/\/+$/, '')}/subscription`)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(t.button)}</a></p>
</body></html>`;
  return { subject: t.subject, html };
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
