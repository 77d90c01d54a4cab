import { useTranslation } from 'react-i18next';

/** Shown while a screen's code chunk loads. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="flex min-h-[40vh] items-center justify-center">
      <span className="size-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600" aria-hidden />
      <span className="sr-only">{t('status.loading')}</span>
    </div>
  );
}
