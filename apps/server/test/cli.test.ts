import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { registerCustomer } from '../src/accounts/accounts-service';
import { systemClock } from '../src/clock';
import { openDatabase, type Database } from '../src/db/client';
import type { AuditActor } from '../src/audit/audit-service';
import { createOperator } from '../src/admin/operators-service';
import { adminTokens, auditLog, operators, users } from '../src/db/schema';
import { runCli, tempDir } from './helper';

const data = tempDir('portal-cli-');
afterAll(() => data.remove());

const ownerActor: AuditActor = { via: 'cli', operatorId: null, operatorName: 'test', source: 'cli' };
const cli = (...args: string[]) => runCli(data.dir, ...args);

async function withDb<T>(run: (db: Database) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ dataDir: data.dir });
  try {
    return await run(handle.db);
  } finally {
    await handle.close();
  }
}

describe('npm run cli', () => {
  // About 25 runs of the command line, each compiling its sources at start: over a minute on a
  // quiet machine, so the limit leaves room for a busy one.
  it('imports, lists, adjusts and verifies; ledger verify fails on a corrupted balance', async () => {
    fs.writeFileSync(
      path.join(data.dir, 'stock.csv'),
      'ip,port,protocol,type,country,region,city,isp,zip,fraud_score,upstream\n' +
        '192.0.2.5,1080,SOCKS5,mobile,US,Texas,Houston,AT&T,77002,10,direct\n',
    );
    fs.writeFileSync(path.join(data.dir, 'bad.json'), JSON.stringify([{ ip: '192.0.2.6', port: 0 }]));

    const imported = cli('proxies', 'import', 'stock.csv');
    expect(imported.err).toBe('');
    expect(imported.out).toContain('Imported 1 proxy (ids');
    expect(cli('proxies', 'list').out).toMatch(/192\.0\.2\.5:1080\tSOCKS5\tmobile\tUS\tHouston\t10\tfree\tdirect/);

    const bad = cli('proxies', 'import', 'bad.json');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('row 1, port: port must be a whole number from 1 to 65535');

    const { user } = await withDb((db) => registerCustomer({ db, clock: systemClock }, null));
    const adjusted = cli('ledger', 'adjust', '--user', user.referralKey, '--amount', '12.50', '--reason', 'goodwill');
    expect(adjusted.out).toContain('Balance is now $12.50.');
    expect(cli('ledger', 'adjust', '--user', String(user.id), '--amount', '-20', '--reason', 'x').code).toBe(1);

    const audited = await withDb((db) => db.select().from(auditLog));
    expect(audited.map((row) => [row.actor, row.operatorName, row.source, row.action])).toEqual([
      ['cli', 'owner', 'cli', 'proxies.import'],
      ['cli', 'owner', 'cli', 'customers.adjust'],
    ]);

    // As a named operator: their role applies, and the rows name them.
    const mia = await withDb((db) =>
      createOperator({ db, clock: systemClock }, ownerActor, { name: 'Mia', role: 'support' }),
    );
    const refused = cli(
      '--operator',
      'mia',
      'ledger',
      'adjust',
      '--user',
      String(user.id),
      '--amount',
      '1',
      '--reason',
      'x',
    );
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("Mia is support: that role may not change a customer's balance.");
    expect(cli('--operator', 'Nobody', 'proxies', 'disable', '1').err).toContain('No operator is named Nobody.');
    await withDb((db) => db.update(operators).set({ role: 'manager' }).where(eq(operators.id, mia.operator.id)));
    const disabled = cli('--operator', 'Mia', 'proxies', 'disable', '1');
    expect(disabled.code).toBe(0);
    // The count of rentals it cut off (none rent it); no terminal, so no question was asked.
    expect(disabled.out).toContain('Proxy 1 disabled: 0 active rentals affected.');
    const named = await withDb((db) => db.select().from(auditLog).where(eq(auditLog.operatorId, mia.operator.id)));
    expect(named.map((row) => [row.actor, row.operatorName, row.action])).toEqual([
      ['cli', 'Mia', 'admin.forbidden'],
      ['cli', 'Mia', 'proxies.disable'],
    ]);

    // The team from the command line: a secret printed once, never listed; the owner's tools.
    const added = cli('operators', 'add', '--name', 'Ola', '--role', 'finance');
    expect(added.err).toBe('');
    const secret = added.out.trim().split('\n')[1] ?? '';
    expect(secret).toMatch(/^op-[0-9a-f]{12}-/);
    const listed = cli('operators', 'list').out;
    expect(listed).toMatch(/\tOla\tfinance\toff\t/);
    expect(listed).not.toContain(secret);
    expect(cli('--operator', 'Mia', 'operators', 'totp-off', 'Ola').code).toBe(1);
    await withDb((db) => db.update(operators).set({ totpSecret: 'JBSWY3DPEHPK3PXP' }).where(eq(operators.name, 'Ola')));
    expect(cli('operators', 'totp-off', 'ola').out).toContain('The authenticator app of ola is off');
    const [ola] = await withDb((db) => db.select().from(operators).where(eq(operators.name, 'Ola')));
    expect(ola?.totpSecret).toBeNull();

    const ok = cli('ledger', 'verify');
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('Ledger OK: 1 account,');

    await withDb((db) => db.update(users).set({ balanceCents: 999 }).where(eq(users.id, user.id)));
    const broken = cli('ledger', 'verify');
    expect(broken.code).toBe(1);
    expect(broken.err).toContain(`customer ${user.id}: balance $9.99, ledger sum $12.50, difference -$2.51`);
  }, 180_000);

  it('offers the console for scripting: news, customers, overview, gift cards, audit', async () => {
    const customer = await withDb((db) => registerCustomer({ db, clock: systemClock }, null));
    const title = 'Maintenance <script>alert(1)</script>';
    const added = cli('news', 'add', '--title', title, '--content', 'Tonight 02:00 UTC', '--important');
    expect(added.err).toBe('');
    const id = /News item (\d+) added/.exec(added.out)?.[1];
    expect(id).toBeDefined();
    const today = new Date().toISOString().slice(0, 10);
    expect(cli('news', 'list').out).toContain(`${id}\t${today}\tyes\t${title}`);
    expect(cli('news', 'add', '--title', 'x', '--content', 'y', '--date', '2026-13-45').code).toBe(1);

    const shown = cli('customers', 'show', customer.user.referralKey);
    expect(shown.out).toContain(`Customer ${customer.user.id} (${customer.user.referralKey}), balance $0.00`);
    const found = cli('customers', 'search', customer.user.referralKey.slice(3, 9).toLowerCase());
    expect(found.out).toContain(`${customer.user.id}\t${customer.user.referralKey}\t$0.00`);

    const overview = JSON.parse(cli('overview', '--json').out) as { customers: number; revenue: unknown[] };
    expect(overview.customers).toBe(2);
    expect(overview.revenue).toHaveLength(30);

    const codes = cli('giftcards', 'create', '--amount', '5', '--count', '2').out.trim().split('\n');
    expect(codes).toHaveLength(2);
    const unused = cli('giftcards', 'list', '--unused').out;
    // Masked to the last four characters: the full code was printed once, by create.
    for (const code of codes) {
      expect(unused).toContain(`****-****-****-${code.slice(-4)}\t$5.00`);
      expect(unused).not.toContain(code);
    }
    expect(cli('giftcards', 'list', '--used').out).toContain('0 gift cards');
    const cardId = new RegExp(`^(\\d+)\\t\\*{4}-\\*{4}-\\*{4}-${codes[0]?.slice(-4)}`, 'm').exec(unused)?.[1] ?? '';
    expect(cli('giftcards', 'reveal', cardId).out.trim()).toBe(codes[0]);
    await withDb((db) => createOperator({ db, clock: systemClock }, ownerActor, { name: 'Manny', role: 'manager' }));
    const refused = cli('--operator', 'Manny', 'giftcards', 'reveal', cardId);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('(ADMIN_ROLE_FORBIDDEN)');
    expect(refused.out).not.toContain(codes[0]);

    expect(cli('news', 'delete', id ?? '').out).toContain(`News item ${id} deleted.`);
    expect(cli('news', 'delete', id ?? '').code).toBe(1);
    const audit = cli('audit', '--limit', '5').out;
    expect(audit.split('\n')[0]).toBe('id\twhen\toperator\tvia\tsource\taction\tcount\tdetails');
    expect(audit).toMatch(/\towner \(#\d+\)\tcli\tcli\tnews\.delete\t1\t/);
    expect(audit).toMatch(/\towner \(#\d+\)\tcli\tcli\tgiftcards\.reveal\t1\t/);
    expect(audit).toMatch(/\tManny \(#\d+\)\tcli\tcli\tadmin\.forbidden\t1\t/);
    expect(audit).toContain('Older rows: --cursor ');
    // Codes are never written to the audit log: anyone reading it could redeem them.
    for (const code of codes) expect(audit).not.toContain(code);
    const filtered = cli('audit', '--action', 'giftcards', '--limit', '10').out.trim().split('\n').slice(1);
    expect(filtered.map((line) => line.split('\t')[5])).toEqual(['giftcards.reveal', 'giftcards.create']);
    const older = cli('audit', '--limit', '1', '--cursor', /--cursor (\d+)/.exec(audit)?.[1] ?? '').out;
    expect(older.split('\n')).toHaveLength(4);
    expect(cli('audit', '--from', 'yesterday').err).toContain('(BAD_REQUEST)');
  }, 150_000);

  it('imports upstream lines, reports duplicates, and checks them now with the reason', () => {
    fs.writeFileSync(
      path.join(data.dir, 'upstreams.txt'),
      '# from the seller\n127.0.0.1:9:user:pass\n\nsocks5://user:pass@127.0.0.1:1081\n127.0.0.1:9:user:pass\n',
    );
    const lines = cli('proxies', 'import', 'upstreams.txt', '--type', 'residential', '--protocol', 'HTTP');
    expect(lines.err).toBe('');
    expect(lines.out).toContain('Imported 2 proxies');
    expect(lines.out).toContain('Line 5: http 127.0.0.1:9 is already in the inventory (skipped).');
    expect(lines.out).toContain('2 wait for discovery');
    expect(cli('proxies', 'list').out).toMatch(
      /127\.0\.0\.1:9\tHTTP\tresidential\t\t\t0\tchecking\thttp 127\.0\.0\.1:9/,
    );
    // Nothing listens there: Check now says why, and the proxy stays out of the catalogue.
    const first = /ids (\d+)\.\./.exec(lines.out)?.[1] ?? '';
    const checked = cli('proxies', 'check', first);
    expect(checked.out).toMatch(/^id\tresult\tstate\texit_ip\tlatency_ms\treason$/m);
    expect(checked.out).toContain(`${first}\tfailed\tfailed\t\t\tcannot connect: `);
    expect(checked.out).toContain('0 of 1 passed');

    const audited = cli('audit', '--limit', '2').out;
    expect(audited).toContain('proxies.check');
  }, 150_000);

  it('unlocks a locked operator and lists and ends your own sessions', async () => {
    // Also when run alone: the first command makes the database.
    expect(cli('operators', 'list').code).toBe(0);
    const made = await withDb((db) =>
      createOperator({ db, clock: systemClock }, ownerActor, { name: 'Lockie', role: 'finance' }),
    );
    await withDb((db) => db.update(operators).set({ lockedAt: new Date() }).where(eq(operators.id, made.operator.id)));
    expect(cli('operators', 'list').out).toMatch(/\tLockie\tfinance\toff\tLOCKED\t/);
    expect(cli('--operator', 'Lockie', 'operators', 'unlock', 'Lockie').err).toContain('(ADMIN_ROLE_FORBIDDEN)');
    expect(cli('operators', 'unlock', 'Lockie').out).toContain('Lockie is unlocked.');
    const [row] = await withDb((db) => db.select().from(operators).where(eq(operators.id, made.operator.id)));
    expect(row?.lockedAt).toBeNull();

    await withDb((db) =>
      db.insert(adminTokens).values({
        tokenHash: 'cli-test-session',
        createdAt: new Date(),
        expiresAt: new Date(Date.now() + 3_600_000),
        operatorId: made.operator.id,
        source: '198.51.100.4',
      }),
    );
    const listed = cli('--operator', 'Lockie', 'sessions', 'list').out;
    const id = /^(\d+)\t.*\t198\.51\.100\.4\tno\t/m.exec(listed)?.[1];
    expect(id).toBeDefined();
    expect(cli('sessions', 'end', id ?? '').err).toContain('(ADMIN_SESSION_NOT_FOUND)');
    expect(cli('--operator', 'Lockie', 'sessions', 'end', id ?? '').out).toContain(`Session ${id} ended.`);
    const [token] = await withDb((db) =>
      db
        .select()
        .from(adminTokens)
        .where(eq(adminTokens.id, Number(id))),
    );
    expect(token?.revokedAt).not.toBeNull();
  }, 150_000);

  it("checks a named operator's role on reads as the API does; a backup is the owner's, and audited", async () => {
    expect(cli('operators', 'list').code).toBe(0);
    await withDb((db) => createOperator({ db, clock: systemClock }, ownerActor, { name: 'Sue', role: 'support' }));
    // Support may look customers up, as in the console, but not at the money, the team or the stock.
    expect(cli('--operator', 'Sue', 'customers', 'search').code).toBe(0);
    // The ledger's check prints what support reads of a customer anyway; a name off the team runs nothing.
    // (Whether it finds a mismatch depends on the first case, which corrupts a balance.)
    const verified = cli('--operator', 'Sue', 'ledger', 'verify');
    expect(`${verified.out}${verified.err}`).toMatch(/Ledger (OK|MISMATCH)/);
    expect(cli('--operator', 'Nobody', 'ledger', 'verify').err).toContain('No operator is named Nobody.');
    for (const command of [['overview'], ['operators', 'list'], ['proxies', 'list']]) {
      const refused = cli('--operator', 'Sue', ...command);
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('Sue is support: that role may not');
    }
    const file = path.join(data.dir, 'by-hand.backup');
    const refused = cli('--operator', 'Sue', 'db', 'backup', file);
    expect(refused.err).toContain('Sue is support: that role may not write a backup of the whole database.');
    expect(fs.existsSync(file)).toBe(false);
    const written = cli('db', 'backup', file);
    expect(written.code).toBe(0);
    expect(fs.existsSync(file)).toBe(true);
    const replaced = cli('--operator', 'Sue', 'db', 'restore', file, '--force');
    expect(replaced.err).toContain('Sue is support: that role may not replace the database with a backup.');
    const rows = await withDb((db) => db.select().from(auditLog).where(eq(auditLog.action, 'db.backup')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor: 'cli', details: { file } });
  }, 150_000);
});
