import { and, eq, gt, isNull, type SQL } from 'drizzle-orm';
import type { operatorLinkCodes, telegramLinkCodes } from './tables/notices';

/**
 * The customers' and the operators' deep-link codes follow one rule: a code is spent once,
 * before it expires. Both tables have these columns; only the owner's column differs.
 */
type LinkCodeTable = typeof telegramLinkCodes | typeof operatorLinkCodes;

/** The code with this hash, while it is unused and unexpired. */
export function spendableCode(table: LinkCodeTable, codeHash: string, now: Date): SQL | undefined {
  return and(eq(table.codeHash, codeHash), isNull(table.usedAt), gt(table.expiresAt, now));
}
