import type { TFunction } from 'i18next';
import { isErrorCode } from '#shared/errors';
import { FREE_RESUME_LIMIT, MAX_STORED_PHOTOS } from '#shared/plans';
import { i18n } from '../i18n/index.ts';
import { ApiError } from './api-client.ts';

/** When a limit resets, in the reader's language: the time, with the date when it is not today. */
function resetTime(resetAt: Date | undefined, language: string | undefined): string {
  if (!resetAt) return '';
  const today = new Date().toDateString() === resetAt.toDateString();
  const format = new Intl.DateTimeFormat(
    language,
    today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' },
  );
  return format.format(resetAt);
}

/** The translated text for any error: `errors.<CODE>` for API codes, a generic sentence otherwise. */
export function errorMessage(t: TFunction, error: unknown, language: string = i18n.language): string {
  if (error instanceof ApiError) {
    if (isErrorCode(error.code)) {
      return t(`errors.${error.code}`, {
        limit: FREE_RESUME_LIMIT,
        photoLimit: MAX_STORED_PHOTOS,
        time: resetTime(error.resetAt, language),
      });
    }
    if (error.code === 'NETWORK_ERROR') return t('errors.network');
  }
  return t('errors.generic');
}
