import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, buildTestApp, customerCall, registerCustomer, type TestApp } from '../../test/helper';
import { FAKE_BTCPAY_KEY, FAKE_STORE, FAKE_WEBHOOK_SECRET, startBtcpayFake } from '../../test/fakes/btcpay-fake';
import { findUnstorableText, isStorableText } from './text-input';

let t: TestApp;
let token: string;
let apiKey: string;
let fake: Awaited<ReturnType<typeof startBtcpayFake>>;
const NUL = 'a\u0000b';

beforeAll(async () => {
  fake = await startBtcpayFake();
  t = await buildTestApp({
    env: {
      REGISTER_RATE_LIMIT: '1000',
      ADMIN_LOGIN_RATE_LIMIT: '1000',
      GIFTCARD_RATE_LIMIT: '1000',
      PAYMENT_PROVIDER: 'btcpay',
      BTCPAY_URL: fake.url,
      BTCPAY_API_KEY: FAKE_BTCPAY_KEY,
      BTCPAY_STORE_ID: FAKE_STORE,
      BTCPAY_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    },
  });
  token = await adminToken(t);
  apiKey = await registerCustomer(t.app);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const TABLES = ['users', 'proxies', 'rentals', 'ledger_entries', 'payments', 'giftcards', 'news', 'audit_log'];

/** Row counts of every table a request could write to. */
async function counts(): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of TABLES) {
    const rows = await t.database.db.execute<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
    result[table] = (rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1;
  }
  return result;
}

function expectRefused(response: { statusCode: number; json: () => unknown }) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ success: false, code: 'BAD_REQUEST', error: expect.stringMatching(/NUL/) });
}

describe('text the database cannot store', () => {
  it('recognises NUL and unpaired surrogates, keys included, and passes paired ones', () => {
    expect(isStorableText('plain – ünïcode 🚀')).toBe(true);
    expect(isStorableText(NUL)).toBe(false);
    expect(isStorableText('\uD800x')).toBe(false);
    expect(isStorableText('x\uDC00')).toBe(false);
    expect(findUnstorableText({ proxies: [{ city: 'ok' }, { city: NUL }] })).toBe('proxies.1.city');
    expect(findUnstorableText({ [NUL]: 1 })).toBe(NUL);
    expect(findUnstorableText({ a: ['x', 1, null, { b: true }] })).toBeNull();
  });

  it('answers 400 and stores nothing for NUL in each field that reached the database before', async () => {
    const before = await counts();
    const admin = { authorization: `Bearer ${token}` };
    const calls = [
      t.app.inject({ method: 'POST', url: '/api/register', payload: { referralCode: NUL } }),
      customerCall(t, apiKey).post('/api/payments/giftcard', { giftcard: NUL }),
      t.app.inject({ method: 'POST', url: '/api/payments/status/%00', headers: { 'x-api-key': apiKey } }),
      t.app.inject({ method: 'GET', url: '/api/admin/customers?q=%00', headers: admin }),
      t.app.inject({
        method: 'POST',
        url: '/api/admin/customers/adjust',
        headers: admin,
        payload: { customer: NUL, amount: 1, reason: 'x' },
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/admin/customers/adjust',
        headers: admin,
        payload: { customer: 1, amount: 1, reason: NUL },
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/admin/news/add',
        headers: admin,
        payload: { title: NUL, content: 'c', date: '2026-11-23' },
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/admin/proxies',
        headers: admin,
        payload: {
          proxies: [{ ip: '192.0.2.1', port: 1, protocol: 'SOCKS5', type: 'mobile', country: 'DE', city: NUL }],
        },
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/admin/proxies',
        headers: { ...admin, 'content-type': 'text/csv' },
        payload: `ip,port,protocol,type,country,region,city,isp,zip,fraud_score,upstream\n192.0.2.1,1,SOCKS5,mobile,DE,x,${NUL},x,1,0,direct`,
      }),
    ];
    for (const response of await Promise.all(calls)) expectRefused(response);
    expect(await counts()).toEqual(before);
  });

  it('answers 400, not 500, for a body nested deeper than any request has reason to be', async () => {
    const before = await counts();
    const deep = `{"key":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    for (const url of ['/api/login', '/api/register']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: deep,
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        code: 'BAD_REQUEST',
        error: expect.stringMatching(/nested/),
      });
    }
    expect(await counts()).toEqual(before);
  });

  it('answers 400 for the sandbox checkout path with NUL, which needs no login', async () => {
    const sandbox = await buildTestApp({ database: t.database });
    try {
      expectRefused(
        await sandbox.app.inject({ method: 'POST', url: '/api/payments/sandbox/%00', payload: { outcome: 'paid' } }),
      );
    } finally {
      await sandbox.close();
    }
  });

  it('answers 400 for a correctly signed BTCPay webhook whose invoiceId holds NUL', async () => {
    const before = await counts();
    const delivery = fake.webhook(NUL, 'InvoiceSettled');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook/btcpay',
      headers: delivery.headers,
      payload: delivery.body,
    });
    expectRefused(response);
    expect(await counts()).toEqual(before);
  });
});

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
};
type Operation = {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

/** One body per string leaf of a JSON schema, each with NUL in that leaf only. */
function bodiesWithNul(schema: JsonSchema | undefined, depth = 0): unknown[] {
  if (!schema || depth > 4) return [];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const bodies: unknown[] = [];
  if (types.includes('string')) bodies.push(NUL);
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    for (const body of bodiesWithNul(property, depth + 1)) bodies.push({ [name]: body });
  }
  for (const body of bodiesWithNul(schema.items, depth + 1)) bodies.push([body]);
  for (const option of schema.anyOf ?? []) bodies.push(...bodiesWithNul(option, depth + 1));
  return bodies;
}

describe('every route, from its own schema', () => {
  it('refuses NUL in each text field, path parameter and query parameter with 400, before any login', async () => {
    const document = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    let checked = 0;
    for (const [route, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const params = (operation.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
        const fill = (name: string | null) =>
          route.replace(/\{(\w+)\}/g, (_, key: string) => (key === name ? '%00' : '1'));
        const requests: { url: string; payload?: unknown }[] = [];
        for (const param of params) {
          requests.push(param.in === 'path' ? { url: fill(param.name) } : { url: `${fill(null)}?${param.name}=%00` });
        }
        const json = operation.requestBody?.content?.['application/json']?.schema;
        for (const payload of bodiesWithNul(json)) requests.push({ url: fill(null), payload });
        for (const request of requests) {
          const response = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url: request.url,
            ...(request.payload === undefined ? {} : { payload: request.payload as object }),
            // A body that is text as a whole (the CSV import) goes as text, not as a JSON string.
            ...(typeof request.payload === 'string' ? { headers: { 'content-type': 'text/csv' } } : {}),
          });
          if (response.statusCode !== 400) {
            throw new Error(
              `${method.toUpperCase()} ${request.url} ${JSON.stringify(request.payload)} gave ${response.statusCode}`,
            );
          }
          checked += 1;
        }
      }
    }
    // Every route with text input is covered, and a new one is picked up by the loop itself.
    expect(checked).toBeGreaterThanOrEqual(26);
  });
});
