import { formatDollars } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { CopyStatus, useCopyMessage } from '../../../../components/copy-status';
import { Button } from '../../../../components/ui/button';

/** The codes just created, one per line: what Copy puts on the clipboard and the .txt holds. */
export function codesText(codes: string[]): string {
  return `${codes.join('\n')}\n`;
}

/** How long the object URL lives after the click: the browser reads it after the click returns. */
const REVOKE_AFTER_MS = 10_000;

/** Saves text as a file made in the browser (Blob + object URL), so the codes do not travel again. */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The URL keeps the Blob in memory until revoked.
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** Codes from the last creation, shown here once with Copy and Download (the list below has them too). */
export function NewCodes({ codes, amount }: { codes: string[]; amount: number }) {
  const { t } = useTranslation('console');
  const { result, copy } = useCopyMessage();
  const text = codesText(codes);
  const fileName = `giftcards-${amount.toFixed(2)}-usd-${codes.length}.txt`;
  return (
    <section className="rounded-xl border border-green-200 bg-green-50 p-4" aria-labelledby="new-codes-title">
      <h2 id="new-codes-title" className="text-lg font-semibold text-green-950">
        {t('giftcards.created.title', { count: codes.length, amount: formatDollars(amount) })}
      </h2>
      <p className="mt-1 text-sm text-green-950">{t('giftcards.created.once')}</p>
      <pre
        className="mt-3 max-h-64 overflow-auto rounded-lg bg-white p-3 font-mono text-sm"
        data-testid="new-codes"
        tabIndex={0}
        aria-label={t('giftcards.created.codesLabel')}
      >
        {codes.join('\n')}
      </pre>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => void copy(t('giftcards.created.item'), text.trim())}>
          {t('giftcards.created.copy')}
        </Button>
        <Button onClick={() => downloadText(fileName, text)}>{t('giftcards.created.download')}</Button>
      </div>
      <CopyStatus result={result} />
    </section>
  );
}
