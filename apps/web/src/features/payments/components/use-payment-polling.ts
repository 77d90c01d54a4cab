import { PAYMENT_STATUS, POLLING_MS, type Payment } from '@portal/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { checkPaymentStatus } from '../api/check-payment-status';

const FINAL: readonly string[] = [PAYMENT_STATUS.paid, PAYMENT_STATUS.fail];

/**
 * Payment status polling: every 5 s per watched payment; `paid` and `fail` end
 * it, anything else or a network error keeps polling. Payments the history still lists as
 * pending are watched too, so polling survives a page reload.
 */
export function usePaymentPolling(
  history: readonly Payment[] | undefined,
  { onPaid, onFailed }: { onPaid: (uuid: string) => void; onFailed: (uuid: string) => void },
) {
  const [created, setCreated] = useState<readonly string[]>([]);
  const [finished, setFinished] = useState<ReadonlySet<string>>(new Set());
  const [tick, setTick] = useState(0);
  const callbacks = useRef({ onPaid, onFailed });
  useEffect(() => {
    callbacks.current = { onPaid, onFailed };
  });

  const watched = useMemo(() => {
    const pending = (history ?? []).filter((payment) => !FINAL.includes(payment.status)).map((payment) => payment.uuid);
    return [...new Set([...created, ...pending])].filter((uuid) => !finished.has(uuid)).sort();
  }, [created, history, finished]);
  const watchedKey = watched.join(' ');

  useEffect(() => {
    if (watchedKey === '') return;
    // `tick` changes after each round, which re-arms the 5 s timer for the next one.
    void tick;
    let cancelled = false;
    const timer = setTimeout(async () => {
      for (const uuid of watchedKey.split(' ')) {
        let status: string;
        try {
          status = await checkPaymentStatus(uuid);
        } catch {
          continue; // a network error keeps polling
        }
        if (cancelled || !FINAL.includes(status)) continue;
        setFinished((previous) => new Set(previous).add(uuid));
        if (status === PAYMENT_STATUS.paid) callbacks.current.onPaid(uuid);
        else callbacks.current.onFailed(uuid);
      }
      if (!cancelled) setTick((value) => value + 1);
    }, POLLING_MS.paymentStatus);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [watchedKey, tick]);

  const watch = useCallback((uuid: string) => setCreated((previous) => [...previous, uuid]), []);
  return { watch, watching: watched };
}
