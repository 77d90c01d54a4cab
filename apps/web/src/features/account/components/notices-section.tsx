import { useTranslation } from 'react-i18next';
import { ErrorWithRetry } from '../../../components/error-with-retry';
import { apiErrorText } from '../../../lib/api-error-text';
import { useNoticeSettings } from '../api/notices';
import { EmailNotices } from './email-notices';
import { TelegramNotices } from './telegram-notices';

const card = 'rounded-2xl bg-white p-6 shadow-sm';

/** Notices by Telegram and e-mail on the account page. */
export function NoticesSection() {
  const { t } = useTranslation('account');
  const settings = useNoticeSettings();
  return (
    <section aria-labelledby="account-notices" className={card}>
      <h2 id="account-notices" className="text-lg font-semibold">
        {t('notices.title')}
      </h2>
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
    </section>
  );
}
