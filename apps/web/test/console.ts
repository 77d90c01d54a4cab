import { STORAGE_KEYS, type AdminMe, type AdminOverview, type InventoryRow } from '@portal/contract';
import { beforeAll } from 'vitest';
import { initI18n } from '../src/lib/i18n';
import { jsonResponse, mockFetch } from './render-app';

/**
 * English, and a longer wait for screens: each test file's first render also loads the lazy
 * screen chunk and the console namespace, which takes more than a second on a busy machine.
 */
export function setupConsoleTests(): void {
  beforeAll(async () => {
    await initI18n('en');
  });
}

type Answer = Response | Promise<Response>;
type Route = (init: RequestInit) => Answer;

/**
 * A signed-in operator against a faked API: the token is stored, /api/admin/verify accepts it,
 * and `routes` answers by "METHOD /path" (query strings are ignored for matching, passed as url).
 * Anything else answers 404 like a route the server does not have.
 */
export function consoleApi(routes: Record<string, Route>) {
  localStorage.setItem(STORAGE_KEYS.adminToken, 'test-token');
  return mockFetch((path, init) => {
    const method = init.method ?? 'GET';
    if (path === '/api/admin/verify') return jsonResponse(200, { success: true });
    const route = routes[`${method} ${path}`] ?? (path === '/api/admin/me' ? () => meAnswer() : undefined);
    if (route) return route(init);
    return jsonResponse(404, { success: false, error: 'Not found', code: 'NOT_FOUND' });
  });
}

/** A member of the team as the console's calls show one: the built-in owner unless a test says otherwise. */
export function teamMember(operator: Partial<AdminMe['operator']> = {}): AdminMe['operator'] {
  return {
    id: 1,
    name: 'owner',
    role: 'owner',
    builtin: true,
    totpEnabled: false,
    locked: false,
    createdAt: '2026-03-01T00:00:00.000Z',
    lastLoginAt: null,
    ...operator,
  };
}

/** The signed-in operator the console asks for: the owner unless a test says otherwise. */
export function meAnswer(operator: Partial<AdminMe['operator']> = {}, totpRequired = false): Response {
  return jsonResponse(200, {
    success: true,
    operator: teamMember(operator),
    totpRequired,
  });
}

/** URLs of the POSTs a screen made (the gate's token check left out). */
export function postedUrls(fetchMock: ReturnType<typeof mockFetch>): string[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => init?.method === 'POST' && String(input) !== '/api/admin/verify')
    .map(([input]) => String(input));
}

export function inventoryRow(id: number, overrides: Partial<InventoryRow> = {}): InventoryRow {
  return {
    id,
    ip: `192.0.2.${id}`,
    port: 1080,
    protocol: 'SOCKS5',
    type: 'residential',
    country: 'US',
    region: 'California',
    city: 'Los Angeles',
    isp: 'Comcast',
    zip: '90001',
    fraudScore: 10,
    enabled: true,
    state: 'free',
    upstreamKind: 'direct',
    lastCheckedAt: null,
    lastUnavailableAt: null,
    exitIp: null,
    latencyMs: null,
    udp: null,
    failureReason: null,
    sources: {},
    maxConnections: null,
    maxSourceIps: null,
    sourceIps: null,
    nodeId: null,
    ...overrides,
  };
}

/** 30 days of zeros ending 2026-03-30, with the given days filled in. */
export function overview(overrides: Partial<AdminOverview> = {}): AdminOverview {
  const revenue = Array.from({ length: 30 }, (_, index) => ({
    date: `2026-03-${String(index + 1).padStart(2, '0')}`,
    deposits: 0,
    giftcards: 0,
    purchases: 0,
    refunds: 0,
  }));
  return {
    success: true,
    customers: 1234,
    totalBalance: 5678.9,
    revenue,
    rentalsByStatus: {
      waiting_up: 1,
      processing: 0,
      in_process: 0,
      connected: 7,
      ready: 2,
      expired: 40,
      refunded: 3,
    },
    inventory: { free: 150, rented: 9, disabled: 4, checking: 0, failed: 0, unhealthy: 0 },
    pendingPayments: { count: 2, amount: 30 },
    ...overrides,
  };
}
