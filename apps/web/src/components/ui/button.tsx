import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  primary: 'bg-brand-700 text-white hover:bg-brand-900 disabled:bg-slate-400',
  secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:text-slate-400',
  ghost: 'text-slate-700 hover:bg-slate-100',
  danger: 'bg-red-700 text-white hover:bg-red-800',
} as const;

/**
 * `md` for a form's or a dialog's actions; `sm` inside tables, cards and rows; `xs` beside a
 * state; `lg` for the landing page's calls to action.
 */
const sizes = {
  lg: 'px-8 py-3 text-base',
  md: 'px-4 py-2 text-sm',
  sm: 'px-3 py-1 text-sm',
  xs: 'px-2 py-1 text-xs',
} as const;

export type ButtonSize = keyof typeof sizes;

/**
 * Class names of a button, also for links that look like buttons. Size and colour are chosen
 * here, never through `className`, which only adds (margins, alignment): `cn` joins classes and
 * Tailwind orders its CSS by utility, so a padding passed in would lose to the one set here.
 */
export function buttonClass(
  variant: keyof typeof variants = 'primary',
  className?: string,
  size: ButtonSize = 'md',
): string {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed',
    sizes[size],
    variants[variant],
    className,
  );
}

export function Button({
  variant = 'primary',
  size = 'md',
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof variants; size?: ButtonSize }) {
  return <button type={type} className={buttonClass(variant, className, size)} {...props} />;
}
