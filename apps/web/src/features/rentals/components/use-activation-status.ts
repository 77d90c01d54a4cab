import { POLLING_MS, RENTAL_STATUS } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getHistoryQueryOptions } from '../api/get-history';
import { getTransactionsQueryOptions } from '../../../lib/transactions';

export type Activation = { state: 'waiting' | 'connected' | 'refunded'; proxy?: string };

/**
 * Polling of purchased proxies (provisioning takes seconds): first poll after 2 s, then every 5 s, until each
 * proxy is connected or refunded. A proxy missing from the history shows as waiting; a refunded
 * one is read from the transactions, and `onRefunded` fires once when one turns up. Callers
 * remount (key) for a new set of ids.
 */
export function useActivationStatus(
  ids: readonly number[],
  { enabled, onRefunded, onError }: { enabled: boolean; onRefunded: () => void; onError: () => void },
) {
  const queryClient = useQueryClient();
  const [statuses, setStatuses] = useState<ReadonlyMap<number, Activation>>(new Map());
  const [round, setRound] = useState(0);
  const refundWarned = useRef(false);
  const callbacks = useRef({ onRefunded, onError });
  useEffect(() => {
    callbacks.current = { onRefunded, onError };
  });
  const idsKey = ids.join(',');

  const poll = useCallback(async (): Promise<boolean> => {
    const wanted = idsKey === '' ? [] : idsKey.split(',').map(Number);
    const history = await queryClient.fetchQuery({ ...getHistoryQueryOptions(), staleTime: 0 });
    const next = new Map<number, Activation>();
    const unsettled: number[] = [];
    for (const id of wanted) {
      const record = history.find((entry) => entry.id === id);
      if (record?.status === RENTAL_STATUS.connected) next.set(id, { state: 'connected', proxy: record.proxy });
      else if (record?.status === RENTAL_STATUS.refunded) next.set(id, { state: 'refunded' });
      else {
        next.set(id, { state: 'waiting' });
        unsettled.push(id);
      }
    }
    // A proxy gone from the history may have been refunded: the transactions say so.
    const missing = unsettled.filter((id) => !history.some((entry) => entry.id === id));
    if (missing.length > 0) {
      const transactions = await queryClient.fetchQuery({ ...getTransactionsQueryOptions(), staleTime: 0 });
      for (const id of missing) {
        if (transactions.some((entry) => entry.id === id && entry.status === RENTAL_STATUS.refunded)) {
          next.set(id, { state: 'refunded' });
        }
      }
    }
    setStatuses(next);
    const states = [...next.values()].map((entry) => entry.state);
    if (states.includes('refunded') && !refundWarned.current) {
      refundWarned.current = true;
      callbacks.current.onRefunded();
    }
    return states.every((state) => state !== 'waiting');
  }, [idsKey, queryClient]);

  useEffect(() => {
    if (!enabled || idsKey === '') return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = async () => {
      let done = false;
      try {
        done = await poll();
      } catch {
        callbacks.current.onError();
      }
      if (!cancelled && !done) timer = setTimeout(() => void run(), POLLING_MS.purchasedEvery);
    };
    // "Try again" asks at once; the first round waits 2 s for the server to start connecting.
    timer = setTimeout(() => void run(), round === 0 ? POLLING_MS.purchasedFirst : 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [enabled, idsKey, poll, round]);

  return { statuses, retry: () => setRound((value) => value + 1) };
}
