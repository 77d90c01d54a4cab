import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { updatedRow } from '../db/first-row';
import { giftcards } from '../db/tables/payments';
import { DomainError } from '../errors';
import { formatGiftcardCode, newGiftcardCode } from './giftcard-codes';

/** The gift cards' queries; redemption, audit rows and what lists show are the service's. */

export type GiftcardRow = typeof giftcards.$inferSelect;

export async function createGiftcards(
  db: Queryable,
  input: { amountCents: number; count: number; at: Date },
): Promise<string[]> {
  const made: string[] = [];
  // Two codes of 80 random bits colliding is next to impossible; one that does is skipped and
  // another drawn. Skipped, not caught: a failed insert would abort the caller's transaction.
  while (made.length < input.count) {
    const codes = new Set<string>();
    while (codes.size < input.count - made.length) codes.add(newGiftcardCode());
    const inserted = await db
      .insert(giftcards)
      .values([...codes].map((code) => ({ code, amountCents: input.amountCents, createdAt: input.at })))
      .onConflictDoNothing()
      .returning({ code: giftcards.code });
    made.push(...inserted.map((row) => row.code));
  }
  return made.map(formatGiftcardCode);
}

/**
 * Marks an unused card as redeemed by `userId`: the conditional update lets exactly one of any
 * number of concurrent redemptions claim it. Undefined when no unused card has that code.
 */
export async function claimGiftcard(
  db: Queryable,
  code: string,
  userId: number,
  at: Date,
): Promise<GiftcardRow | undefined> {
  const unused = and(eq(giftcards.code, code), isNull(giftcards.redeemedAt));
  return updatedRow(db, giftcards, { redeemedBy: userId, redeemedAt: at }, unused);
}

/** Every card, newest first. */
export async function selectGiftcards(db: Queryable): Promise<GiftcardRow[]> {
  return db.select().from(giftcards).orderBy(desc(giftcards.id));
}

/** One code in full, for a reveal (which the caller audits). */
export async function giftcardCode(db: Queryable, id: number): Promise<string> {
  const [row] = await db.select({ code: giftcards.code }).from(giftcards).where(eq(giftcards.id, id));
  if (!row) throw new DomainError('GIFTCARD_NOT_FOUND');
  return formatGiftcardCode(row.code);
}
