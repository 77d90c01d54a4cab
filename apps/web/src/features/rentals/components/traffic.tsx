import { useTranslation } from 'react-i18next';

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * Bytes in the largest unit under 1024, in the reader's language (Intl unit names). Plain bytes
 * take the long name, which Intl declines by number ("1 byte", "658 bytes"); the short one does not.
 */
export function formatBytes(bytes: number, language: string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** Gateway traffic of a rental: sent (up) and received (down), as the server counts it. */
export function Traffic({ up, down }: { up: number; down: number }) {
  const { t, i18n } = useTranslation('rentals');
  return (
    <span className="text-xs whitespace-nowrap tabular-nums text-slate-700">
      {t('history.trafficValue', { up: formatBytes(up, i18n.language), down: formatBytes(down, i18n.language) })}
    </span>
  );
}
