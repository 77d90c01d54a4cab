import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * What one area may import of another, as the project's own lint configuration applies it, on
 * code placed in an area's folder (the file itself need not exist; what it imports does).
 */
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function refused(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/server/src', file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths')
    .map((m) => /"([^"]+)"/.exec(m.message)?.[1] ?? m.message);
}

describe('an area reaches another only through its service or what it publishes', () => {
  it("refuses another area's repository and inner modules, type-only imports too", async () => {
    const code = `import { listNews } from '../news/news-repository';
import type { ProxyUpdate } from '../inventory/inspection-repository';
import { normalizeGiftcardCode } from '../payments/giftcard-codes';
export const used = [listNews, normalizeGiftcardCode];
export type Row = ProxyUpdate;
`;
    expect(await refused('notices/probe.ts', code)).toEqual([
      '../news/news-repository',
      '../inventory/inspection-repository',
      '../payments/giftcard-codes',
    ]);
  });

  it("lets an area import another's service, a published module, its own insides and the plumbing", async () => {
    const code = `import { walletActivity } from '../ledger/ledger-service';
import { recordActivity } from '../rentals/rental-activity';
import { ProviderError } from '../payments/providers/provider';
import { findContact } from './notices-repository';
import { repeatEvery } from '../jobs/repeat';
import { firstRow } from '../db/first-row';
export const used = [walletActivity, recordActivity, ProviderError, findContact, repeatEvery, firstRow];
`;
    expect(await refused('notices/probe.ts', code)).toEqual([]);
  });

  it('keeps the plumbing out of repositories alone', async () => {
    const code = `import { normalizeGiftcardCode } from '../payments/giftcard-codes';
import { claimPendingPayments } from '../payments/payments-repository';
export const used = [normalizeGiftcardCode, claimPendingPayments];
`;
    expect(await refused('jobs/probe.ts', code)).toEqual(['../payments/payments-repository']);
  });
});
