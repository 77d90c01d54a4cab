import { buyEndpoint, type BuyResponse, TIMEOUTS_MS } from '@portal/contract';
import { callEndpoint } from '../../../lib/api-client';

/**
 * One buy call: `{task:'up', id, hours as text}`. The same call extends a rental,
 * with the longer extend timeout.
 */
export function buyProxy(id: number, hours: number, purpose: 'buy' | 'extend' = 'buy'): Promise<BuyResponse> {
  return callEndpoint(buyEndpoint, {
    body: { task: 'up', id, hours: String(hours) },
    timeoutMs: purpose === 'buy' ? TIMEOUTS_MS.buy : TIMEOUTS_MS.extend,
  });
}

export class PurchaseError extends Error {
  constructor(
    readonly proxyId: number,
    override readonly cause: unknown,
    /** Proxies bought before this one failed. */
    readonly bought: number[],
  ) {
    super(`buying proxy ${proxyId} failed`);
  }
}

/** One call per proxy, in sequence; the first failure stops the rest. */
export async function buyProxies(
  ids: readonly number[],
  hours: number,
): Promise<{ bought: number[]; wallet: number | null }> {
  const bought: number[] = [];
  let wallet: number | null = null;
  for (const id of ids) {
    try {
      wallet = (await buyProxy(id, hours)).wallet;
    } catch (error) {
      throw new PurchaseError(id, error, bought);
    }
    bought.push(id);
  }
  return { bought, wallet };
}
