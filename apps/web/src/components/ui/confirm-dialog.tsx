import type { ComponentProps } from 'react';
import { ConfirmActions } from './confirm-actions';
import { Dialog } from './dialog';

/** Asks before a change that cannot be undone: Cancel, and the change itself in red. */
export function ConfirmDialog({
  open,
  title,
  description,
  closeLabel,
  ...actions
}: Omit<ComponentProps<typeof ConfirmActions>, 'className' | 'size'> & {
  open: boolean;
  title: string;
  description: string;
  closeLabel: string;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && actions.onCancel()}
      title={title}
      description={description}
      closeLabel={closeLabel}
    >
      <ConfirmActions {...actions} />
    </Dialog>
  );
}
