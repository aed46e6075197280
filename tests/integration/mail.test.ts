import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { afterAll, describe, expect, it } from '@jest/globals';
import { env } from '#functions/contract';
import { info, uniqueEmail } from './support/client.ts';

// Product mail against the running local cloud: SES v2 SendEmail through the real SDK reaches its SES
// stand-in and lands in the outbox the /_local/outbox page lists, like the auth mail.

interface OutboxMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: boolean;
}
const outbox = async (): Promise<OutboxMail[]> =>
  (await (await fetch(`${info.url}/_local/outbox.json`)).json()) as OutboxMail[];

const client = new SESv2Client({
  endpoint: info.endpoints.ses,
  region: 'us-east-1',
  credentials: info.credentials,
});

afterAll(() => client.destroy());

describe('product mail in the local cloud', () => {
  it('a SendEmail through the SDK lands in the outbox, listed on its page', async () => {
    const to = uniqueEmail('ses');
    const { MessageId } = await client.send(
      new SendEmailCommand({
        FromEmailAddress: 'Resume Builder <no-reply@resume-builder.local>',
        Destination: { ToAddresses: [to] },
        Content: {
          Simple: {
            Subject: { Data: 'Sua assinatura Pro está ativa', Charset: 'UTF-8' },
            Body: { Html: { Data: '<p>Boas-vindas de volta ao Pro</p>', Charset: 'UTF-8' } },
          },
        },
      }),
    );

    expect(MessageId).toBeTruthy();
    expect((await outbox()).filter((m) => m.to === to)).toEqual([
      expect.objectContaining({
        from: 'Resume Builder <no-reply@resume-builder.local>',
        subject: 'Sua assinatura Pro está ativa',
        html: true,
        text: '<p>Boas-vindas de volta ao Pro</p>',
      }),
    ]);
    const page = await (await fetch(`${info.url}/_local/outbox`)).text();
    expect(page).toContain(to);
    expect(page).toContain('Sua assinatura Pro está ativa');
  });

  it('the functions’ mailer, configured as the local cloud configures it, sends there too', async () => {
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_SESV2: info.endpoints.ses,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: info.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: info.credentials.secretAccessKey,
      [env.mailFrom]: 'Resume Builder <no-reply@resume-builder.local>',
      LOG_LEVEL: 'SILENT',
    });
    const { sesMailer } = await import('../../functions/adapters/mail.ts');
    const to = uniqueEmail('mailer');

    await sesMailer()({ to, subject: 'Welcome back to Pro', html: '<p>Active</p>', text: 'Active' });

    expect((await outbox()).filter((m) => m.to === to)).toEqual([
      expect.objectContaining({ subject: 'Welcome back to Pro', html: true }),
    ]);
  });
});
