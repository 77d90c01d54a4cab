import { randomInt } from 'node:crypto';
import { centsToDollars } from '@portal/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { giftcards } from '../db/schema';
import { DomainError } from '../errors';
import { lockBalance, postEntry } from '../ledger/ledger';
import { queueNotice } from '../notices/notice-queue';

/**
 * Capitals and digits without the look-alikes I, L, O, 0 and 1: a code read off a card or a
 * screenshot types back the same. 16 characters of these 31 carry 79 random bits, shown as
 * XXXX-XXXX-XXXX-XXXX.
 */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 16;

function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export function formatGiftcardCode(normalized: string): string {
  return normalized.match(/.{1,4}/g)?.join('-') ?? normalized;
}

/**
 * What a person may type: any case, spaces or dashes. Codes issued before the alphabet lost its
 * look-alikes may hold an I, which neither 1 nor L ever stood for: both are read as I.
 */
export function normalizeGiftcardCode(input: string): string {
  return input
    .replace(/[\s-]+/g, '')
    .toUpperCase()
    .replace(/[1L]/g, 'I');
}

export async function createGiftcards(
  db: Database,
  input: { amountCents: number; count: number; at: Date },
): Promise<string[]> {
  const codes = new Set<string>();
  while (codes.size < input.count) codes.add(newCode());
  try {
    await db
      .insert(giftcards)
      .values([...codes].map((code) => ({ code, amountCents: input.amountCents, createdAt: input.at })));
  } catch (error) {
    // Two codes of 80 random bits colliding is next to impossible; a retry is the whole remedy.
    if (isUniqueViolation(error)) return createGiftcards(db, input);
    throw error;
  }
  return [...codes].map(formatGiftcardCode);
}

/**
 * Redeems a code once, ever: the conditional update lets exactly one of any number of
 * concurrent redemptions claim the card, and the ledger's unique index backs it up.
 */
export async function redeemGiftcard(
  deps: { db: Database; clock: Clock },
  userId: number,
  input: string,
): Promise<{ amountCents: number; walletCents: number }> {
  const code = normalizeGiftcardCode(input);
  return deps.db.transaction(async (tx) => {
    await lockBalance(tx, userId);
    const now = deps.clock.now();
    const [card] = await tx
      .update(giftcards)
      .set({ redeemedBy: userId, redeemedAt: now })
      .where(and(eq(giftcards.code, code), isNull(giftcards.redeemedAt)))
      .returning();
    if (!card) throw new DomainError('GIFTCARD_INVALID');
    const walletCents = await postEntry(tx, {
      userId,
      kind: 'giftcard',
      amountCents: card.amountCents,
      giftcardId: card.id,
      at: now,
    });
    await queueNotice(
      tx,
      userId,
      { kind: 'payment_credited', amountCents: card.amountCents, balanceCents: walletCents },
      { at: now, key: `giftcard:${card.id}` },
    );
    return { amountCents: card.amountCents, walletCents };
  });
}

/**
 * A code as lists show it: its last four characters. A code is a bearer credit, so whoever reads a
 * list must not be able to redeem from it; the last four still tell codes apart.
 */
export function maskGiftcardCode(normalized: string): string {
  return formatGiftcardCode('*'.repeat(Math.max(0, normalized.length - 4)) + normalized.slice(-4));
}

export async function listGiftcards(db: Database) {
  const rows = await db.select().from(giftcards).orderBy(desc(giftcards.id));
  return rows.map((row) => ({
    id: row.id,
    code: maskGiftcardCode(row.code),
    amount: centsToDollars(row.amountCents),
    createdAt: row.createdAt.toISOString(),
    redeemedBy: row.redeemedBy,
    redeemedAt: row.redeemedAt?.toISOString() ?? null,
  }));
}

/** One code in full, for a reveal (which the caller audits). */
export async function giftcardCode(db: Database, id: number): Promise<string> {
  const [row] = await db.select({ code: giftcards.code }).from(giftcards).where(eq(giftcards.id, id));
  if (!row) throw new DomainError('GIFTCARD_NOT_FOUND');
  return formatGiftcardCode(row.code);
}
