import type { InventoryRow } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { apiErrorText } from '../../../../lib/api-error-text';
import { useDisablePreview, useDisableProxy } from '../api/disable-proxy';

/**
 * The confirmation before a disable: how many active rentals it cuts off (asked of the server when
 * it opens), and, when there are any, the choice to move them to replacements at once.
 */
export function DisableDialog({ row, onClose }: { row: InventoryRow | null; onClose: () => void }) {
  const { t } = useTranslation('console');
  const preview = useDisablePreview(row?.id ?? null);
  const disable = useDisableProxy({
    onSuccess: (answer) => {
      toast.success(
        answer.replaced > 0
          ? t('disable.doneReplaced', { id: answer.id, count: answer.affectedRentals, replaced: answer.replaced })
          : t('disable.done', { id: answer.id, count: answer.affectedRentals }),
      );
      onClose();
    },
  });
  const affected = preview.data?.affectedRentals;
  const address = row ? `${row.ip}:${row.port}` : '';

  return (
    <Dialog
      open={row !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('disable.title', { id: row?.id ?? '', address })}
      closeLabel={t('disable.close')}
    >
      <div role="status" data-testid="disable-impact" className="flex flex-col gap-2 text-sm text-slate-800">
        {preview.isPending && <p>{t('disable.counting')}</p>}
        {preview.isError && (
          <p className="text-red-700">{t('disable.countFailed', { reason: apiErrorText(preview.error) })}</p>
        )}
        {affected === 0 && <p>{t('disable.none')}</p>}
        {affected !== undefined && affected > 0 && (
          <>
            <p className="font-semibold text-red-800">{t('disable.affected', { count: affected })}</p>
            <p>{t('disable.renterTold')}</p>
            <p>{t('disable.replaceHint')}</p>
          </>
        )}
      </div>
      {disable.isError && (
        <p role="alert" className="text-sm text-red-700">
          {t('disable.failed', { id: row?.id ?? '', reason: apiErrorText(disable.error) })}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>
          {t('disable.cancel')}
        </Button>
        {affected !== undefined && affected > 0 && (
          <Button disabled={disable.isPending} onClick={() => row && disable.mutate({ id: row.id, replace: true })}>
            {t('disable.confirmReplace')}
          </Button>
        )}
        <Button
          variant="danger"
          disabled={disable.isPending || preview.isPending}
          onClick={() => row && disable.mutate({ id: row.id })}
        >
          {t('disable.confirm')}
        </Button>
      </div>
    </Dialog>
  );
}
