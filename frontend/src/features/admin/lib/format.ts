import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Dates, times and numbers in the interface language (pt-BR shows 25/11/2026 and 1.234). */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    // Chart days are UTC calendar days: formatted in UTC so they do not shift with the viewer's zone.
    const day = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
    const number = new Intl.NumberFormat(language);
    const bytes = new Intl.NumberFormat(language, {
      style: 'unit',
      unit: 'kilobyte',
      maximumFractionDigits: 1,
    });
    return {
      date: (iso: string) => date.format(new Date(iso)),
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      day: (isoDay: string) => day.format(new Date(`${isoDay}T00:00:00Z`)),
      number: (value: number) => number.format(value),
      kilobytes: (value: number) => bytes.format(value / 1024),
    };
  }, [language]);
}
