import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ChunkLoadError } from '../lib/lazy-page';
import { Button } from './ui/button';

/** Browsers word a failed dynamic import differently; these are Chromium's, Firefox's and Safari's. */
const CHUNK_FAILURE = /dynamically imported module|Importing a module script failed|Loading chunk|module script/i;

function isChunkLoadError(error: unknown): boolean {
  return error instanceof ChunkLoadError || (error instanceof Error && CHUNK_FAILURE.test(error.message));
}

/** Error screen of the router: a failed script chunk says `Loading chunk failed` and offers a reload. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('errors');
  const chunk = isChunkLoadError(error);
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-2xl font-bold text-slate-900">{chunk ? t('chunkFailed') : t('pageFailed')}</h1>
      {chunk && <p className="text-slate-600">{t('chunkHint')}</p>}
      <Button onClick={() => window.location.reload()}>{t('actions.reload')}</Button>
    </div>
  );
}
