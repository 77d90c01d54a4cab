import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { ExternalLinkLine } from '../../../../components/ui/external-link-line';
import { apiErrorText } from '../../../../lib/api-error-text';
import { useLinkOperatorTelegram, useOperatorTelegram, useUnlinkOperatorTelegram } from '../api/operator-telegram';
import { TitledSection } from '../components/titled-section';

/**
 * The operator's own Telegram chat: a one-time deep link connects it, and owners and managers get
 * the shop's operator alerts there.
 */
export function TelegramAlerts() {
  const { t } = useTranslation('console');
  const link = useLinkOperatorTelegram();
  const unlink = useUnlinkOperatorTelegram();
  const url = link.data;
  const status = useOperatorTelegram({ polling: Boolean(url) });
  const state = status.data;
  if (!state) return null;
  const linked = state.linked;
  return (
    <TitledSection title={t('security.telegram.title')}>
      <p className="mt-2 text-sm text-slate-700">
        {t(state.getsAlerts ? 'security.telegram.intro' : 'security.telegram.noAlerts')}
      </p>
      {!state.available ? (
        <p className="mt-3 text-sm text-slate-700">{t('security.telegram.unavailable')}</p>
      ) : linked ? (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p role="status" className="text-sm text-green-900">
            {t('security.telegram.linked')}
          </p>
          <Button type="button" variant="secondary" onClick={() => unlink.mutate()} disabled={unlink.isPending}>
            {t('security.telegram.unlink')}
          </Button>
        </div>
      ) : (
        <div className="mt-3 flex flex-col gap-3">
          <div>
            <Button type="button" onClick={() => link.mutate()} disabled={link.isPending}>
              {t('security.telegram.link')}
            </Button>
          </div>
          {url && (
            <ExternalLinkLine
              text={t('security.telegram.open')}
              href={url}
              linkText={t('security.telegram.openLink')}
              linkClassName="font-medium text-blue-700 underline"
            />
          )}
        </div>
      )}
      {(link.error ?? unlink.error) && (
        <p className="mt-3 text-sm text-red-700">{apiErrorText(link.error ?? unlink.error)}</p>
      )}
    </TitledSection>
  );
}
