import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';

/**
 * Cancel and a danger confirmation under a warning in the manage dialog. The confirmation is
 * disabled while its request runs, so a second click cannot send it twice.
 */
export function ConfirmActions({
  confirmLabel,
  pending,
  onCancel,
  onConfirm,
  className,
}: {
  confirmLabel: string;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  /** Extra classes of the row. */
  className?: string;
}) {
  const { t } = useTranslation('rentals');
  return (
    <div className={cn('flex justify-end gap-2', className)}>
      <Button variant="secondary" className="px-3 py-1" onClick={onCancel}>
        {t('dialog.cancel')}
      </Button>
      <Button variant="danger" className="px-3 py-1" disabled={pending} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </div>
  );
}
