import type { HistoryRecord } from '@portal/contract';

/** Formats customers paste into their tools (issue 7, history export). */
export const EXPORT_FORMATS = ['ip:port:user:pass', 'user:pass@ip:port', 'socks5://user:pass@ip:port'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

type Credentials = Pick<HistoryRecord, 'proxy_ip' | 'proxy_port' | 'proxy_usr' | 'proxy_pwd'>;

export function formatProxy(record: Credentials, format: ExportFormat): string {
  const { proxy_ip: ip, proxy_port: port, proxy_usr: user, proxy_pwd: pass } = record;
  switch (format) {
    case 'ip:port:user:pass':
      return `${ip}:${port}:${user}:${pass}`;
    case 'user:pass@ip:port':
      return `${user}:${pass}@${ip}:${port}`;
    case 'socks5://user:pass@ip:port':
      return `socks5://${user}:${pass}@${ip}:${port}`;
  }
}

export function exportText(records: readonly Credentials[], format: ExportFormat): string {
  return records.map((record) => formatProxy(record, format)).join('\n') + (records.length > 0 ? '\n' : '');
}
