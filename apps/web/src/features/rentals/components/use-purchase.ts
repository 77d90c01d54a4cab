import { DISPLAY_MS } from '@portal/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { sharedKeys } from '../../../lib/query-keys';
import { getWalletQueryOptions } from '../../../lib/wallet';
import { apiErrorText } from '../../../lib/api-error-text';
import { buyProxies, PurchaseError } from '../api/buy-proxy';
import { rentalKeys } from '../api/keys';

/**
 * Buying: one call per proxy in sequence, the first failure stops the rest.
 * Renting changes the balance and the free list, so both are refreshed here.
 */
export function usePurchase({ onBought }: { onBought: (ids: number[]) => void }) {
  const { t } = useTranslation('rentals');
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const settle = (wallet: number | null) => {
    if (wallet !== null) queryClient.setQueryData(sharedKeys.wallet(), wallet);
    void queryClient.invalidateQueries({ queryKey: sharedKeys.wallet() });
    void queryClient.invalidateQueries({ queryKey: rentalKeys.all });
  };

  const mutation = useMutation({
    mutationFn: ({ ids, hours }: { ids: number[]; hours: number }) => buyProxies(ids, hours),
    onSuccess: ({ bought, wallet }) => {
      settle(wallet);
      toast.success(t('purchase.success'));
      onBought(bought);
    },
    onError: (error) => {
      if (!(error instanceof PurchaseError)) return;
      if (error.bought.length > 0) settle(null);
      toast.error(t('purchase.failed', { id: error.proxyId, message: apiErrorText(error.cause) }));
      if (error.bought.length > 0) onBought(error.bought);
    },
  });

  /**
   * Low balance: a wallet at or below zero warns and moves to /payment after
   * 500 ms instead of opening the dialog. Returns whether the dialog may open.
   */
  const canBuy = (): boolean => {
    const wallet = queryClient.getQueryData(getWalletQueryOptions().queryKey);
    if (wallet !== undefined && wallet <= 0) {
      toast.warning(t('purchase.lowBalance'));
      setTimeout(() => void navigate('/payment'), DISPLAY_MS.balanceRedirect);
      return false;
    }
    return true;
  };

  return { buy: mutation.mutate, busy: mutation.isPending, canBuy };
}
