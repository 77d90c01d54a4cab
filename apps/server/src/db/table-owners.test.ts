import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The write rule and the import rule as the project's own lint configuration applies them, on
 * code placed where an area's repository would be (the files need not exist).
 */
const root = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/server/src', file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'tables/writes-by-owner' || m.ruleId === 'no-restricted-imports')
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

  it("lets the owner write its table and any area read another's in a join", async () => {
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

  it('the shared query pieces in db/ write no table', async () => {
    const code = `${header}
export async function bump(db: Queryable): Promise<void> {
  await db.update(rentals).set({ note: '' });
}
`;
    expect(await problems('db/probe-piece.ts', code)).toHaveLength(1);
  });
});
