import { useTranslation } from 'react-i18next';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { apiErrorText } from '../../../lib/api-error-text';
import { useNoticeSettings } from '../api/notices';
import { EmailNotices } from './email-notices';
import { TelegramNotices } from './telegram-notices';
import { CardSection } from '../../../components/card-section';

/** Notices by Telegram and e-mail on the account page. */
export function NoticesSection() {
  const { t } = useTranslation('account');
  const settings = useNoticeSettings();
  return (
    <CardSection id="account-notices" title={t('notices.title')}>
      <p className="mt-1 text-sm text-slate-600">{t('notices.hint')}</p>
      {settings.data ? (
        <div className="mt-4 flex flex-col gap-6">
          <div>
            <h3 className="font-semibold text-slate-900">{t('notices.telegram.title')}</h3>
            <TelegramNotices available={settings.data.telegram.available} linked={settings.data.telegram.linked} />
          </div>
          <div>
            <h3 className="font-semibold text-slate-900">{t('notices.email.title')}</h3>
            <EmailNotices email={settings.data.email} />
          </div>
        </div>
      ) : (
        settings.error && (
          <ErrorWithRetry
            className="mt-4"
            message={t('notices.loadFailed', { reason: apiErrorText(settings.error) })}
            retryLabel={t('notices.retry')}
            onRetry={() => void settings.refetch()}
          />
        )
      )}
    </CardSection>
  );
}
