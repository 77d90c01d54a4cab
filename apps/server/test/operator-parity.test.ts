import fs from 'node:fs';
import path from 'node:path';
import { MAX_ADJUSTMENT_DOLLARS, MAX_GIFTCARD_DOLLARS, MAX_GIFTCARDS_PER_REQUEST } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, adminToken, buildTestApp, runCli, tempDir, type TestApp } from './helper';

/**
 * Every operator action has two doors, the admin API and `npm run cli`; both parse with the
 * call's request schema and run the same operation function, so the same bad input must get the
 * same refusal at both: the same sentence, the same code, the same rows named. Each case sends
 * one input through both and compares what each says.
 */
const data = tempDir('portal-parity-');
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = await adminToken(t);
});
afterAll(async () => {
  await t.close();
  data.remove();
});

interface Said {
  /** `<sentence> (<CODE>)`, as the command line prints a refusal. */
  refusal: string;
  /** The rows an import names, `row N, field: message`. */
  problems: string[];
}

async function overHttp(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
  contentType = 'application/json',
): Promise<Said> {
  const response = await t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...(payload === undefined ? {} : { 'content-type': contentType }) },
    ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  const body = response.json<{
    error: string;
    code: string;
    problems?: { row: number; field: string; message: string }[];
  }>();
  return {
    refusal: `${body.error} (${body.code})`,
    problems: (body.problems ?? []).map((p) => `row ${p.row}, ${p.field}: ${p.message}`),
  };
}

function onCommandLine(...args: string[]): Said {
  const { code, out, err } = runCli(data.dir, ...args);
  expect(code, `${out}\n${err}`).toBe(1);
  const [refusal = '', ...rest] = err.trim().split('\n');
  return { refusal, problems: rest.map((line) => line.trim()) };
}

async function sameAnswer(http: Promise<Said>, cli: Said, expected: RegExp): Promise<void> {
  const answer = await http;
  expect(answer.refusal).toMatch(expected);
  expect(cli).toEqual(answer);
}

function writeFile(name: string, text: string): string {
  fs.writeFileSync(path.join(data.dir, name), text);
  return name;
}

