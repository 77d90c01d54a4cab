import type { AdminRole } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema';
import { adminToken, buildTestApp, type TestApp } from '../../test/helper';
import { createdOperator, operatorToken } from '../../test/operator-kit';

let t: TestApp;
const tokens = {} as Record<AdminRole, string>;

beforeAll(async () => {
  t = await buildTestApp({ env: { ADMIN_LOGIN_RATE_LIMIT: '1000' } });
  tokens.owner = await adminToken(t);
  for (const role of ['manager', 'finance', 'support'] as const) {
    tokens[role] = await operatorToken(t, (await createdOperator(t, role, undefined, tokens.owner)).secretCode);
  }
});

afterAll(async () => {
  await t.close();
});

const call = (role: AdminRole, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[role]}` }, ...(payload ? { payload } : {}) });

const FULL = /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/;

describe('gift card codes: in full once, masked in every list, revealed only to money roles', () => {
  it('answers the codes in full to the creator alone; every list shows them masked, for every role', async () => {
    const byOwner = await call('owner', 'POST', '/api/admin/giftcards', { amount: 50, count: 2 });
    const byFinance = await call('finance', 'POST', '/api/admin/giftcards', { amount: 5, count: 1 });
    expect(byOwner.statusCode).toBe(200);
    expect(byFinance.statusCode).toBe(200);
    const codes = [...byOwner.json<{ codes: string[] }>().codes, ...byFinance.json<{ codes: string[] }>().codes];
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(FULL);
    // A manager and support may not make codes at all.
    expect((await call('manager', 'POST', '/api/admin/giftcards', { amount: 50, count: 1 })).statusCode).toBe(403);
    expect((await call('support', 'POST', '/api/admin/giftcards', { amount: 50, count: 1 })).statusCode).toBe(403);

    for (const role of ['owner', 'manager', 'finance'] as const) {
      const list = await call(role, 'GET', '/api/admin/giftcards');
      expect(list.statusCode).toBe(200);
      const shown = list.json<{ giftcards: { code: string }[] }>().giftcards.map((card) => card.code);
      expect(shown.sort()).toEqual(codes.map((code) => `****-****-****-${code.slice(-4)}`).sort());
      // Not one full code, in any part of the answer.
      for (const code of codes) {
        expect(list.body).not.toContain(code);
        expect(list.body).not.toContain(code.replaceAll('-', ''));
      }
    }
    expect((await call('support', 'GET', '/api/admin/giftcards')).statusCode).toBe(403);
    const rows = await t.database.db.select().from(auditLog);
    for (const code of codes) expect(JSON.stringify(rows)).not.toContain(code.slice(0, 9));
  });

  it('reveals a code again to the owner and finance, each time audited; refuses a manager and support', async () => {
    const created = await call('finance', 'POST', '/api/admin/giftcards', { amount: 20, count: 1 });
    const [code] = created.json<{ codes: string[] }>().codes;
    const list = await call('finance', 'GET', '/api/admin/giftcards');
    const card = list
      .json<{ giftcards: { id: number; code: string }[] }>()
      .giftcards.find((c) => c.code.endsWith(code!.slice(-4)));
    expect(card).toBeDefined();
    const url = `/api/admin/giftcards/${card!.id}/reveal`;

    for (const role of ['owner', 'finance'] as const) {
      const reveal = await call(role, 'POST', url);
      expect(reveal.statusCode).toBe(200);
      expect(reveal.json()).toEqual({ success: true, id: card!.id, code });
    }
    for (const role of ['manager', 'support'] as const) {
      const refused = await call(role, 'POST', url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'ADMIN_ROLE_FORBIDDEN' });
      expect(refused.body).not.toContain(code);
    }
    const rows = await t.database.db.select().from(auditLog);
    const reveals = rows.filter((row) => row.action === 'giftcards.reveal');
    expect(reveals.map((row) => [row.operatorName, row.details])).toEqual([
      ['owner', { id: card!.id }],
      [expect.stringMatching(/^finance-/), { id: card!.id }],
    ]);
    const refusals = rows.filter(
      (row) =>
        row.action === 'admin.forbidden' && (row.details as { operation?: string }).operation === 'revealGiftcard',
    );
    expect(refusals.map((row) => row.operatorName?.split('-')[0]).sort()).toEqual(['manager', 'support']);
    expect(JSON.stringify(rows)).not.toContain(code!.slice(0, 9));

    const missing = await call('owner', 'POST', '/api/admin/giftcards/999999/reveal');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'GIFTCARD_NOT_FOUND' });
  });
});
