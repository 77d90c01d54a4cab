import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Dates and numbers in the operator's language (Intl), recomputed when the language changes.
 * Money is not here: figures are `$12.50` (formatDollars from the contract, as the header shows
 * them); only the audit's sentences, prose in the reader's language, write it as that language does.
 */
export function useConsoleFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    // Revenue days are UTC calendar days (YYYY-MM-DD): formatting them in UTC keeps the day.
    const day = new Intl.DateTimeFormat(language, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    const longDay = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
    const number = new Intl.NumberFormat(language);
    const bytes = new Intl.NumberFormat(language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
    const parse = (iso: string) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? null : date;
    };
    return {
      /** An ISO time as date and time; null (never happened) gives null so callers pick the word. */
      dateTime: (iso: string | null): string | null => {
        const date = iso === null ? null : parse(iso);
        return date ? dateTime.format(date) : iso;
      },
      /** A `YYYY-MM-DD` UTC day, short (axis labels) or long (table and bar labels). */
      day: (ymd: string, style: 'short' | 'long' = 'short'): string => {
        const date = parse(`${ymd}T00:00:00Z`);
        if (!date) return ymd;
        return (style === 'short' ? day : longDay).format(date);
      },
      number: (value: number): string => number.format(value),
      megabytes: (value: number): string => bytes.format(value / 1_000_000),
    };
  }, [language]);
}
