import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { asc } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { registerCustomer } from '../src/accounts/accounts-service';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { openPglite } from '../src/db/pglite';
import { ledgerEntries } from '../src/db/schema';
import { adjustBalance } from '../src/ledger/ledger-service';
import { lockDataDir } from '../src/lib/data-dir';
import { addProxies, buildTestApp, customerCall, fundedCustomer, runCli, tempDir, type TestApp } from './helper';

const data = tempDir('portal-backup-');
afterAll(() => data.remove());

/** What a customer and the operator see: balances, rentals with their credentials, the ledger. */
async function shopState(t: TestApp, apiKeys: string[]) {
  const customers = [];
  for (const apiKey of apiKeys) {
    const call = customerCall(t, apiKey);
    customers.push({
      wallet: (await call.get('/api/wallet')).json<unknown>(),
      history: (await call.get('/api/proxy/history')).json<unknown>(),
    });
  }
  const ledger = await t.database.db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id));
  return { customers, ledger };
}

/** The embedded database of `data.dir` as `npm start` opens it, holding the folder's lock. */
async function openShop(): Promise<{ t: TestApp; database: DatabaseHandle; close: () => Promise<void> }> {
  const unlock = lockDataDir(data.dir);
  const database = await openDatabase({ dataDir: data.dir });
  await database.migrate();
  const t = await buildTestApp({ database });
  return {
    t,
    database,
    close: async () => {
      await t.close();
      await database.close();
      unlock();
    },
  };
}

describe('db backup and restore (embedded database)', () => {
  it('backs up while running; after a wipe and restore, balances, ledger, rentals and credentials are equal', async () => {
    const shop = await openShop();
    const rich = await fundedCustomer(shop.t, 5_000);
    const other = await fundedCustomer(shop.t, 700);
    const [first, second] = await addProxies(shop.t, 3);
    const buy = (id: number | undefined) =>
      customerCall(shop.t, rich.apiKey).post('/api/proxy/buy', { task: 'up', id, hours: '24' });
    expect((await buy(first)).statusCode).toBe(200);
    expect((await buy(second)).statusCode).toBe(200);
    const before = await shopState(shop.t, [rich.apiKey, other.apiKey]);
    expect(before.ledger.length).toBeGreaterThanOrEqual(4);

    // The server (this process) holds the data folder: the backup reads its database beside it.
    const backup = runCli(data.dir, 'db', 'backup', 'shop.backup');
    expect(backup.err).toBe('');
    expect(backup.out).toMatch(/Backed up \d+ rows of \d+ tables to shop\.backup\./);
    expect(runCli(data.dir, 'db', 'restore', 'shop.backup').err).toContain('stop it first');
    await shop.close();

    expect(runCli(data.dir, 'db', 'restore', 'shop.backup').err).toContain('already holds customers');
    fs.rmSync(path.join(data.dir, 'postgres'), { recursive: true });
    const restored = runCli(data.dir, 'db', 'restore', 'shop.backup');
    expect(restored.err).toBe('');
    expect(restored.out).toMatch(/Restored \d+ rows/);
    const verified = runCli(data.dir, 'ledger', 'verify');
    expect(verified.code).toBe(0);
    expect(verified.out).toContain('Ledger OK: 2 accounts');

    const again = await openShop();
    try {
      expect(await shopState(again.t, [rich.apiKey, other.apiKey])).toEqual(before);
      // Sequences continue after the restored rows: new customers and purchases still work.
      const newcomer = await fundedCustomer(again.t, 1_000);
      expect(newcomer.userId).toBeGreaterThan(other.userId);
      const third = await customerCall(again.t, newcomer.apiKey).post('/api/proxy/buy', {
        task: 'up',
        id: first === undefined ? undefined : first + 2,
        hours: '1',
      });
      expect(third.statusCode).toBe(200);
    } finally {
      await again.close();
    }
    expect(runCli(data.dir, 'db', 'restore', 'missing.backup').err).toContain('No such file');
  }, 180_000);

  it('moves an earlier PGlite data folder into the embedded PostgreSQL with one command', async () => {
    const dir = tempDir('portal-pglite-');
    try {
      const old = openPglite(await PGlite.create(path.join(dir.dir, 'pglite')));
      await old.migrate();
      const deps = { db: old.db, clock: { now: () => new Date('2026-02-01T00:00:00Z') } };
      const { user } = await registerCustomer(deps, null);
      await adjustBalance(old.db, { userId: user.id, amountCents: 1234, reason: 'kept', at: deps.clock.now() });
      await old.close();

      await expect(openDatabase({ dataDir: dir.dir })).rejects.toThrow('npm run cli -- db migrate-from-pglite');
      // Moving every row is the owner's: a name off the team moves nothing.
      const refused = runCli(dir.dir, '--operator', 'Nobody', 'db', 'migrate-from-pglite');
      expect(refused.err).toContain('No operator is named Nobody.');
      expect(fs.existsSync(path.join(dir.dir, 'pglite.migrated'))).toBe(false);
      const moved = runCli(dir.dir, 'db', 'migrate-from-pglite');
      expect(moved.err).toBe('');
      expect(moved.out).toContain('into the embedded PostgreSQL');
      expect(fs.existsSync(path.join(dir.dir, 'pglite.migrated'))).toBe(true);
      const shown = runCli(dir.dir, 'customers', 'show', user.referralKey);
      expect(shown.out).toContain(`balance $12.34`);
      expect(runCli(dir.dir, 'ledger', 'verify').code).toBe(0);
    } finally {
      dir.remove();
    }
  }, 180_000);
});