describe('the admin API and the command line refuse the same input alike', () => {
  it('import: a bad batch protocol, an empty list, a row with a bad port', async () => {
    writeFile('one.txt', '127.0.0.1:9\n');
    await sameAnswer(
      overHttp('POST', '/api/admin/proxies?protocol=ftp', '127.0.0.1:9\n', 'text/plain'),
      onCommandLine('proxies', 'import', 'one.txt', '--protocol', 'ftp'),
      /^Invalid protocol: protocol must be socks5 or http \(BAD_REQUEST\)$/,
    );
    writeFile('empty.json', '{"proxies": []}');
    await sameAnswer(
      overHttp('POST', '/api/admin/proxies', { proxies: [] }),
      onCommandLine('proxies', 'import', 'empty.json'),
      /^Invalid proxies: proxies must list at least one proxy \(BAD_REQUEST\)$/,
    );
    const rows = [{ upstream: 'direct', ip: '192.0.2.6', port: 0 }];
    writeFile('bad-port.json', JSON.stringify(rows));
    const http = overHttp('POST', '/api/admin/proxies', { proxies: rows });
    await sameAnswer(http, onCommandLine('proxies', 'import', 'bad-port.json'), /\(IMPORT_INVALID\)$/);
    expect((await http).problems).toEqual(['row 1, port: port must be a whole number from 1 to 65535']);
  }, 60_000);

  it('adjust balance: past the cap, a fraction of a cent, not a number, an unknown customer', async () => {
    const adjust = (customer: string | number, amount: number | string) =>
      sameAnswer(
        overHttp('POST', '/api/admin/customers/adjust', { customer, amount, reason: 'parity' }),
        onCommandLine('ledger', 'adjust', '--user', String(customer), '--amount', String(amount), '--reason', 'parity'),
        /\((BAD_REQUEST|USER_NOT_FOUND)\)$/,
      );
    await adjust(1, MAX_ADJUSTMENT_DOLLARS + 0.01);
    await adjust(1, -(MAX_ADJUSTMENT_DOLLARS + 1));
    await adjust(1, 0.001);
    await adjust(1, 'ten');
    await adjust('NO-SUCH-KEY', 5);
    expect(
      (await overHttp('POST', '/api/admin/customers/adjust', { customer: 1, amount: 2e6, reason: 'x' })).refusal,
    ).toBe('Invalid amount: amount must be at most 1,000,000 dollars (BAD_REQUEST)');
  }, 60_000);

  it('gift cards: past the amount cap, past the count cap, a fractional count', async () => {
    const create = (amount: number | string, count: number | string) =>
      sameAnswer(
        overHttp('POST', '/api/admin/giftcards', { amount, count }),
        onCommandLine('giftcards', 'create', '--amount', String(amount), '--count', String(count)),
        /^Invalid (amount|count): .* \(BAD_REQUEST\)$/,
      );
    await create(MAX_GIFTCARD_DOLLARS + 0.01, 1);
    await create(5, MAX_GIFTCARDS_PER_REQUEST + 1);
    await create(5, 1.5);
    await create(0, 1);
  }, 60_000);

  it('enable and disable: an id that is not one, a proxy that does not exist', async () => {
    for (const action of ['enable', 'disable']) {
      await sameAnswer(
        overHttp('POST', `/api/admin/proxies/abc/${action}`),
        onCommandLine('proxies', action, 'abc'),
        /^Invalid id: .* \(BAD_REQUEST\)$/,
      );
    }
    await sameAnswer(
      overHttp('POST', '/api/admin/proxies/999999/disable'),
      onCommandLine('proxies', 'disable', '999999'),
      /\(PROXY_NOT_FOUND\)$/,
    );
  }, 60_000);

  it('check now: ids that are not proxy ids', async () => {
    await sameAnswer(
      overHttp('POST', '/api/admin/proxies/check', { ids: ['abc'] }),
      onCommandLine('proxies', 'check', 'abc'),
      /^Invalid ids\.0: .* \(BAD_REQUEST\)$/,
    );
    await sameAnswer(
      overHttp('POST', '/api/admin/proxies/check', { ids: [0] }),
      onCommandLine('proxies', 'check', '0'),
      /^Invalid ids\.0: .* \(BAD_REQUEST\)$/,
    );
  }, 60_000);

  it('news: an impossible date, an empty title, an item that does not exist', async () => {
    await sameAnswer(
      overHttp('POST', '/api/admin/news/add', { title: 'x', content: 'y', date: '2026-13-45', important: false }),
      onCommandLine('news', 'add', '--title', 'x', '--content', 'y', '--date', '2026-13-45'),
      /^Invalid date: .* \(BAD_REQUEST\)$/,
    );
    await sameAnswer(
      overHttp('POST', '/api/admin/news/add', { title: ' ', content: 'y', date: '2026-01-02', important: false }),
      onCommandLine('news', 'add', '--title', ' ', '--content', 'y', '--date', '2026-01-02'),
      /^Invalid title: .* \(BAD_REQUEST\)$/,
    );
    await sameAnswer(
      overHttp('DELETE', '/api/admin/news/abc'),
      onCommandLine('news', 'delete', 'abc'),
      /^News item not found \(NOT_FOUND\)$/,
    );
  }, 60_000);

  it('gift card reveal and audit: an id that is not one, a card that does not exist, bad filters', async () => {
    const reveal = (id: string, expected: RegExp) =>
      sameAnswer(
        overHttp('POST', `/api/admin/giftcards/${id}/reveal`),
        onCommandLine('giftcards', 'reveal', id),
        expected,
      );
    await reveal('abc', /^Invalid id: .* \(BAD_REQUEST\)$/);
    await reveal('999999', /^No such gift card\. \(GIFTCARD_NOT_FOUND\)$/);
    const audit = (filter: string, value: string, expected: RegExp) =>
      sameAnswer(
        overHttp('GET', `/api/admin/audit?${filter}=${value}`),
        onCommandLine('audit', `--${filter}`, value),
        expected,
      );
    await audit('cursor', 'abc', /^Invalid cursor: .* \(BAD_REQUEST\)$/);
    await audit('from', 'yesterday', /^Invalid from: .* \(BAD_REQUEST\)$/);
  }, 60_000);

  it('records nothing for a refusal', async () => {
    const audit = await adminCall(t, token).get('/api/admin/audit');
    const actions = audit.json<{ entries: { action: string }[] }>().entries.map((entry) => entry.action);
    expect(actions.filter((action) => !action.startsWith('admin.'))).toEqual([]);
    expect(runCli(data.dir, 'audit').out.trim().split('\n')).toEqual([
      'id\twhen\toperator\tvia\tsource\taction\tcount\tdetails',
    ]);
  }, 60_000);
});
