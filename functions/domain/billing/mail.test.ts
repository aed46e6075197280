import { describe, expect, test } from '@jest/globals';
import { reactivationMail } from './mail.ts';

describe('reactivationMail', () => {
  test('English: subject, paid-until date, a link to the subscription page, and a text alternative', () => {
    const mail = reactivationMail('en', '2026-12-27T00:00:00.000Z', 'https://app.example.com/');
    expect(mail.subject).toBe('Your Resume Builder Pro subscription is active');
    expect(mail.html).toContain('paid until December 27, 2026');
    expect(mail.html).toContain('href="https://app.example.com/subscription"');
    expect(mail.text).toContain('Open Resume Builder: https://app.example.com/subscription');
  });

  test('Portuguese, without a date', () => {
    const mail = reactivationMail('pt', null, 'https://curriculos.example.com.br');
    expect(mail.html).toContain('lang="pt-BR"');
    expect(mail.text).toContain('Sua assinatura Pro está ativa.');
    expect(mail.text).not.toContain('pago até');
  });
});
