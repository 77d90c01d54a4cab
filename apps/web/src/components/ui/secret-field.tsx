import { useId } from 'react';
import { inputClass } from './input-class';

/**
 * A labelled password field for a secret (the customer's API key, the operator's secret code),
 * with the line under it that announces what is wrong with it.
 */
export function SecretField({
  label,
  value,
  onChange,
  error,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  placeholder?: string;
}) {
  const inputId = useId();
  const errorId = useId();
  return (
    <>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={inputId}
        type="password"
        autoComplete="current-password"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={inputClass('font-mono')}
      />
      <p id={errorId} role="alert" className="min-h-5 text-sm text-red-700">
        {error}
      </p>
    </>
  );
}
