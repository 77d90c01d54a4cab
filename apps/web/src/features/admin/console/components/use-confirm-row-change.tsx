import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button, type ButtonSize } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { apiErrorText } from '../../../../lib/api-error-text';

/** What the confirmation says about a row (none while the dialog is closed). */
type ConfirmTexts = { title: string; description: string; cancelLabel: string; confirmLabel: string; done: string };

/**
 * Asking before a change to one row of a console table that cannot be undone (revoking a node,
 * removing an operator): `askButton` is the row's button that opens the confirmation (named for
 * its row by `label`, since every row has one), `dialog` is rendered once beside the table. Done,
 * it says so and closes; refused, it shows why and stays open so the operator can try again or cancel.
 */
export function useConfirmRowChange<Row extends { id: number }>(
  change: Pick<UseMutationResult<unknown, Error, number>, 'mutate' | 'isPending'>,
  textsFor: (row: Row | null) => ConfirmTexts,
): { askButton: (row: Row, label: string, size?: ButtonSize) => ReactNode; dialog: ReactNode } {
  const [asked, setAsked] = useState<Row | null>(null);
  const texts = textsFor(asked);

  function onConfirm() {
    if (!asked) return;
    change.mutate(asked.id, {
      onSuccess: () => {
        toast.success(texts.done);
        setAsked(null);
      },
      onError: (failure) => toast.error(apiErrorText(failure)),
    });
  }

  function askButton(row: Row, label: string, size?: ButtonSize) {
    return (
      <Button variant="secondary" size={size} onClick={() => setAsked(row)} aria-label={label}>
        {texts.confirmLabel}
      </Button>
    );
  }

  const dialog = (
    <ConfirmDialog
      open={asked !== null}
      onCancel={() => setAsked(null)}
      title={texts.title}
      description={texts.description}
      closeLabel={texts.cancelLabel}
      cancelLabel={texts.cancelLabel}
      confirmLabel={texts.confirmLabel}
      onConfirm={onConfirm}
      pending={change.isPending}
    />
  );
  return { askButton, dialog };
}
