import { clampFraudScore, fraudScoreColourStep } from '@portal/contract';

/** Colour steps, greener the cleaner the address: 0 green, up to 25, 50, 75, 99, then 100 red. */
const STEP_COLOURS = ['bg-green-600', 'bg-lime-500', 'bg-yellow-400', 'bg-orange-500', 'bg-red-500', 'bg-red-700'];

/**
 * `showLabel` writes the label beside the bar: a card has no column header to name the number,
 * and without it a bare "83" says nothing to a sighted visitor.
 */
export function FraudScoreBar({
  score,
  label,
  showLabel = false,
}: {
  score: number;
  label: string;
  showLabel?: boolean;
}) {
  const clamped = clampFraudScore(score);
  return (
    <div className="flex items-center gap-2" title={label}>
      {showLabel ? (
        <span className="text-slate-600" aria-hidden>
          {label}
        </span>
      ) : null}
      <div
        role="meter"
        aria-label={label}
        aria-valuenow={clamped}
        aria-valuemin={0}
        aria-valuemax={100}
        className="h-2 w-16 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={`h-full ${STEP_COLOURS[fraudScoreColourStep(clamped)]}`}
          style={{ width: `${Math.max(clamped, 4)}%` }}
        />
      </div>
      <span className="w-7 text-right tabular-nums">{clamped}</span>
    </div>
  );
}
