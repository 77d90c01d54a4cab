import { ConfirmActions } from './confirm-actions';
import { Dialog } from './dialog';

/** Asks before a change that cannot be undone: Cancel, and the change itself in red. */
export function ConfirmDialog({
  open,
  onCancel,
  title,
  description,
  closeLabel,
  cancelLabel,
  confirmLabel,
  onConfirm,
  busy,
}: {
  open: boolean;
  onCancel: () => void;
  title: string;
  description: string;
  closeLabel: string;
  cancelLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** While the change is under way: the confirm button is disabled. */
  busy: boolean;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title={title}
      description={description}
      closeLabel={closeLabel}
    >
      <ConfirmActions
        cancelLabel={cancelLabel}
        confirmLabel={confirmLabel}
        pending={busy}
        onCancel={onCancel}
        onConfirm={onConfirm}
      />
    </Dialog>
  );
}
