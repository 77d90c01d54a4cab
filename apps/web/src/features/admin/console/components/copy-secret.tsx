import { useTranslation } from 'react-i18next';
import { CopyStatus, useCopyMessage } from '../../../../components/copy-status';
import { Button } from '../../../../components/ui/button';

/** A Copy button for something shown only once (a secret code, a key, recovery codes), with its result. */
export function CopySecret({ item, value }: { item: string; value: string }) {
  const { t } = useTranslation('console');
  const { result, copy } = useCopyMessage();
  return (
    <div className="mt-2 flex flex-wrap items-center gap-3">
      <Button
        type="button"
        variant="secondary"
        size="sm"
        aria-label={t('copySecret.label', { item })}
        onClick={() => void copy(item, value)}
      >
        {t('copySecret.button')}
      </Button>
      <CopyStatus result={result} />
    </div>
  );
}
