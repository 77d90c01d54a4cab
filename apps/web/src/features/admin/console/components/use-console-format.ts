import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

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
    // Decimal units (1 kB = 1,000 B), as the traffic figures have always been read here.
    const units = BYTE_UNITS.map(
      (unit) => new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: 1 }),
    );
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
      /** A byte count in the largest unit that keeps it at 1 or more: 14,878 bytes is 14.9 kB, not 0 MB. */
      bytes: (value: number): string => {
        let step = 0;
        while (step < units.length - 1 && Math.abs(value) >= 1000 ** (step + 1)) step += 1;
        // Intl's English alone writes the word ("512 byte"); the others a symbol (512 B, 512 Б, 512 o).
        if (step === 0 && language.startsWith('en')) return `${number.format(value)} B`;
        return units[step]?.format(value / 1000 ** step) ?? String(value);
      },
    };
  }, [language]);
}
