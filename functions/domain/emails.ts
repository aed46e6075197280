import { escapeHtml } from '#shared/html';
/**
 * Auth e-mails in the user's language. Cognito replaces `{####}` with the code (and `{username}` with the
 * user name); links carry the code so one click confirms or opens the new-password step.
 */

export type MailLanguage = 'en' | 'pt';
export type AuthMailKind = 'confirm' | 'reset' | 'verify' | 'invite';

interface Template {
  subject: string;
  heading: string;
  intro: string;
  button: string;
  codeLine: string;
  ignore: string;
}

const templates: Record<MailLanguage, Record<AuthMailKind, Template>> = {
  en: {
    confirm: {
      subject: 'Confirm your e-mail for Resume Builder',
      heading: 'Welcome to Resume Builder',
      intro: 'Confirm your e-mail address to start building your resume.',
      button: 'Confirm my e-mail',
      codeLine: 'Or enter this code:',
      ignore: 'If you did not create an account, you can ignore this e-mail.',
    },
    reset: {
      subject: 'Reset your Resume Builder password',
      heading: 'Reset your password',
      intro: 'We received a request to reset your password.',
      button: 'Choose a new password',
      codeLine: 'Or enter this code:',
      ignore: 'If you did not ask for this, you can ignore this e-mail; your password stays the same.',
    },
    verify: {
      subject: 'Verify your e-mail for Resume Builder',
      heading: 'Verify your e-mail',
      intro: 'Use this code to verify your e-mail address.',
      button: 'Open Resume Builder',
      codeLine: 'Your code:',
      ignore: 'If you did not ask for this, you can ignore this e-mail.',
    },
    invite: {
      subject: 'Your Resume Builder account',
      heading: 'An account was created for you',
      intro: 'Sign in with your e-mail ({username}) and this temporary password, then choose your own.',
      button: 'Sign in',
      codeLine: 'Temporary password:',
      ignore: 'If you did not expect this, you can ignore this e-mail.',
    },
  },
  pt: {
    confirm: {
      subject: 'Confirme seu e-mail no Criador de Currículos',
      heading: 'Boas-vindas ao Criador de Currículos',
      intro: 'Confirme seu endereço de e-mail para começar a montar seu currículo.',
      button: 'Confirmar meu e-mail',
      codeLine: 'Ou digite este código:',
      ignore: 'Se você não criou uma conta, ignore este e-mail.',
    },
    reset: {
      subject: 'Redefina sua senha do Criador de Currículos',
      heading: 'Redefinir sua senha',
      intro: 'Recebemos um pedido para redefinir sua senha.',
      button: 'Escolher uma nova senha',
      codeLine: 'Ou digite este código:',
      ignore: 'Se você não pediu isso, ignore este e-mail; sua senha continua a mesma.',
    },
    verify: {
      subject: 'Verifique seu e-mail no Criador de Currículos',
      heading: 'Verifique seu e-mail',
      intro: 'Use este código para verificar seu endereço de e-mail.',
      button: 'Abrir o Criador de Currículos',
      codeLine: 'Seu código:',
      ignore: 'Se você não pediu isso, ignore este e-mail.',
    },
    invite: {
      subject: 'Sua conta no Criador de Currículos',
      heading: 'Criamos uma conta para você',
      intro: 'Entre com seu e-mail ({username}) e esta senha temporária; depois escolha a sua.',
      button: 'Entrar',
      codeLine: 'Senha temporária:',
      ignore: 'Se você não esperava por isso, ignore este e-mail.',
    },
  },
};

/** The e-mail language for a Cognito `locale` attribute: Portuguese for pt*, English otherwise. */
export function mailLanguage(locale: string | undefined): MailLanguage {
  return locale?.toLowerCase().startsWith('pt') ? 'pt' : 'en';
}

/** Build the subject and HTML body of an auth e-mail; `link` is used verbatim (it holds the code placeholder). */
export function authMail(
  kind: AuthMailKind,
  language: MailLanguage,
  link: string,
  code = '{####}',
): { subject: string; html: string } {
  const t = templates[language][kind];
  const html = `<!doctype html><html lang="${language === 'pt' ? 'pt-BR' : 'en'}"><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:auto">
<h1 style="font-size:20px">${escapeHtml(t.heading)}</h1>
<p>${escapeHtml(t.intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(t.button)}</a></p>
<p>${escapeHtml(t.codeLine)} <strong style="font-size:18px;letter-spacing:2px">${code}</strong></p>
<p style="color:#6b7280;font-size:13px">${escapeHtml(t.ignore)}</p>
</body></html>`;
  return { subject: t.subject, html };
}
