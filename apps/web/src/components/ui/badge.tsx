import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** Tones by meaning: good, bad, needs a look, out of play, and the two states between. */
const TONES = {
  green: 'bg-green-100 text-green-900',
  red: 'bg-red-100 text-red-900',
  amber: 'bg-amber-100 text-amber-900',
  orange: 'bg-orange-100 text-orange-900',
  blue: 'bg-blue-100 text-blue-900',
  slate: 'bg-slate-200 text-slate-800',
} as const;

export type BadgeTone = keyof typeof TONES;

/**
 * A short state beside or instead of a value (Online, Locked, Not working): one shape and one set
 * of tones on every screen, each pair of colours past 4.5:1. `className` adds spacing or layout,
 * never another colour or size.
 */
export function Badge({ tone, className, ...props }: ComponentProps<'span'> & { tone: BadgeTone }) {
  return <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', TONES[tone], className)} {...props} />;
}
