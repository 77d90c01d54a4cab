import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../../components/page-loading';
import { ErrorWithRetry } from '../../../../components/error-with-retry';
import { apiErrorText } from '../../../../lib/api-error-text';

/** What a console screen shows while its data loads or after it failed (with a retry). */
export function QueryState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('console');
  if (!error) return <PageLoading />;
  return (
    <ErrorWithRetry
      message={t('common.loadFailed', { reason: apiErrorText(error) })}
      retryLabel={t('common.retry')}
      onRetry={onRetry}
    />
  );
}
