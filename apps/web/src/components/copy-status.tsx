import { DISPLAY_MS } from '@portal/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../lib/copy-text';

type CopyResult = { kind: 'copied' | 'failed' | 'missing'; item: string };

/**
 * Copy with a result message, since a copy gives no other feedback: `{item} copied!`, `Failed to copy
 * {item}` or `No {item} available`, shown for 3 seconds.
 */
export function useCopyMessage() {
  const [result, setResult] = useState<CopyResult | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async (item: string, value: string | null | undefined) => {
    const kind = !value ? 'missing' : (await copyText(value)) ? 'copied' : 'failed';
    clearTimeout(timer.current);
    setResult({ kind, item });
    timer.current = setTimeout(() => setResult(null), DISPLAY_MS.copyMessage);
  }, []);

  return { result, copy };
}

/** `copiedText` replaces `{item} copied!` where the product words that message its own way. */
export function CopyStatus({ result, copiedText }: { result: CopyResult | null; copiedText?: string }) {
  const { t } = useTranslation();
  return (
    <p role="status" aria-live="polite" className="min-h-6 text-sm">
      {result && (
        <span className={result.kind === 'copied' ? 'text-green-700' : 'text-red-700'}>
          {result.kind === 'copied' && copiedText ? copiedText : t(`copy.${result.kind}`, { item: result.item })}
        </span>
      )}
    </p>
  );
}
