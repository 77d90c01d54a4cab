import {
  RENTAL_STATUS,
  proxyLine,
  centsToDollars,
  refundUntil,
  historyRank,
  type HistoryRecord,
  type IpAuth,
  type ProxyState,
  type RentalStatus,
  type Transaction,
} from '@portal/contract';
import type { Queryable } from '../db/client';
import { addressFor } from '../nodes/node-address';
import { ordersOfUser, rentalsOfUser, type HistoryRow, type ReplacedFromRow } from './rentals-repository';

export interface GatewayAddress {
  host: string;
  socksPort: number;
  httpPort: number;
  /** The HTTPS proxy port, when the gateway serves one (GATEWAY_TLS_PORT). */
  tls?: { port: number } | null;
}

/** The gateway port of the proxy's own protocol: what `proxy` and `proxy_port` name. */
export function gatewayPortFor(protocol: string, gateway: GatewayAddress): number {
  return protocol.toUpperCase() === 'HTTP' ? gateway.httpPort : gateway.socksPort;
}

/**
 * Disabled first: the gateway refuses a disabled proxy's rentals whatever its health. Failing as
 * the replacement rule sees it (a failed check, or taken out by discovery).
 */
export function proxyStateOf(proxy: Pick<HistoryRow['proxy'], 'enabled' | 'failingSince' | 'discovery'>): ProxyState {
  if (!proxy.enabled) return 'disabled';
  return proxy.failingSince !== null || proxy.discovery === 'unhealthy' ? 'failing' : 'working';
}

/** A rental as the history shows it: credentials point at the gateway serving its proxy (ours or a node). */
export function toHistoryRecord(
  rental: HistoryRow['rental'],
  proxy: HistoryRow['proxy'],
  gateway: GatewayAddress,
  renewHours = rental.hours,
  ipAuth: IpAuth | null = null,
  replacedFrom: ReplacedFromRow | null = null,
): HistoryRecord {
  const port = gatewayPortFor(proxy.protocol, gateway);
  const connected = rental.status === RENTAL_STATUS.connected;
  const proxyState = proxyStateOf(proxy);
  const refundRequested = rental.refundRequestedAt !== null;
  const refundEnd = refundUntil({
    connected,
    purchasedAt: rental.createdAt,
    unavailableAt: rental.unavailableAt,
    refundRequested,
  });
  return {
    id: proxy.id,
    proxy_ip: gateway.host,
    proxy_port: port,
    proxy_usr: rental.username,
    proxy_pwd: rental.password,
    proxy: proxyLine(gateway.host, port, rental.username, rental.password),
    protocol: proxy.protocol,
    socks_port: gateway.socksPort,
    http_port: gateway.httpPort,
    https_port: gateway.tls?.port ?? null,
    note: rental.note,
    auto_renew: rental.autoRenew,
    renew_hours: renewHours,
    renew_failure: rental.renewFailure,
    renew_failure_code: rental.renewFailureCode,
    ip_auth: ipAuth,
    ip: proxy.ip,
    country: proxy.country,
    region: proxy.region,
    city: proxy.city,
    ISP: proxy.isp,
    zip: proxy.zip,
    ipqualityscore: proxy.fraudScore,
    status: rental.status as RentalStatus,
    end_time: rental.endTime.toISOString(),
    purchased_at: rental.createdAt.toISOString(),
    bytes_up: rental.bytesUp,
    bytes_down: rental.bytesDown,
    exit_ip: proxy.exitIp,
    replaced_from: replacedFrom
      ? {
          proxy_id: Number(replacedFrom.proxy_id),
          ip: replacedFrom.ip,
          country: replacedFrom.country,
          reason: replacedFrom.reason,
          automatic: replacedFrom.automatic,
          at: new Date(replacedFrom.at).toISOString(),
        }
      : null,
    proxy_state: proxyState,
    can_replace: connected && proxyState !== 'working',
    refund_until: refundEnd?.toISOString() ?? null,
    refund_requested: refundRequested,
  };
}

/** waiting_up first, then connected, then ready, then the rest; newest first within each. */
export async function historyOf(db: Queryable, userId: number, gateway: GatewayAddress): Promise<HistoryRecord[]> {
  const rows = await rentalsOfUser(db, userId);
  return rows
    .map(({ rental, proxy, renewHours, ipAuth, replacedFrom, node }) =>
      toHistoryRecord(rental, proxy, addressFor(node, gateway), renewHours, ipAuth, replacedFrom),
    )
    .map((record, index) => ({ record, index }))
    .sort((a, b) => historyRank(a.record.status) - historyRank(b.record.status) || a.index - b.index)
    .map(({ record }) => record);
}

/** One row per purchase and per extension, newest first. */
export async function transactionsOf(db: Queryable, userId: number, gateway: GatewayAddress): Promise<Transaction[]> {
  const rows = await ordersOfUser(db, userId);
  return rows.map(({ order, rental, proxy, ipAuth, replacedFrom, node, renewHours }) => ({
    ...toHistoryRecord(rental, proxy, addressFor(node, gateway), renewHours, ipAuth, replacedFrom),
    order_id: String(order.id),
    hours: order.hours,
    amount: centsToDollars(order.amountCents),
    date: order.createdAt.toISOString(),
    method: order.kind,
  }));
}
