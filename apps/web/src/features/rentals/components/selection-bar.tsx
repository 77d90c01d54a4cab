import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { apiErrorText } from '../../../lib/api-error-text';
import { rentalKeys } from '../api/keys';
import { useSetAutoRenew } from '../api/set-auto-renew';

/**
 * Actions on the rentals ticked in History: auto-renew on or off for all of them in one
 * call (the server changes all or none), and clearing the selection. The export above the table
 * follows the same selection.
 */
export function SelectionBar({ proxyIds, onClear }: { proxyIds: readonly number[]; onClear: () => void }) {
  const { t } = useTranslation('rentals');
  const queryClient = useQueryClient();
  const autoRenew = useSetAutoRenew({
    mutationConfig: {
      onSuccess: (answer) => {
        toast.success(t(answer.auto_renew ? 'selection.renewedOn' : 'selection.renewedOff', { count: answer.count }));
        void queryClient.invalidateQueries({ queryKey: rentalKeys.all });
        void queryClient.invalidateQueries({ queryKey: rentalKeys.renewals() });
      },
      onError: (error) => toast.error(t('renew.failed', { cause: apiErrorText(error) })),
    },
  });
  if (proxyIds.length === 0) return null;

  return (
    <section
      aria-label={t('selection.label')}
      className="flex flex-wrap items-center gap-2 rounded-2xl bg-brand-50 px-4 py-3 text-sm"
    >
      <span className="font-medium text-slate-800" aria-live="polite">
        {t('selection.count', { count: proxyIds.length })}
      </span>
      {([true, false] as const).map((enabled) => (
        <Button
          key={String(enabled)}
          variant={enabled ? 'primary' : 'secondary'}
          size="sm"
          disabled={autoRenew.isPending}
          onClick={() => autoRenew.mutate({ proxyId: [...proxyIds], enabled })}
        >
          {t(enabled ? 'selection.renewOn' : 'selection.renewOff')}
        </Button>
      ))}
      <Button variant="secondary" size="sm" onClick={onClear}>
        {t('selection.clear')}
      </Button>
    </section>
  );
}
