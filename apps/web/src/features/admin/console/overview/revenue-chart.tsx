import { formatDollars, type RevenueDay } from '@portal/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { useConsoleFormat } from '../components/use-console-format';
import { Table, td, th } from '../components/table';

export const SERIES = ['deposits', 'giftcards', 'purchases', 'refunds'] as const;
type Series = (typeof SERIES)[number];

/** Colours with at least 3:1 contrast on white (WCAG 1.4.11), told apart by the legend's text too. */
const COLOURS: Record<Series, string> = {
  deposits: '#0f766e',
  giftcards: '#7c3aed',
  purchases: '#1d4ed8',
  refunds: '#c2410c',
};

const WIDTH = 720;
const HEIGHT = 260;
// The right pad holds half of the last day's label (`11月30日` is about 50 px wide), which is centred on its bars.
const PAD = { top: 12, right: 28, bottom: 28, left: 56 };

/** A round axis maximum (1, 2 or 5 times a power of ten) at or above the largest value. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/**
 * Money movement per day as grouped bars, drawn by hand (no chart library for one chart). The
 * SVG is one labelled image; the same numbers are in a table that screen readers always get and
 * sighted operators can open.
 */
export function RevenueChart({ days }: { days: RevenueDay[] }) {
  const { t } = useTranslation('console');
  const format = useConsoleFormat();
  const [tableShown, setTableShown] = useState(false);
  const titleId = useId();
  const descId = useId();
  const tableId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  // On a screen narrower than the chart, the newest days (today's on the right) are shown first.
  useEffect(() => {
    const box = scroller.current;
    if (box) box.scrollLeft = box.scrollWidth;
  }, [days.length]);

  const max = niceMax(Math.max(0, ...days.flatMap((day) => SERIES.map((series) => day[series]))));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, days.length);
  const barW = Math.max(1, (slot * 0.8) / SERIES.length);
  const y = (value: number) => PAD.top + plotH - (Math.max(0, value) / max) * plotH;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * max);
  const totals = Object.fromEntries(
    SERIES.map((series) => [series, days.reduce((sum, day) => sum + day[series], 0)]),
  ) as Record<Series, number>;
  // Every fifth day gets an axis label, counted from the newest (today) so it is always labelled.
  const labelled = (index: number) => (days.length - 1 - index) % 5 === 0;

  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold">
          {t('overview.revenue.title', { count: days.length })}
        </h2>
        <Button
          variant="secondary"
          aria-expanded={tableShown}
          aria-controls={tableId}
          onClick={() => setTableShown((shown) => !shown)}
        >
          {tableShown ? t('overview.revenue.hideTable') : t('overview.revenue.showTable')}
        </Button>
      </div>
      <ul
        className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm"
        aria-label={t('overview.revenue.legend', { count: days.length })}
      >
        {SERIES.map((series) => (
          <li key={series} className="flex items-center gap-2">
            <span aria-hidden className="inline-block size-3 rounded-sm" style={{ backgroundColor: COLOURS[series] }} />
            {t(`overview.revenue.series.${series}`)}: {formatDollars(totals[series])}
          </li>
        ))}
      </ul>
      {/*
        Never drawn narrower than its own width: scaled down to a phone's, its 11 px labels became
        5 px. A narrow screen scrolls it sideways instead; the box is focusable so keys scroll it too.
      */}
      <div
        ref={scroller}
        role="region"
        aria-label={t('overview.revenue.chartRegion')}
        tabIndex={0}
        className="mt-2 overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <svg
          role="img"
          aria-labelledby={`${titleId} ${descId}`}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          style={{ minWidth: WIDTH }}
          className="h-auto w-full"
          data-testid="revenue-chart"
        >
          <desc id={descId}>{t('overview.revenue.description', { count: days.length })}</desc>
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" />
              <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize="11" fill="#475569">
                {formatDollars(tick)}
              </text>
            </g>
          ))}
          {days.map((day, index) => {
            const x0 = PAD.left + index * slot + slot * 0.1;
            return (
              <g key={day.date}>
                {SERIES.map((series, s) => (
                  <rect
                    key={series}
                    x={x0 + s * barW}
                    y={y(day[series])}
                    width={barW}
                    height={PAD.top + plotH - y(day[series])}
                    fill={COLOURS[series]}
                  >
                    <title>
                      {t('overview.revenue.bar', {
                        day: format.day(day.date, 'long'),
                        series: t(`overview.revenue.series.${series}`),
                        amount: formatDollars(day[series]),
                      })}
                    </title>
                  </rect>
                ))}
                {labelled(index) && (
                  <text
                    x={x0 + (barW * SERIES.length) / 2}
                    y={HEIGHT - 8}
                    textAnchor="middle"
                    fontSize="11"
                    fill="#475569"
                  >
                    {format.day(day.date)}
                  </text>
                )}
              </g>
            );
          })}
          <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} stroke="#64748b" />
        </svg>
      </div>
      {/* Always in the page for screen readers; shown on screen only when asked for. */}
      <div id={tableId} className={tableShown ? 'mt-4' : 'sr-only'}>
        <Table caption={t('overview.revenue.tableCaption')} scrollable={tableShown}>
          <thead>
            <tr>
              <th scope="col" className={th}>
                {t('overview.revenue.day')}
              </th>
              {SERIES.map((series) => (
                <th key={series} scope="col" className={`${th} text-right`}>
                  {t(`overview.revenue.series.${series}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date} className="border-t border-slate-100">
                <th scope="row" className={`${td} text-left font-normal whitespace-nowrap`}>
                  {format.day(day.date, 'long')}
                </th>
                {SERIES.map((series) => (
                  <td key={series} className={`${td} text-right tabular-nums`}>
                    {formatDollars(day[series])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    </section>
  );
}
