import type { InputHTMLAttributes, Ref } from 'react';
import { inputClass } from '../../../../components/ui/input-class';
import { Labelled } from '../../../../components/ui/labelled';
import { Options } from '../../../../components/ui/options';
import { cn } from '../../../../lib/cn';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  /** The input itself, for a form that moves focus to it. */
  ref?: Ref<HTMLInputElement>;
  /** Shown under the input and announced with it when set. */
  error?: string | null;
  /** A neutral line under the input (what it takes), announced with it; an error shows beside it. */
  hint?: string | null;
  /** Classes of the column that holds label, input and error (the input takes `className`). */
  wrapperClassName?: string;
};

/** A labelled text input of a console form, with its error line. */
export function Field({ label, error, hint, wrapperClassName, id, ...input }: FieldProps) {
  return (
    <div className={cn('flex flex-col gap-1', wrapperClassName)}>
      <Labelled label={label} id={id}>
        {(inputId) => (
          <>
            <input
              id={inputId}
              {...input}
              aria-invalid={error ? true : undefined}
              aria-describedby={
                [hint ? `${inputId}-hint` : '', error ? `${inputId}-error` : ''].filter(Boolean).join(' ') || undefined
              }
            />
            {hint && (
              <p id={`${inputId}-hint`} className="text-sm text-slate-600">
                {hint}
              </p>
            )}
            {error && (
              <p id={`${inputId}-error`} className="text-sm text-red-700">
                {error}
              </p>
            )}
          </>
        )}
      </Labelled>
    </div>
  );
}

type TextFieldProps = Omit<FieldProps, 'onChange' | 'className'> & {
  /** Called with the input's text on every change. */
  onValue: (value: string) => void;
  /** Classes added to the console's small text input: its width, its font. */
  inputClassName?: string;
};

/** A console form's small text input whose text goes straight to the caller's state. */
export function TextField({ onValue, inputClassName, ...field }: TextFieldProps) {
  return (
    <Field
      {...field}
      onChange={(event) => onValue(event.target.value)}
      className={inputClass(cn('text-sm', inputClassName))}
    />
  );
}

/** A console list's search box: it takes what its row leaves, and its text goes straight to the caller's state. */
export function SearchField({ inputClassName, ...field }: Omit<TextFieldProps, 'type' | 'wrapperClassName'>) {
  return (
    <TextField
      {...field}
      type="search"
      wrapperClassName="min-w-0 flex-1"
      inputClassName={cn('w-full', inputClassName)}
    />
  );
}

/** A labelled select of a console form or filter bar: its options as `[value, text]` pairs. */
export function SelectField({
  label,
  value,
  onChange,
  options,
  id,
  className = inputClass('bg-white text-sm'),
  inline = false,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [value: string, text: string])[];
  /** The select's id when something else refers to it; otherwise one of its own. */
  id?: string;
  /** Classes of the select. */
  className?: string;
  /** The label beside the select rather than above it. */
  inline?: boolean;
}) {
  return (
    <div className={inline ? 'flex items-center gap-2' : 'flex flex-col gap-1'}>
      <Labelled label={label} id={id}>
        {(selectId) => (
          <select id={selectId} value={value} onChange={(event) => onChange(event.target.value)} className={className}>
            <Options choices={options} />
          </select>
        )}
      </Labelled>
    </div>
  );
}
