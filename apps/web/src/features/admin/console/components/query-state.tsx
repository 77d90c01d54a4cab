import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../../components/page-loading';
import { Button } from '../../../../components/ui/button';
import { apiErrorText } from '../../../../lib/api-error-text';

/** What a console screen shows while its data loads or after it failed (with a retry). */
export function QueryState({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('console');
  if (!error) return <PageLoading />;
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-xl bg-red-50 p-4 text-red-800">
      <p>{t('common.loadFailed', { reason: apiErrorText(error) })}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
