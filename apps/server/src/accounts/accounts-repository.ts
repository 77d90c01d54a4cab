import { ROW_ID_TEXT } from '@portal/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client';
import { DomainError } from '../errors';
import { browserSessions, users } from '../db/tables/accounts';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof browserSessions.$inferSelect;

export async function findUserByApiKeyHash(db: Queryable, apiKeyHash: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.apiKeyHash, apiKeyHash)).limit(1);
  return row;
}

export async function findUserByReferralKey(db: Queryable, referralKey: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.referralKey, referralKey)).limit(1);
  return row;
}

export async function insertUser(
  db: Queryable,
  values: { apiKeyHash: string; referralKey: string; referredBy: number | null; createdAt: Date },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

/** Takes the user's row lock so concurrent logins of one account run one after another. */
export async function lockUser(db: Queryable, userId: number): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

export async function endOpenSessions(db: Queryable, userId: number, at: Date, reason: string): Promise<void> {
  await db
    .update(browserSessions)
    .set({ endedAt: at, endedReason: reason })
    .where(and(eq(browserSessions.userId, userId), isNull(browserSessions.endedAt)));
}

export async function insertSession(
  db: Queryable,
  values: { userId: number; tokenHash: string; createdAt: Date },
): Promise<void> {
  await db.insert(browserSessions).values(values);
}

export async function findSessionByTokenHash(db: Queryable, tokenHash: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(browserSessions).where(eq(browserSessions.tokenHash, tokenHash)).limit(1);
  return row;
}

/** Ends one session; answers its customer, or null when it was unknown or already ended. */
export async function endSession(db: Queryable, tokenHash: string, at: Date, reason: string): Promise<number | null> {
  const [row] = await db
    .update(browserSessions)
    .set({ endedAt: at, endedReason: reason })
    .where(and(eq(browserSessions.tokenHash, tokenHash), isNull(browserSessions.endedAt)))
    .returning({ userId: browserSessions.userId });
  return row?.userId ?? null;
}

/** A customer named by numeric id or by referral key (what an operator has at hand). */
export async function findCustomerId(db: Queryable, who: string): Promise<number> {
  const key = who.trim();
  if (ROW_ID_TEXT.test(key)) {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, Number(key)));
    if (row) return row.id;
  }
  const row = await findUserByReferralKey(db, key);
  if (!row) throw new DomainError('USER_NOT_FOUND', { message: `No customer with id or referral key "${key}"` });
  return row.id;
}

/** Who referred the customer to the shop, if anyone did. */
export async function referrerOf(db: Queryable, userId: number): Promise<number | null> {
  const [row] = await db.select({ referredBy: users.referredBy }).from(users).where(eq(users.id, userId));
  return row?.referredBy ?? null;
}

/** Tells every process (LISTEN) that a customer's row or sessions changed, once the change commits. */
export const CUSTOMER_CHANGED = 'customer_changed';

export async function notifyCustomerChanged(tx: Queryable, userId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${CUSTOMER_CHANGED}, ${String(userId)})`);
}

/** A customer's balance for the bot's /balance (0 for an unknown customer). */
export async function findBalanceCents(db: Queryable, userId: number): Promise<number> {
  const [user] = await db.select({ balanceCents: users.balanceCents }).from(users).where(eq(users.id, userId));
  return user?.balanceCents ?? 0;
}

/** The balance, its row locked for the rest of the transaction; undefined when there is no such user. */
export async function lockUserBalance(tx: Queryable, userId: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ balanceCents: users.balanceCents })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return row?.balanceCents;
}

/** Adds signed cents to the balance; answers the balance after, or undefined when there is no such user. */
export async function addToBalance(tx: Queryable, userId: number, amountCents: number): Promise<number | undefined> {
  const [row] = await tx
    .update(users)
    .set({ balanceCents: sql`${users.balanceCents} + ${amountCents}` })
    .where(eq(users.id, userId))
    .returning({ balanceCents: users.balanceCents });
  return row?.balanceCents;
}

/** How many customers, and their balances together (the sum arrives as text: bigint). */
export async function customerTotals(db: Queryable): Promise<{ count: string; cents: string } | undefined> {
  const [row] = await db
    .select({ count: sql<string>`count(*)`, cents: sql<string>`coalesce(sum(${users.balanceCents}), 0)` })
    .from(users);
  return row;
}
