import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { isChunkLoadError } from '../lib/lazy-page';
import { Button } from './ui/button';

/** Error screen of the router: a failed script chunk says `Loading chunk failed` and offers a reload. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation(['common', 'errors']);
  const chunk = isChunkLoadError(error);
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-2xl font-bold text-slate-900">{chunk ? t('errors:chunkFailed') : t('errors:pageFailed')}</h1>
      {chunk && <p className="text-slate-600">{t('errors:chunkHint')}</p>}
      <Button onClick={() => window.location.reload()}>{t('common:actions.reload')}</Button>
    </div>
  );
}
