import { useId, type InputHTMLAttributes } from 'react';
import { cn } from '../../../../lib/cn';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  /** Shown under the input and announced with it when set. */
  error?: string | null;
  /** Classes of the column that holds label, input and error (the input takes `className`). */
  wrapperClassName?: string;
};

/** A labelled text input of a console form, with its error line. */
export function Field({ label, error, wrapperClassName, id, ...input }: FieldProps) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const errorId = `${inputId}-error`;
  return (
    <div className={cn('flex flex-col gap-1', wrapperClassName)}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={inputId}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
