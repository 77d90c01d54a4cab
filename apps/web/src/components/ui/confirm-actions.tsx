import { cn } from '../../lib/cn';
import { Button } from './button';

/**
 * Cancel, and a change that cannot be undone in red. The confirmation is disabled while its
 * request runs, so a second click cannot send it twice.
 */
export function ConfirmActions({
  cancelLabel,
  confirmLabel,
  pending,
  onCancel,
  onConfirm,
  className,
  buttonClassName,
}: {
  cancelLabel: string;
  confirmLabel: string;
  /** While the change is under way: the confirm button is disabled. */
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** Extra classes of the row. */
  className?: string;
  /** Extra classes of both buttons (smaller ones inside a dialog's section). */
  buttonClassName?: string;
}) {
  return (
    <div className={cn('flex justify-end gap-2', className)}>
      <Button variant="secondary" className={buttonClassName} onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button variant="danger" className={buttonClassName} disabled={pending} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </div>
  );
}
