import type { TFunction } from 'i18next';
import { checkEmail, checkPhone, checkUrl } from '../../lib/field-checks.ts';

/** The translated hint for each check of lib/field-checks.ts, or null when the value looks right. */

export function emailWarning(value: string, t: TFunction): string | null {
  return checkEmail(value) ? t('editor.checks.email') : null;
}

export function phoneWarning(value: string, t: TFunction): string | null {
  const problem = checkPhone(value);
  return problem ? t(`editor.checks.phone.${problem}`) : null;
}

export function urlWarning(value: string, t: TFunction): string | null {
  const problem = checkUrl(value);
  return problem ? t(`editor.checks.url.${problem}`) : null;
}
