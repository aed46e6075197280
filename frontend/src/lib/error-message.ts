import type { TFunction } from 'i18next';
import { isErrorCode } from '#shared/errors';
import { FREE_RESUME_LIMIT } from '#shared/plans';
import { ApiError } from './api-client.ts';

/** The translated text for any error: `errors.<CODE>` for API codes, a generic sentence otherwise. */
export function errorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (isErrorCode(error.code)) return t(`errors.${error.code}`, { limit: FREE_RESUME_LIMIT });
    if (error.code === 'NETWORK_ERROR') return t('errors.network');
  }
  return t('errors.generic');
}
