import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { apiErrorText } from '../../../lib/api-error-text';
import { useClearSources } from '../api/clear-sources';
import { useSources } from '../api/get-sources';
import { ManageSection } from './manage-section';

/**
 * The addresses the rental was used from: past the limit a new address is refused by the
 * gateway, so the customer sees which ones hold the places and can free them all (which ends
 * what those addresses have open).
 */
export function SourcesSection({ proxyId }: { proxyId: number }) {
  const { t, i18n } = useTranslation('rentals');
  const sources = useSources(proxyId);
  const clear = useClearSources({
    mutationConfig: {
      onSuccess: (answer) => toast.success(t('sources.cleared', { cleared: answer.cleared })),
      onError: (error) => toast.error(t('sources.clearFailed', { cause: apiErrorText(error) })),
    },
  });
  const dateTime = useMemo(
    () => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }),
    [i18n.language],
  );
  const view = sources.data;

  return (
    <ManageSection id="manage-sources" title={t('sources.title')}>
      {view ? (
        <>
          <p className="text-sm text-slate-600">
            {view.limit > 0
              ? t('sources.explain', { limit: view.limit, hours: view.window_hours })
              : t('sources.unlimited', { hours: view.window_hours })}
          </p>
          {view.sources.length > 0 ? (
            <ul aria-label={t('sources.listLabel')} className="flex flex-col gap-1">
              {view.sources.map((source) => (
                <li key={source.address} className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                  <code className="rounded bg-slate-100 px-2 py-0.5 text-xs break-all">{source.address}</code>
                  <span className="text-xs text-slate-600">
                    {t('sources.lastSeen', { when: dateTime.format(new Date(source.last_seen)) })}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-600">{t('sources.none')}</p>
          )}
          {view.sources.length > 0 && (
            <Button
              variant="secondary"
              size="sm"
              className="self-start"
              disabled={clear.isPending}
              onClick={() => clear.mutate(proxyId)}
            >
              {t('sources.clear')}
            </Button>
          )}
        </>
      ) : (
        <p className="text-sm text-slate-600">{sources.isError ? t('sources.failed') : t('loading')}</p>
      )}
    </ManageSection>
  );
}
