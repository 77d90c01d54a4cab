import { useId, type ReactNode } from 'react';

/**
 * A label and the control it names, placed by the caller's layout. The control's id is written
 * once here, so the label cannot lose its control when a screen is rearranged.
 */
export function Labelled({
  label,
  id,
  className = 'text-sm font-medium text-slate-800',
  children,
}: {
  label: ReactNode;
  /** The control's id when something else refers to it; otherwise one of its own. */
  id?: string;
  /** Classes of the label. */
  className?: string;
  /** The control, given the id it must carry. */
  children: (id: string) => ReactNode;
}) {
  const ownId = useId();
  const controlId = id ?? ownId;
  return (
    <>
      <label htmlFor={controlId} className={className}>
        {label}
      </label>
      {children(controlId)}
    </>
  );
}
