import { cn } from '../../lib/cn';

/** Class names of a text input or textarea, with extra classes for its size or font. */
export function inputClass(className?: string): string {
  return cn('rounded-lg border border-slate-300 px-3 py-2 focus:outline-2 focus:outline-brand-600', className);
}
