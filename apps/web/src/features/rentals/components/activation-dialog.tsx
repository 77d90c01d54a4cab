import { DISPLAY_MS } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { copyText } from '../../../lib/copy-text';
import { rentalKeys } from '../api/keys';
import { useActivationStatus, type Activation } from './use-activation-status';
import { ConnectionString } from './connection-string';

const TONE: Record<Activation['state'], BadgeTone> = {
  waiting: 'amber',
  connected: 'green',
  refunded: 'slate',
};

/**
 * Purchased proxies status dialog: activation progress per proxy, Copy All
 * Proxies (connected ones) and try again. Closing reloads the history after 500 ms.
 */
export function ActivationDialog({ ids, onClose }: { ids: readonly number[]; onClose: () => void }) {
  const { t } = useTranslation('rentals');
  const queryClient = useQueryClient();
  const open = ids.length > 0;
  const { statuses, retry } = useActivationStatus(ids, {
    enabled: open,
    onRefunded: () => toast.warning(t('activation.refunded')),
    onError: () => toast.error(t('activation.loadFailed'), { id: 'activation-error' }),
  });

  const close = () => {
    onClose();
    setTimeout(() => void queryClient.invalidateQueries({ queryKey: rentalKeys.history() }), DISPLAY_MS.historyReload);
  };

  const copyAll = async () => {
    const lines = ids.flatMap((id) => {
      const entry = statuses.get(id);
      return entry?.state === 'connected' && entry.proxy ? [entry.proxy] : [];
    });
    if (lines.length === 0) {
      toast.error(t('activation.nothingToCopy'));
      return;
    }
    if (await copyText(lines.join('\n'))) toast.success(t('copy.copied'));
    else toast.error(t('copy.failed'));
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && close()}
      title={t('activation.title')}
      description={t('activation.hint')}
      closeLabel={t('dialog.close')}
    >
      <ul
        className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm"
        data-testid="activation-list"
      >
        {ids.map((id) => {
          const entry = statuses.get(id) ?? { state: 'waiting' as const };
          return (
            <li key={id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <span className="font-semibold">{t('table.idValue', { id })}</span>
              {entry.state === 'connected' && entry.proxy && (
                <ConnectionString className="min-w-0 flex-1 font-mono text-xs" text={entry.proxy} />
              )}
              <Badge tone={TONE[entry.state]}>{t(`activation.states.${entry.state}`)}</Badge>
            </li>
          );
        })}
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={retry}>
          {t('activation.tryAgain')}
        </Button>
        <Button variant="secondary" onClick={() => void copyAll()}>
          {t('activation.copyAll')}
        </Button>
        <Button onClick={close}>{t('dialog.done')}</Button>
      </div>
    </Dialog>
  );
}
