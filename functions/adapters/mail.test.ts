import type { SendEmailCommand } from '@aws-sdk/client-sesv2';
import { describe, expect, test } from '@jest/globals';
import { env } from '#functions/contract';
import { createMailer, mailSettings, type SendEmailClient } from './mail.ts';

/** A client that records the SendEmail requests it is given and answers with a message id. */
function stubClient(): SendEmailClient & { sent: SendEmailCommand['input'][] } {
  const sent: SendEmailCommand['input'][] = [];
  return {
    sent,
    send: async (command) => {
      sent.push(command.input);
      return { MessageId: `m-${sent.length}` };
    },
  };
}

const mail = { to: 'ana@example.test', subject: 'Welcome back', html: '<p>Hi</p>', text: 'Hi' };

describe('mailSettings', () => {
  test('reads the sender the stack sets; empty or missing means mail is off', () => {
    expect(
      mailSettings({
        [env.mailFrom]: 'Resume Builder <no-reply@example.com>',
        [env.mailConfigurationSet]: 'rb',
        [env.mailRegion]: 'eu-west-1',
      }),
    ).toEqual({ from: 'Resume Builder <no-reply@example.com>', configurationSet: 'rb', region: 'eu-west-1' });
    expect(mailSettings({ [env.mailFrom]: 'a@example.com', [env.mailConfigurationSet]: '' })).toEqual({
      from: 'a@example.com',
    });
    expect(mailSettings({ [env.mailFrom]: ' ' })).toBeNull();
    expect(mailSettings({})).toBeNull();
  });
});

describe('createMailer', () => {
  test('sends one SES v2 simple message: sender, recipient, UTF-8 subject, HTML and text, configuration set', async () => {
    const client = stubClient();
    const send = createMailer(client, {
      from: 'Resume Builder <no-reply@example.com>',
      configurationSet: 'rb',
    });

    await expect(send(mail)).resolves.toBe('m-1');

    expect(client.sent).toEqual([
      {
        FromEmailAddress: 'Resume Builder <no-reply@example.com>',
        Destination: { ToAddresses: ['ana@example.test'] },
        Content: {
          Simple: {
            Subject: { Data: 'Welcome back', Charset: 'UTF-8' },
            Body: {
              Html: { Data: '<p>Hi</p>', Charset: 'UTF-8' },
              Text: { Data: 'Hi', Charset: 'UTF-8' },
            },
          },
        },
        ConfigurationSetName: 'rb',
      },
    ]);
  });

  test('keeps header values on one line (no header injection through a subject or an address)', async () => {
    const client = stubClient();
    await createMailer(client, { from: 'a@example.com' })({
      to: 'ana@example.test\r\nBcc: x@evil.test',
      subject: 'Hello\r\nBcc: x@evil.test',
      html: '<p>x</p>',
    });
    const [input] = client.sent;
    expect(input?.Destination?.ToAddresses).toEqual(['ana@example.test Bcc: x@evil.test']);
    expect(input?.Content?.Simple?.Subject?.Data).toBe('Hello Bcc: x@evil.test');
    expect(input?.Content?.Simple?.Body?.Text).toBeUndefined();
    expect(input?.ConfigurationSetName).toBeUndefined();
  });

  test('with no sender configured nothing is sent and the caller is not failed', async () => {
    const client = stubClient();
    await expect(createMailer(client, null)(mail)).resolves.toBeNull();
    expect(client.sent).toEqual([]);
  });

  test('an SES refusal reaches the caller (the reactivation flow logs it)', async () => {
    const failing: SendEmailClient = {
      send: async () => {
        throw Object.assign(new Error('Email address is not verified.'), { name: 'MessageRejected' });
      },
    };
    await expect(createMailer(failing, { from: 'a@example.com' })(mail)).rejects.toThrow('not verified');
  });
});
