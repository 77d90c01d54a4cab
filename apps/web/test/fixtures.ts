import type { CatalogueProxy, HistoryRecord, Transaction } from '@portal/contract';

/** A catalogue row; ids default to their position so tests can refer to them. */
export function catalogueProxy(id: number, overrides: Partial<CatalogueProxy> = {}): CatalogueProxy {
  return {
    id,
    ip: `10.0.${Math.floor(id / 256)}.${id % 256}`,
    country: 'US',
    region: 'California',
    city: 'Los Angeles',
    ISP: 'Comcast',
    zip: '90001',
    ipqualityscore: 0,
    udp: null,
    type: 'residential',
    protocol: 'SOCKS5',
    ...overrides,
  };
}

export function historyRecord(id: number, overrides: Partial<HistoryRecord> = {}): HistoryRecord {
  return {
    ...catalogueProxy(id),
    proxy_ip: 'gw.example',
    proxy_port: 1080,
    proxy_usr: `u${id}`,
    proxy_pwd: 'secret',
    proxy: `gw.example:1080:u${id}:secret`,
    // An hour ago: within the refund window unless a test says otherwise.
    purchased_at: new Date(Date.now() - 3_600_000).toISOString(),
    socks_port: 1080,
    http_port: 8081,
    https_port: null,
    note: '',
    auto_renew: false,
    renew_hours: 24,
    renew_failure: null,
    renew_failure_code: null,
    ip_auth: null,
    status: 'connected',
    end_time: new Date(Date.now() + 24 * 3_600_000).toISOString(),
    bytes_up: 0,
    bytes_down: 0,
    exit_ip: null,
    replaced_from: null,
    proxy_state: 'working',
    can_replace: false,
    refund_until: null,
    refund_requested: false,
    ...overrides,
  };
}

export function transaction(id: number, overrides: Partial<Transaction> = {}): Transaction {
  return {
    ...historyRecord(id),
    order_id: `ord_${id}`,
    hours: 24,
    amount: 0.75,
    date: new Date().toISOString(),
    method: 'purchase',
    ...overrides,
  };
}
