import { escapeHtml } from '#shared/html';
import { type OutgoingMail, sesMailer } from '../adapters/mail.ts';
import { allowedOrigins } from '../lib/config.ts';
import { logger } from '../lib/logger.ts';
import { type MailLanguage, mailLanguage } from './emails.ts';
import type { Profile } from './profiles.ts';

/**
 * The notice that the account's password was changed (OWASP ASVS 5.0, 6.3.7: users are told when their
 * authentication details change), in the language of the user's Profile, through the product mailer.
 */

type Send = (mail: OutgoingMail) => Promise<unknown>;
let send: Send = (mail) => sesMailer()(mail);

/** Replace the mailer (tests capture messages). Returns the previous one. */
export function setAccountMailer(next: Send): Send {
  const previous = send;
  send = next;
  return previous;
}

const texts: Record<MailLanguage, { subject: string; heading: string; body: string; help: string }> = {
  en: {
    subject: 'Your Resume Builder password was changed',
    heading: 'Your password was changed',
    body: 'The password of your Resume Builder account was changed in your account settings.',
    help: 'If this was not you, reset your password now and write to our support.',
  },
  pt: {
    subject: 'Sua senha do Criador de Currículos foi alterada',
    heading: 'Sua senha foi alterada',
    body: 'A senha da sua conta no Criador de Currículos foi alterada nas configurações da conta.',
    help: 'Se não foi você, redefina sua senha agora e escreva para o nosso suporte.',
  },
};

/** Subject, HTML and text of the notice in a language; `appUrl` is the app's origin. */
export function passwordChangedMail(
  language: MailLanguage,
  appUrl: string,
): { subject: string; html: string; text: string } {
  const t = texts[language];
  const link = `${appUrl.replace(/\/+$/, '')}/reset-password`;
  const html = `<!doctype html><html lang="${language === 'pt' ? 'pt-BR' : 'en'}"><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:auto">
<h1 style="font-size:20px">${escapeHtml(t.heading)}</h1>
<p>${escapeHtml(t.body)}</p>
<p>${escapeHtml(t.help)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
</body></html>`;
  const text = `${t.heading}\n\n${t.body}\n\n${t.help} ${link}\n`;
  return { subject: t.subject, html, text };
}

/**
 * Tell the user their password changed. Best effort: the change has happened, so a mail that cannot be
 * sent is logged, never turned into an error.
 */
export async function sendPasswordChangedEmail(profile: Pick<Profile, 'id' | 'email' | 'locale'>) {
  if (!profile.email) return;
  try {
    const origin = allowedOrigins()[0] ?? 'http://localhost:3000';
    await send({ to: profile.email, ...passwordChangedMail(mailLanguage(profile.locale), origin) });
  } catch (error) {
    logger.error('password-changed e-mail not sent', { sub: profile.id, error: error as Error });
  }
}
