import { formatCents, totalHours, type DurationSplit } from '@portal/contract';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ControlledProps } from '../../../components/ui/controlled-props';
import { LabelledInput } from '../../../components/ui/labelled-input';
import { longerForLess, minimumHours, normaliseDuration, wholeAtLeastZero } from '../lib/duration';

const input =
  'w-full rounded-lg border border-slate-300 px-3 py-2 tabular-nums focus-visible:outline-2 focus-visible:outline-brand-600';

/** One tap for the usual rentals; the inputs below stay for any other length. */
const PRESET_DAYS = [1, 7, 30] as const;

/**
 * Hours, days and months: whole numbers of at least 0, hours at least 1 when the others are 0.
 * Shared by buying and extending, so both offer the same lengths. With `priceOf` (the price in
 * cents of a number of hours), a longer time that costs less is offered below the inputs.
 */
export function DurationInputs({
  value,
  onChange,
  priceOf,
}: ControlledProps<DurationSplit> & { priceOf?: (hours: number) => number }) {
  const { t } = useTranslation('rentals');
  const box = useRef<HTMLDivElement>(null);
  const field = (key: keyof DurationSplit, label: string, min: number) => (
    <LabelledInput
      data-unit={key}
      label={label}
      type="number"
      inputMode="numeric"
      min={min}
      step={1}
      className={input}
      value={value[key]}
      onValue={(text) => onChange(normaliseDuration({ ...value, [key]: wholeAtLeastZero(text) }))}
    />
  );
  return (
    <div ref={box} className="flex flex-col gap-3">
      <div role="group" aria-label={t('purchase.presets')} className="flex flex-wrap gap-2">
        {PRESET_DAYS.map((days) => {
          const active = value.months === 0 && value.hours === 0 && value.days === days;
          return (
            <button
              key={days}
              type="button"
              aria-pressed={active}
              onClick={() => onChange({ months: 0, days, hours: 0 })}
              className="rounded-full border border-slate-300 px-3 py-1 text-sm font-medium text-slate-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 aria-pressed:border-brand-700 aria-pressed:bg-brand-700 aria-pressed:text-white"
            >
              {t('purchase.presetDays', { count: days })}
            </button>
          );
        })}
      </div>
      <div className="grid grid-cols-3 gap-3">
        {field('hours', t('purchase.hours'), minimumHours(value))}
        {field('days', t('purchase.days'), 0)}
        {field('months', t('purchase.months'), 0)}
      </div>
      {priceOf && (
        // Always in the page, so the offer is announced when typing brings it up.
        <div aria-live="polite">
          <LongerForLess
            value={value}
            priceOf={priceOf}
            onChange={(longer) => {
              onChange(longer);
              // The offer and its button go once taken: focus goes to the time it set, not to the dialog's top.
              box.current
                ?.querySelector<HTMLInputElement>(`input[data-unit="${longer.months > 0 ? 'months' : 'days'}"]`)
                ?.focus();
            }}
          />
        </div>
      )}
    </div>
  );
}

/**
 * Whole days and months cost less an hour than hours do, so a time just short of one can cost
 * more than the whole: the customer is told, and takes the longer time with one tap.
 */
function LongerForLess({
  value,
  onChange,
  priceOf,
}: ControlledProps<DurationSplit> & { priceOf: (hours: number) => number }) {
  const { t, i18n } = useTranslation('rentals');
  const longer = longerForLess(value, priceOf);
  if (longer === null) return null;
  const parts = [
    longer.months > 0 ? t('purchase.presetMonths', { count: longer.months }) : null,
    longer.days > 0 ? t('purchase.presetDays', { count: longer.days }) : null,
  ];
  // "1 month, 3 days" as each language lists units.
  const text = new Intl.ListFormat(i18n.language, { type: 'unit', style: 'long' }).format(
    parts.filter((part) => part !== null),
  );
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-amber-50 px-3 py-2 text-sm text-slate-800">
      <span>{t('purchase.longerForLess', { longer: text, price: formatCents(priceOf(totalHours(longer))) })}</span>
      <button
        type="button"
        onClick={() => onChange(longer)}
        className="font-semibold text-brand-700 underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {t('purchase.chooseLonger', { longer: text })}
      </button>
    </p>
  );
}
