import type { FormEvent, ReactNode } from 'react';

/**
 * A console panel's form. The browser's own validation is off: each form checks its fields on
 * submit and shows its errors beside them, in the console's words.
 */
export function ConsoleForm({
  onSubmit,
  className = 'mt-3 flex flex-wrap items-end gap-3',
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Classes of the form: by default its fields in a row that wraps, their bottoms aligned. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate className={className}>
      {children}
    </form>
  );
}
