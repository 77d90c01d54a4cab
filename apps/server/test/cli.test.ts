import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { registerCustomer } from '../src/accounts/accounts-service';
import { systemClock } from '../src/clock';
import { openPglite } from '../src/db/client';
import { auditLog, users } from '../src/db/schema';
import { tempDir } from './helper';

const serverDir = path.resolve(import.meta.dirname, '..');
const data = tempDir('portal-cli-');
afterAll(() => data.remove());

/** Runs `npm run cli -- ...` as an operator would, on the embedded database in `data.dir`. */
function cli(...args: string[]) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    cwd: serverDir,
    env: { ...env, DATA_DIR: data.dir, INIT_CWD: data.dir, NODE_ENV: 'development' },
    encoding: 'utf8',
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

async function withDb<T>(run: (db: ReturnType<typeof openPglite>['db']) => Promise<T>): Promise<T> {
  const handle = openPglite(await PGlite.create(path.join(data.dir, 'pglite')));
  try {
    return await run(handle.db);
  } finally {
    await handle.close();
  }
}

describe('npm run cli', () => {
  it('imports, lists, adjusts and verifies; ledger verify fails on a corrupted balance', async () => {
    fs.writeFileSync(
      path.join(data.dir, 'stock.csv'),
      'ip,port,protocol,type,country,region,city,isp,zip,fraud_score,upstream\n' +
        '192.0.2.5,1080,SOCKS5,mobile,US,Texas,Houston,AT&T,77002,10,direct\n',
    );
    fs.writeFileSync(path.join(data.dir, 'bad.json'), JSON.stringify([{ ip: '192.0.2.6', port: 0 }]));

    const imported = cli('proxies', 'import', 'stock.csv');
    expect(imported.err).toBe('');
    expect(imported.out).toContain('Imported 1 proxies');
    expect(cli('proxies', 'list').out).toMatch(/192\.0\.2\.5:1080\tSOCKS5\tmobile\tUS\tHouston\t10\tfree\tdirect/);

    const bad = cli('proxies', 'import', 'bad.json');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('row 1, port: port must be a whole number from 1 to 65535');

    const { user } = await withDb((db) => registerCustomer({ db, clock: systemClock }, null));
    const adjusted = cli('ledger', 'adjust', '--user', user.referralKey, '--amount', '12.50', '--reason', 'goodwill');
    expect(adjusted.out).toContain('Balance is now $12.50.');
    expect(cli('ledger', 'adjust', '--user', String(user.id), '--amount', '-20', '--reason', 'x').code).toBe(1);

    const audited = await withDb((db) => db.select().from(auditLog));
    expect(audited.map((row) => [row.actor, row.action])).toEqual([
      ['cli', 'proxies.import'],
      ['cli', 'customers.adjust'],
    ]);

    const ok = cli('ledger', 'verify');
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('Ledger OK: 1 accounts');

    await withDb((db) => db.update(users).set({ balanceCents: 999 }).where(eq(users.id, user.id)));
    const broken = cli('ledger', 'verify');
    expect(broken.code).toBe(1);
    expect(broken.err).toContain(`customer ${user.id}: balance $9.99, ledger sum $12.50, difference -$2.51`);
  }, 90_000);
});
