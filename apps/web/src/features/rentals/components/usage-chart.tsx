import { DAY_MS } from '@portal/contract';
import type { UsageHour } from '@portal/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from './traffic';

const WIDTH = 480;
const HEIGHT = 96;

interface Bucket {
  start: number;
  up: number;
  down: number;
}

/** Hours as they are for up to two days; longer lives are summed per day, so bars stay readable. */
function buckets(usage: readonly UsageHour[]): { rows: Bucket[]; daily: boolean } {
  const hours = usage.map((u) => ({ start: Date.parse(u.hour), up: u.bytes_up, down: u.bytes_down }));
  const first = hours[0]?.start ?? 0;
  const last = hours[hours.length - 1]?.start ?? 0;
  if (last - first <= 2 * DAY_MS) return { rows: hours, daily: false };
  const days = new Map<number, Bucket>();
  for (const hour of hours) {
    const start = Math.floor(hour.start / DAY_MS) * DAY_MS;
    const day = days.get(start) ?? { start, up: 0, down: 0 };
    day.up += hour.up;
    day.down += hour.down;
    days.set(start, day);
  }
  return { rows: [...days.values()], daily: true };
}

/**
 * A rental's traffic over time: bars of received (down) and sent (up) bytes with the scale (the
 * peak bar's value), the first and last time, and each direction's total, and the same numbers
 * as a table for screen readers.
 */
export function UsageChart({ usage }: { usage: readonly UsageHour[] }) {
  const { t, i18n } = useTranslation('rentals');
  const { rows, daily } = useMemo(() => buckets(usage), [usage]);
  const format = useMemo(
    () =>
      new Intl.DateTimeFormat(
        i18n.language,
        daily ? { dateStyle: 'medium' } : { dateStyle: 'short', timeStyle: 'short' },
      ),
    [daily, i18n.language],
  );
  if (rows.length === 0) return <p className="text-sm text-slate-600">{t('usage.none')}</p>;
  const peak = Math.max(1, ...rows.map((row) => row.up + row.down));
  const totalDown = rows.reduce((sum, row) => sum + row.down, 0);
  const totalUp = rows.reduce((sum, row) => sum + row.up, 0);
  const slot = WIDTH / rows.length;
  const bar = Math.max(1, slot * 0.8);
  return (
    <div className="flex flex-col gap-1">
      <p className="text-xs text-slate-600" data-testid="usage-peak">
        {t(daily ? 'usage.peakDay' : 'usage.peakHour', { value: formatBytes(peak, i18n.language) })}
      </p>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-24 w-full" aria-hidden="true" preserveAspectRatio="none">
        {rows.map((row, index) => {
          const down = (row.down / peak) * HEIGHT;
          const up = (row.up / peak) * HEIGHT;
          return (
            <g key={row.start}>
              <rect x={index * slot} y={HEIGHT - down} width={bar} height={down} className="fill-brand-600" />
              <rect x={index * slot} y={HEIGHT - down - up} width={bar} height={up} className="fill-amber-500" />
            </g>
          );
        })}
      </svg>
      <p className="flex justify-between gap-2 border-t border-slate-300 pt-1 text-xs text-slate-600" aria-hidden>
        <span>{format.format(new Date(rows[0]!.start))}</span>
        {rows.length > 1 && <span>{format.format(new Date(rows[rows.length - 1]!.start))}</span>}
      </p>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" data-testid="usage-totals">
        <span>
          <span aria-hidden className="mr-1 inline-block size-2 rounded-sm bg-brand-600" />
          {t('usage.down')}: {formatBytes(totalDown, i18n.language)}
        </span>
        <span>
          <span aria-hidden className="mr-1 inline-block size-2 rounded-sm bg-amber-500" />
          {t('usage.up')}: {formatBytes(totalUp, i18n.language)}
        </span>
      </p>
      <table className="sr-only">
        <caption>{daily ? t('usage.captionDaily') : t('usage.captionHourly')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('usage.when')}</th>
            <th scope="col">{t('usage.down')}</th>
            <th scope="col">{t('usage.up')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.start}>
              <th scope="row">{format.format(new Date(row.start))}</th>
              <td>{formatBytes(row.down, i18n.language)}</td>
              <td>{formatBytes(row.up, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
