import { useId, type ChangeEvent, type Ref } from 'react';
import { cn } from '../../lib/cn';
import { buttonClass } from './button';

/**
 * A file input that speaks the page's language: the browser's own button and "No file chosen"
 * follow the browser's language, not the one the person picked. The input stays in the tab order
 * but is hidden; the label around it looks like a button and shows the keyboard's focus, and
 * beside it stands the chosen file or the words saying there is none. The input is named by
 * `label` alone, and described by the line beside it.
 */
export function FilePicker({
  label,
  choose,
  chosen,
  accept,
  inputRef,
  onChange,
}: {
  /** The field's name. */
  label: string;
  /** The button's words. */
  choose: string;
  /** The chosen file, or that there is none. */
  chosen: string;
  accept?: string;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <label id={`${id}-label`} htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <label
        className={cn(
          buttonClass('secondary'),
          'relative cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600',
        )}
      >
        <input
          id={id}
          ref={inputRef}
          type="file"
          accept={accept}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-chosen`}
          onChange={onChange}
          className="sr-only"
        />
        {choose}
      </label>
      <span id={`${id}-chosen`} aria-live="polite" className="min-w-0 text-sm [overflow-wrap:anywhere] text-slate-700">
        {chosen}
      </span>
    </div>
  );
}
