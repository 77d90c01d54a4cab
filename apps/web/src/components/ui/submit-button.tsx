import type { ComponentProps, ReactNode } from 'react';
import { Button } from './button';

/**
 * A form's submit button that is disabled while the form's request runs (and, given
 * `pendingLabel`, says so), so that a second press cannot send the form twice.
 */
export function SubmitButton({
  pending,
  pendingLabel,
  disabled,
  children,
  ...props
}: Omit<ComponentProps<typeof Button>, 'type'> & { pending: boolean; pendingLabel?: ReactNode }) {
  return (
    <Button type="submit" disabled={pending || disabled} {...props}>
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </Button>
  );
}
