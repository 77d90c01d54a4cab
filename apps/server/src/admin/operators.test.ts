import { ADMIN_ROLES, endpointPath, type AdminRole, type Endpoint } from '@portal/contract';
import { ENDPOINTS } from '@portal/contract/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema';
import { captureLog, leakScanLogger } from '../../test/log-capture';
import { adminToken, buildTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../test/helper';
import { createdOperator, operatorLogin, operatorToken, postOperator } from '../../test/operator-kit';

/**
 * The permissions of each role as the team agreed them, written out here rather than read from
 * the registry: the test fails when an endpoint's `roles` drift from it, and when an admin call
 * is added without a row here.
 */
const EXPECTED: Record<string, readonly AdminRole[]> = {
  adminLogout: ['owner', 'manager', 'finance', 'support'],
  getAdminMe: ['owner', 'manager', 'finance', 'support'],
  enrollTotp: ['owner', 'manager', 'finance', 'support'],
  confirmTotp: ['owner', 'manager', 'finance', 'support'],
  importProxies: ['owner', 'manager'],
  listInventory: ['owner', 'manager'],
  enableProxy: ['owner', 'manager'],
  disableProxy: ['owner', 'manager'],
  checkProxies: ['owner', 'manager'],
  getDiscoveryStatus: ['owner', 'manager'],
  addNews: ['owner', 'manager'],
  deleteNews: ['owner', 'manager'],
  listGiftcards: ['owner', 'manager', 'finance'],
  createGiftcards: ['owner', 'finance'],
  revealGiftcard: ['owner', 'finance'],
  adjustBalance: ['owner', 'finance'],
  getOverview: ['owner', 'manager', 'finance'],
  searchCustomers: ['owner', 'manager', 'finance', 'support'],
  getCustomer: ['owner', 'manager', 'finance', 'support'],
  listAudit: ['owner'],
  listOperators: ['owner'],
  createOperator: ['owner'],
  deleteOperator: ['owner'],
  setTotpPolicy: ['owner'],
  unlockOperator: ['owner'],
  listAdminSessions: ['owner', 'manager', 'finance', 'support'],
  endAdminSession: ['owner', 'manager', 'finance', 'support'],
  listReplacements: ['owner', 'manager', 'support'],
  setProxyMaxConnections: ['owner', 'manager'],
  setProxyMaxSourceIps: ['owner', 'manager'],
  getBackupStatus: ['owner', 'manager'],
  adminListNotices: ['owner', 'manager', 'support'],
  adminBroadcast: ['owner', 'manager'],
  getOperatorTelegram: ['owner', 'manager', 'finance', 'support'],
  linkOperatorTelegram: ['owner', 'manager', 'finance', 'support'],
  unlinkOperatorTelegram: ['owner', 'manager', 'finance', 'support'],
  listNodes: ['owner', 'manager'],
  createNode: ['owner'],
  revokeNode: ['owner'],
  setProxyNode: ['owner', 'manager'],
};

const ADMIN_ENDPOINTS = ENDPOINTS.filter((e) => e.access === 'admin')
  // Logout ends the token the rest of the calls use: it goes last.
  .sort((a, b) => Number(a.operationId === 'adminLogout') - Number(b.operationId === 'adminLogout'));

/** A request to the endpoint with made-up parameters and an empty body: enough to pass or fail the guard. */
function callOf(endpoint: Endpoint, token: string) {
  const params = Object.fromEntries([...endpoint.path.matchAll(/:(\w+)/g)].map((m) => [m[1], 999_999]));
  return {
    method: endpoint.method,
    url: endpointPath(endpoint, params),
    headers: { authorization: `Bearer ${token}` },
    ...(endpoint.method === 'POST' ? { payload: {} } : {}),
  };
}

/** Each test logs in many times from one address; the limit itself is tested with the login. */
const MANY_LOGINS = { ADMIN_LOGIN_RATE_LIMIT: '1000' };

let database: TestDatabase;
let t: TestApp;
const captured = captureLog();

beforeAll(async () => {
  database = await createTestDatabase();
  t = await buildTestApp({
    database,
    env: MANY_LOGINS,
    // Whole requests, bodies included (the hook below), so that no serializer can hide a leak from the scan.
    deps: { logger: leakScanLogger(captured.stream) },
    beforeReady: (app) => {
      app.addHook('preHandler', async (request) => {
        request.log.trace({ body: request.body }, 'request body');
      });
    },
  });
});

afterAll(async () => {
  await t.close();
  await database.close();
});

describe('roles against every admin call of the registry', () => {
  it('has a permission row for every admin endpoint, and the registry agrees with it', () => {
    expect(ADMIN_ENDPOINTS.map((e) => e.operationId).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const role of ADMIN_ROLES) {
    it(`${role}: allowed calls pass the guard, the others are 403 ADMIN_ROLE_FORBIDDEN and audited`, async () => {
      const operator = await createdOperator(t, role);
      const token = await operatorToken(t, operator.secretCode);
      const refused: string[] = [];
      for (const endpoint of ADMIN_ENDPOINTS) {
        const response = await t.app.inject(callOf(endpoint, token));
        const allowed = EXPECTED[endpoint.operationId]?.includes(role);
        if (allowed) {
          expect(response.statusCode, `${role} ${endpoint.operationId}: ${response.body}`).not.toBe(403);
          expect(response.statusCode, `${role} ${endpoint.operationId}`).not.toBe(401);
        } else {
          expect(response.statusCode, `${role} ${endpoint.operationId}`).toBe(403);
          expect(response.json()).toMatchObject({ success: false, code: 'ADMIN_ROLE_FORBIDDEN' });
          refused.push(endpoint.operationId);
        }
      }
      const rows = await database.db.select().from(auditLog);
      const forbidden = rows.filter((row) => row.action === 'admin.forbidden' && row.operatorId === operator.id);
      expect(forbidden.map((row) => (row.details as { operation: string }).operation).sort()).toEqual(refused.sort());
      for (const row of forbidden) expect(row).toMatchObject({ operatorName: operator.name, source: '127.0.0.1' });
      if (role === 'owner') expect(refused).toEqual([]);
      else expect(refused.length).toBeGreaterThan(0);
    });
  }
});

describe('operators', () => {
  it('lists operators without a secret, and their secret works once created', async () => {
    const owner = await adminToken(t);
    const made = await createdOperator(t, 'finance', 'Fiona', owner);
    expect(made.secretCode).toMatch(/^op-[0-9a-f]{12}-/);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/operators',
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(list.statusCode).toBe(200);
    const body = list.json<{ operators: { name: string; role: string; builtin: boolean }[]; totpRequired: boolean }>();
    expect(body.operators).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'owner', role: 'owner', builtin: true }),
        expect.objectContaining({ name: 'Fiona', role: 'finance', builtin: false }),
      ]),
    );
    expect(list.body).not.toContain(made.secretCode);
    // The random part alone (base64url: it may itself start with or hold a '-').
    expect(list.body).not.toContain(made.secretCode.slice('op-'.length + 12 + 1));
    expect(list.body).not.toMatch(/scrypt|secretHash|lookup/);
    const stored = await database.db.query.auditLog.findMany();
    expect(JSON.stringify(stored)).not.toContain(made.secretCode);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { authorization: `Bearer ${await operatorToken(t, made.secretCode)}` },
    });
    expect(me.json()).toMatchObject({ operator: { name: 'Fiona', role: 'finance' }, totpRequired: false });
  });

  it('refuses a second operator of the same name (any case), a bad role and a wrong secret', async () => {
    const owner = await adminToken(t);
    await createdOperator(t, 'support', 'Sam', owner);
    const again = await postOperator(t, { name: 'sam', role: 'manager' }, owner);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'OPERATOR_NAME_TAKEN' });
    const badRole = await postOperator(t, { name: 'Root', role: 'root' }, owner);
    expect(badRole.statusCode).toBe(400);
    const forged = await operatorLogin(t, `op-000000000000-${'A'.repeat(43)}`);
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'INVALID_SECRET_CODE' });
  });

  it('ends a removed operator’s tokens at once, in another process too, and keeps their name in the audit', async () => {
    const other = await buildTestApp({ database, env: MANY_LOGINS });
    try {
      const owner = await adminToken(t);
      const made = await createdOperator(t, 'manager', 'Leaving', owner);
      const theirs = await operatorToken(other, made.secretCode);
      const call = {
        method: 'GET' as const,
        url: '/api/admin/proxies',
        headers: { authorization: `Bearer ${theirs}` },
      };
      expect((await other.app.inject(call)).statusCode).toBe(200);

      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/operators/${made.id}`,
        headers: { authorization: `Bearer ${owner}` },
      });
      expect(removed.json()).toEqual({ success: true, id: made.id });
      const after = await other.app.inject(call);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toMatchObject({ code: 'ADMIN_TOKEN_INVALID' });
      expect((await operatorLogin(other, made.secretCode)).statusCode).toBe(401);

      const audit = await t.app.inject({
        method: 'GET',
        url: `/api/admin/audit?operatorId=${made.id}`,
        headers: { authorization: `Bearer ${owner}` },
      });
      const entries = audit.json<{ entries: { action: string; operatorName: string }[] }>().entries;
      expect(entries.map((e) => e.action)).toEqual(['admin.login']);
      expect(entries[0]?.operatorName).toBe('Leaving');
      const gone = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/operators/${made.id}`,
        headers: { authorization: `Bearer ${owner}` },
      });
      expect(gone.json()).toMatchObject({ code: 'OPERATOR_NOT_FOUND' });
    } finally {
      await other.close();
    }
  });

  it('never removes the built-in owner', async () => {
    const owner = await adminToken(t);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/operators',
      headers: { authorization: `Bearer ${owner}` },
    });
    const builtin = list.json<{ operators: { id: number; builtin: boolean }[] }>().operators.find((o) => o.builtin);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/operators/${builtin?.id}`,
      headers: { authorization: `Bearer ${owner}` },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'OPERATOR_BUILTIN' });
  });
});

describe('the log', () => {
  it('never holds an operator secret, the owner secret or a token, though bodies are logged', async () => {
    const owner = await adminToken(t);
    const made = await createdOperator(t, 'support', 'Logged', owner);
    const token = await operatorToken(t, made.secretCode);
    const log = captured.lines.join('');
    expect(log).toContain('/api/admin/operators');
    expect(log).toContain('request body');
    expect(log).not.toContain(made.secretCode);
    // The random part alone (base64url: it may itself start with or hold a '-').
    expect(log).not.toContain(made.secretCode.slice('op-'.length + 12 + 1));
    expect(log).not.toContain(t.config.adminSecret ?? 'no secret');
    expect(log).not.toContain(token);
    expect(log).not.toContain(owner);
  });
});

describe('the built-in owner', () => {
  it('uses up no operator id when the owner logs in: the next operator added is the next number', async () => {
    const owner = await adminToken(t);
    const first = await createdOperator(t, 'support', undefined, owner);
    for (let login = 0; login < 3; login += 1) await adminToken(t);
    const second = await createdOperator(t, 'support', undefined, owner);
    expect(second.id).toBe(first.id + 1);
  });
});
