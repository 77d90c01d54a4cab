import { centsToDollars, type GiftcardCreateRequestSchema } from '@portal/contract';
import type { z } from 'zod';
import { recordAudit, type AuditActor } from '../audit/audit-service';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { DomainError } from '../errors';
import { lockBalance, postEntry } from '../ledger/ledger-service';
import { queueNotice } from '../notices/notices-service';
import { maskGiftcardCode, normalizeGiftcardCode } from './giftcard-codes';
import { claimGiftcard, createGiftcards, giftcardCode, selectGiftcards } from './giftcards-repository';

export interface GiftcardDeps {
  db: Database;
  clock: Clock;
}

/** Input as a request carries it; the schema turns dollars into cents. */
export type GiftcardsInput = z.output<typeof GiftcardCreateRequestSchema>;

/** The operator's new codes, from the console and the command line alike, with their audit row. */
export async function createGiftcardBatch(deps: GiftcardDeps, actor: AuditActor, input: GiftcardsInput) {
  const at = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const codes = await createGiftcards(tx, { amountCents: input.amountCents, count: input.count, at });
    // The codes themselves stay out of the log: anyone reading it could redeem them. This answer
    // is the only one that holds them; lists show them masked.
    await recordAudit(tx, {
      actor,
      action: 'giftcards.create',
      details: { amount: centsToDollars(input.amountCents), count: codes.length },
      at,
    });
    return codes;
  });
}

/** What a redemption added, and the wallet after it, in cents. */
export interface Redeemed {
  amountCents: number;
  walletCents: number;
}

/** A gift card code in full again: the money roles' call, and each reveal leaves its row. */
export async function revealGiftcard(deps: GiftcardDeps, actor: AuditActor, id: number): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const code = await giftcardCode(tx, id);
    await recordAudit(tx, { actor, action: 'giftcards.reveal', details: { id }, at: deps.clock.now() });
    return code;
  });
}

/**
 * Redeems a code once, ever: only one of any number of concurrent redemptions claims the card,
 * and the ledger's unique index backs it up.
 */
export async function redeemGiftcard(deps: GiftcardDeps, userId: number, input: string): Promise<Redeemed> {
  const code = normalizeGiftcardCode(input);
  return deps.db.transaction(async (tx) => {
    await lockBalance(tx, userId);
    const now = deps.clock.now();
    const card = await claimGiftcard(tx, code, userId, now);
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

/** Every card, newest first, its code masked: lists are read by roles that may not redeem. */
export async function listGiftcards(db: Database) {
  const rows = await selectGiftcards(db);
  return rows.map((row) => ({
    id: row.id,
    code: maskGiftcardCode(row.code),
    amount: centsToDollars(row.amountCents),
    createdAt: row.createdAt.toISOString(),
    redeemedBy: row.redeemedBy,
    redeemedAt: row.redeemedAt?.toISOString() ?? null,
  }));
}
