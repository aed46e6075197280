import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { type AuthMailKind, authMail, mailLanguage } from '../domain/emails.ts';
import { allowedOrigins } from '../lib/config.ts';

const kinds: Partial<Record<CustomMessageTriggerEvent['triggerSource'], AuthMailKind>> = {
  CustomMessage_SignUp: 'confirm',
  CustomMessage_ResendCode: 'confirm',
  CustomMessage_ForgotPassword: 'reset',
  CustomMessage_UpdateUserAttribute: 'verify',
  CustomMessage_VerifyUserAttribute: 'verify',
  CustomMessage_AdminCreateUser: 'invite',
};

/** The app origin for links: the user's preferred domain when it is one of ours, else the first origin. */
export function linkOrigin(preferredDomain: string | undefined): string {
  const origins = allowedOrigins();
  const preferred = origins.find((o) => preferredDomain && new URL(o).host === preferredDomain);
  return preferred ?? origins[0] ?? '';
}

/** Localised confirmation, reset and verification e-mails, with a link that carries the code. */
export const handler = async (event: CustomMessageTriggerEvent): Promise<CustomMessageTriggerEvent> => {
  const kind = kinds[event.triggerSource];
  if (!kind) return event;
  const attributes = event.request.userAttributes;
  const email = attributes.email ?? '';
  const origin = linkOrigin(attributes['custom:preferred_domain']);
  const type = kind === 'reset' ? 'recovery' : 'signup';
  const link =
    kind === 'invite'
      ? `${origin}/auth?view=sign-in`
      : `${origin}/auth/callback?type=${type}&email=${encodeURIComponent(email)}&code=${event.request.codeParameter}`;
  const mail = authMail(kind, mailLanguage(attributes.locale), link, event.request.codeParameter);
  event.response.emailSubject = mail.subject;
  event.response.emailMessage =
    kind === 'invite'
      ? mail.html.replace('{username}', event.request.usernameParameter ?? '{username}')
      : mail.html;
  return event;
};
