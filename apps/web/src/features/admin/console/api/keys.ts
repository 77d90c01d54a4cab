import { adminKeys } from '../../api/keys';
import type { AuditFilters } from './audit-query';

/**
 * Query keys of the operator console, under `adminKeys.all` so that logging out (which removes
 * every `['admin']` query) also forgets everything the console loaded.
 */
export const consoleKeys = {
  all: [...adminKeys.all, 'console'] as const,
  overview: () => [...consoleKeys.all, 'overview'] as const,
  inventory: () => [...consoleKeys.all, 'inventory'] as const,
  customers: () => [...consoleKeys.all, 'customers'] as const,
  customerSearch: (q: string) => [...consoleKeys.customers(), 'search', q] as const,
  customer: (id: number) => [...consoleKeys.customers(), 'detail', id] as const,
  giftcards: () => [...consoleKeys.all, 'giftcards'] as const,
  backups: () => [...consoleKeys.all, 'backups'] as const,
  replacements: () => [...consoleKeys.all, 'replacements'] as const,
  notices: (status: string) => [...consoleKeys.all, 'notices', status] as const,
  audit: (filters: AuditFilters) => [...consoleKeys.all, 'audit', filters] as const,
  sessions: () => [...consoleKeys.all, 'sessions'] as const,
  operators: () => [...consoleKeys.all, 'operators'] as const,
  nodes: () => [...consoleKeys.all, 'nodes'] as const,
};
