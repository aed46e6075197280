import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { env } from '#functions/contract';
import { logger } from '../lib/logger.ts';

/**
 * Product mail (the reactivation e-mail, notifications): one mailer, SES v2 `SendEmail` through the AWS SDK,
 * deployed and locally alike. Deployed it reaches SES with the function's role (`access.mail`: SendEmail on
 * the stack's identity only); in the local cloud `AWS_ENDPOINT_URL_SESV2` points the same client at the
 * stand-in (infra/local/ses.ts), which drops each message into the outbox at /_local/outbox.
 *
 * The sender comes from the stack (`MAIL_FROM`, `MAIL_CONFIGURATION_SET`, `MAIL_REGION`). A stage without
 * SES has an empty sender: mail is then logged as not sent, never an error for the caller.
 */

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  /** Plain-text alternative; mail clients that show no HTML use it. */
  text?: string;
}

export interface MailSettings {
  /** `Name <address>` or an address of the SES identity. */
  from: string;
  configurationSet?: string;
  /** The identity's region, when it is not the function's. */
  region?: string;
}

/** Sends one message; resolves to the SES message id, or null when mail is off (no sender configured). */
export type Mailer = (mail: OutgoingMail) => Promise<string | null>;

/** The client's one call the mailer makes (a stub in tests). */
export interface SendEmailClient {
  send(command: SendEmailCommand): Promise<{ MessageId?: string | undefined }>;
}

/** The sender settings the stack gives a function granted `access.mail`; null when mail is off. */
export function mailSettings(environment: NodeJS.ProcessEnv = process.env): MailSettings | null {
  const from = environment[env.mailFrom]?.trim();
  if (!from) return null;
  const configurationSet = environment[env.mailConfigurationSet]?.trim();
  const region = environment[env.mailRegion]?.trim();
  return { from, ...(configurationSet ? { configurationSet } : {}), ...(region ? { region } : {}) };
}

/** Header values must stay on one line (a newline would start a header of the sender's choosing). */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').trim();

/** The SendEmail request for one message: a simple UTF-8 message, HTML with its text alternative. */
export function sendEmailCommand(settings: MailSettings, mail: OutgoingMail): SendEmailCommand {
  return new SendEmailCommand({
    FromEmailAddress: settings.from,
    Destination: { ToAddresses: [oneLine(mail.to)] },
    Content: {
      Simple: {
        Subject: { Data: oneLine(mail.subject), Charset: 'UTF-8' },
        Body: {
          Html: { Data: mail.html, Charset: 'UTF-8' },
          ...(mail.text ? { Text: { Data: mail.text, Charset: 'UTF-8' } } : {}),
        },
      },
    },
    ...(settings.configurationSet ? { ConfigurationSetName: settings.configurationSet } : {}),
  });
}

/** A mailer over a given client and settings (tests pass a stub client). */
export function createMailer(client: SendEmailClient, settings: MailSettings | null): Mailer {
  return async (mail) => {
    if (!settings) {
      logger.warn('no mail sender configured (context sesFromEmail); product e-mail not sent', {
        subject: mail.subject,
      });
      return null;
    }
    const { MessageId } = await client.send(sendEmailCommand(settings, mail));
    return MessageId ?? null;
  };
}

let defaultMailer: Mailer | undefined;

/** The function's mailer: SES v2 with the stack's settings, made once per container. */
export function sesMailer(): Mailer {
  if (!defaultMailer) {
    const settings = mailSettings();
    defaultMailer = createMailer(
      new SESv2Client(settings?.region ? { region: settings.region } : {}),
      settings,
    );
  }
  return defaultMailer;
}
