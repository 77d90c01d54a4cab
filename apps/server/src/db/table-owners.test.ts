import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { CROSS_AREA_READS } from '../../../../scripts/lint/table-owners.mjs';

/**
 * The write, read and import rules as the project's own lint configuration applies them, on
 * code placed where an area's repository would be (the files need not exist).
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string, ...rules: string[]): Promise<string[]> {
  const wanted = rules.length > 0 ? rules : ['tables/writes-by-owner', 'no-restricted-imports'];
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/server/src', file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId !== null && wanted.includes(m.ruleId))
    .map((m) => `${m.ruleId}: ${m.message}`);
}

const header = `import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { proxies } from '../db/tables/inventory';
import { rentals } from '../db/tables/rentals';
`;

describe('only the area that owns a table writes it', () => {
  it("refuses an insert, an update, a delete and raw SQL writes of another area's table", async () => {
    const code = `${header}
export async function writes(db: Queryable): Promise<void> {
  await db.update(proxies).set({ enabled: false }).where(eq(proxies.id, 1));
  await db.insert(rentals).values([]);
  await db.delete(proxies);
  await db.execute(sql\`UPDATE \${proxies} SET enabled = false\`);
  await db.execute(sql\`INSERT INTO \${rentals} DEFAULT VALUES\`);
}
`;
    const found = await problems('discovery/probe-repository.ts', code);
    expect(found).toHaveLength(5);
    expect(found[0]).toBe(
      "tables/writes-by-owner: `proxies` belongs to the inventory area, which alone writes it: call the inventory area's service.",
    );
    expect(found.filter((p) => p.includes('`rentals` belongs to the rentals area'))).toHaveLength(2);
  });

  it("lets the owner write its table, and a read of another's in a join is no write", async () => {
    const owner = `${header}
export async function disable(db: Queryable): Promise<void> {
  await db.update(proxies).set({ enabled: false }).where(eq(proxies.id, 1));
}
`;
    expect(await problems('inventory/probe-repository.ts', owner)).toEqual([]);
    const reader = `${header}
export function held(db: Queryable) {
  return db.select({ ip: proxies.ip }).from(rentals).innerJoin(proxies, eq(proxies.id, rentals.proxyId));
}
export function locked(db: Queryable) {
  return db.execute(sql\`SELECT 1 FROM \${proxies} FOR UPDATE\`);
}
`;
    expect(await problems('discovery/probe-repository.ts', reader)).toEqual([]);
  });

  it('makes a repository name the file each table comes from, not the whole schema', async () => {
    const code = `import { proxies } from '../db/schema';
export const table = proxies;
`;
    expect(await problems('discovery/probe-repository.ts', code)).toEqual([
      'no-restricted-imports: ' +
        "'../db/schema' import is restricted from being used by a pattern. Import each table from db/tables/<area that owns it>, so the owner shows in the import.",
    ]);
  });

  it("refuses a read of another area's table that no listed read model declares", async () => {
    const reads = async (file: string, code: string) =>
      (await problems(file, code, 'tables/reads-listed')).map((p) => p.replace(/: call .*/, ''));
    const code = `${header}
export function held(db: Queryable) {
  return db.select({ ip: proxies.ip }).from(rentals).innerJoin(proxies, eq(proxies.id, rentals.proxyId));
}
`;
    expect(await reads('news/news-repository.ts', code)).toEqual([
      "tables/reads-listed: `news/news-repository` reads the inventory area's tables",
      "tables/reads-listed: `news/news-repository` reads the rentals area's tables",
    ]);
    // Listed for the proxies only: the rentals are still refused.
    expect(await reads('catalogue/catalogue-repository.ts', code)).toEqual([
      "tables/reads-listed: `catalogue/catalogue-repository` reads the rentals area's tables",
    ]);
    expect(await reads('replacements/replacement-repository.ts', code)).toEqual([]);
    expect(await reads('rentals/rentals-repository.ts', code)).toEqual([]);
    expect(await reads('db/probe-piece.ts', code)).toEqual([]);
    expect(await reads('news/news.test.ts', code)).toEqual([]);
  });

  it('lists no read model that is gone: each listed file reads each area it names', () => {
    for (const [file, areas] of Object.entries(CROSS_AREA_READS)) {
      const source = readFileSync(path.join(root, 'apps/server/src', `${file}.ts`), 'utf8');
      for (const area of Object.keys(areas)) expect(source, file).toContain(`from '../db/tables/${area}'`);
    }
  });

  it('the shared query pieces in db/ write no table', async () => {
    const code = `${header}
export async function bump(db: Queryable): Promise<void> {
  await db.update(rentals).set({ note: '' });
}
`;
    expect(await problems('db/probe-piece.ts', code)).toHaveLength(1);
  });
});
