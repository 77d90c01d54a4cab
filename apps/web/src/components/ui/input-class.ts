import { cn } from '../../lib/cn';

/**
 * Class names of a text input, select or textarea, with extra classes for its width or font.
 * Padding is `compact` or not, chosen here: a padding passed in would lose to this one (`cn`
 * joins; Tailwind orders its CSS by utility, not by class order).
 */
export function inputClass(className?: string, { compact = false }: { compact?: boolean } = {}): string {
  return cn(
    'rounded-lg border border-slate-300 focus:outline-2 focus:outline-brand-600',
    compact ? 'px-1 py-1' : 'px-3 py-2',
    className,
  );
}
