import { cn } from '../../lib/cn';
import { Button, type ButtonSize } from './button';

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
  size = 'md',
}: {
  cancelLabel: string;
  confirmLabel: string;
  /** While the change is under way: the confirm button is disabled. */
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** Extra classes of the row. */
  className?: string;
  /** Of both buttons: `sm` inside a dialog's section. */
  size?: ButtonSize;
}) {
  return (
    <div className={cn('flex justify-end gap-2', className)}>
      <Button variant="secondary" size={size} onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button variant="danger" size={size} disabled={pending} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </div>
  );
}
