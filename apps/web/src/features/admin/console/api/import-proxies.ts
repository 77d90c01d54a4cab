import { importProxiesEndpoint, TIMEOUTS_MS, type ProxyImportResponseSchema, type ProxyType } from '@portal/contract';
import type { z } from 'zod';
import { callAdminEndpoint } from '../../api/admin-request';
import { defineConsoleChange } from './console-change';

/**
 * The bodies the import call accepts: CSV text with a header row, JSON rows,
 * or plain text with one upstream a line and the batch's defaults.
 */
export type ImportInput =
  | { kind: 'csv'; text: string }
  | { kind: 'json'; proxies: unknown[] }
  | { kind: 'text'; text: string; protocol?: 'socks5' | 'http'; type?: ProxyType };
export type ImportResult = z.infer<typeof ProxyImportResponseSchema>;

export function importProxies(input: ImportInput): Promise<ImportResult> {
  return callAdminEndpoint(importProxiesEndpoint, {
    ...(input.kind === 'text' ? { query: { protocol: input.protocol, type: input.type } } : {}),
    // 20,000 rows are validated and stored in one transaction; give it the long timeout.
    timeoutMs: TIMEOUTS_MS.proxyList,
    ...(input.kind === 'json'
      ? { body: { proxies: input.proxies } }
      : { text: { text: input.text, contentType: input.kind === 'csv' ? 'text/csv' : 'text/plain' } }),
  });
}

// New rows change the inventory, the overview's counts and the audit log.
export const useImportProxies = defineConsoleChange(importProxies);
