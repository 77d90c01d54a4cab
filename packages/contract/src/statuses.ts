/** Rental status values, as clients read them, with the meanings. */
export const RENTAL_STATUS = {
  waitingUp: 'waiting_up',
  processing: 'processing',
  inProcess: 'in_process',
  connected: 'connected',
  ready: 'ready',
  expired: 'expired',
  refunded: 'refunded',
} as const;

export type RentalStatus = (typeof RENTAL_STATUS)[keyof typeof RENTAL_STATUS];
export const RENTAL_STATUSES = [
  'waiting_up',
  'processing',
  'in_process',
  'connected',
  'ready',
  'expired',
  'refunded',
] as const satisfies readonly RentalStatus[];

/** Extend is offered when connected or ready; refund only when connected. */
export function canExtend(status: RentalStatus): boolean {
  return status === RENTAL_STATUS.connected || status === RENTAL_STATUS.ready;
}

/**
 * Statuses in which a rental holds its proxy: the proxy is out of the catalogue meanwhile, and
 * the rental's controls (auto-renew, a selection, IP authorization) act on it.
 */
export const HOLDING_STATUSES = [
  'waiting_up',
  'processing',
  'in_process',
  'connected',
  'ready',
] as const satisfies readonly RentalStatus[];

export function holdsProxy(status: RentalStatus): boolean {
  return (HOLDING_STATUSES as readonly RentalStatus[]).includes(status);
}

export function canRequestRefund(status: RentalStatus): boolean {
  return status === RENTAL_STATUS.connected;
}

/** History order: waiting_up first, then connected, then ready, then the rest. */
export function historyRank(status: RentalStatus): number {
  switch (status) {
    case RENTAL_STATUS.waitingUp:
      return 0;
    case RENTAL_STATUS.connected:
      return 1;
    case RENTAL_STATUS.ready:
      return 2;
    default:
      return 3;
  }
}

export const PAYMENT_STATUS = {
  pending: 'pending',
  paid: 'paid',
  fail: 'fail',
} as const;
export type FinalPaymentStatus = typeof PAYMENT_STATUS.paid | typeof PAYMENT_STATUS.fail;

export const PROXY_TYPES = ['mobile', 'residential', 'datacenter'] as const;
export type ProxyType = (typeof PROXY_TYPES)[number];

export const PROXY_PROTOCOLS = ['SOCKS5', 'SOCKS4', 'HTTP', 'HTTPS'] as const;
export type ProxyProtocol = (typeof PROXY_PROTOCOLS)[number];
