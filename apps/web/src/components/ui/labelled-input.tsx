import type { InputHTMLAttributes, ReactNode } from 'react';

/**
 * An input inside its label, so the label names it with no id to keep in step; the input's text
 * goes straight to `onValue`.
 */
export function LabelledInput({
  label,
  labelClassName = 'flex flex-col gap-1 text-sm font-medium text-slate-700',
  onValue,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
  label: ReactNode;
  /** Classes of the label, which lays out its text above the input. */
  labelClassName?: string;
  onValue: (value: string) => void;
}) {
  return (
    <label className={labelClassName}>
      {label}
      <input {...input} onChange={(event) => onValue(event.target.value)} />
    </label>
  );
}
