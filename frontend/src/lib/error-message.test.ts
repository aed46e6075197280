/** @jest-environment node */
import { describe, expect, it } from '@jest/globals';
import i18next from 'i18next';
import { readLocale } from '../i18n/read-locale.ts';
import { ApiError } from './api-client.ts';
import { errorMessage } from './error-message.ts';

// Read rather than imported: the SWC transform drops JSON import attributes, which Jest is deprecating.
const locale = readLocale;

async function translator(language: 'en-US' | 'pt-BR') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: language,
    resources: { 'en-US': { translation: locale('en-US') }, 'pt-BR': { translation: locale('pt-BR') } },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

describe('errorMessage', () => {
  it('translates an API code with the plan limit filled in', async () => {
    const t = await translator('en-US');

    expect(errorMessage(t, new ApiError({ code: 'RESUME_LIMIT_REACHED', status: 403 }))).toBe(
      'You have reached the Free plan limit of 3 resumes. Upgrade to Pro for unlimited resumes.',
    );
  });

  it("says when a daily limit renews, in the reader's language and time", async () => {
    const resetAt = new Date(Date.now() + 3_600_000);
    const daily = new ApiError({ code: 'AI_DAILY_LIMIT', status: 429, resetAt });
    const time = (language: string) =>
      new Intl.DateTimeFormat(language, {
        ...(new Date().toDateString() === resetAt.toDateString() ? {} : { dateStyle: 'medium' }),
        timeStyle: 'short',
      }).format(resetAt);

    expect(errorMessage(await translator('en-US'), daily, 'en-US')).toBe(
      `You have used today's AI allowance. It renews at ${time('en-US')}.`,
    );
    expect(errorMessage(await translator('pt-BR'), daily, 'pt-BR')).toBe(
      `Você usou a cota de IA de hoje. Ela é renovada às ${time('pt-BR')}.`,
    );
  });

  it('translates into Portuguese', async () => {
    const t = await translator('pt-BR');

    expect(errorMessage(t, new ApiError({ code: 'RESUME_LIMIT_REACHED', status: 403 }))).toMatch(
      /limite de 3/,
    );
  });

  it('falls back to the generic sentence for unknown codes and non-API errors', async () => {
    const t = await translator('en-US');

    expect(errorMessage(t, new ApiError({ code: 'UNKNOWN', status: 418 }))).toBe(
      'Something went wrong. Please try again.',
    );
    expect(errorMessage(t, new Error('x'))).toBe('Something went wrong. Please try again.');
  });
});
