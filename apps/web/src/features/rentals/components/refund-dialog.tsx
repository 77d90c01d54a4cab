import { REFUND_REQUEST_WINDOW_HOURS, REFUND_UNAVAILABLE_WINDOW_HOURS } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { apiErrorText } from '../../../lib/api-error-text';
import { sharedKeys } from '../../../lib/query-keys';
import { rentalKeys } from '../api/keys';
import { useRefundProxy } from '../api/refund-proxy';

/** Refund: a confirmation, then the server's answer (`Refund failed: {cause}` with the rule's reason). */
export function RefundDialog({ proxyId, onClose }: { proxyId: number | null; onClose: () => void }) {
  const { t } = useTranslation('rentals');
  const queryClient = useQueryClient();
  /**
   * Closes once the rentals are reloaded (the button stays busy meanwhile): closed before, the
   * dialog gave focus back to a Refund button the reload then removed, and focus fell to the page.
   */
  const closeOnReloadedList = async () => {
    await queryClient.invalidateQueries({ queryKey: rentalKeys.all });
    onClose();
  };
  const refund = useRefundProxy({
    mutationConfig: {
      onSuccess: async (answer) => {
        toast.success(t('refund.success'));
        if (answer.wallet !== undefined) queryClient.setQueryData(sharedKeys.wallet(), answer.wallet);
        void queryClient.invalidateQueries({ queryKey: sharedKeys.wallet() });
        await closeOnReloadedList();
      },
      onError: async (error) => {
        toast.error(t('refund.failed', { cause: apiErrorText(error) }));
        // A refusal may still have used up the one request a proxy has (refund_requested), which
        // hides its Refund button: the list must show that rather than offer a request bound to fail.
        await closeOnReloadedList();
      },
    },
  });
  return (
    <ConfirmDialog
      open={proxyId !== null}
      onCancel={onClose}
      title={t('refund.title', { id: proxyId ?? '' })}
      description={t('refund.confirmText', {
        unavailableHours: REFUND_UNAVAILABLE_WINDOW_HOURS,
        requestHours: REFUND_REQUEST_WINDOW_HOURS,
      })}
      closeLabel={t('dialog.close')}
      cancelLabel={t('dialog.cancel')}
      confirmLabel={t('refund.confirm')}
      onConfirm={() => proxyId !== null && refund.mutate(proxyId)}
      pending={refund.isPending}
    />
  );
}
