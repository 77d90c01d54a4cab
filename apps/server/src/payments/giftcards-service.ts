import { centsToDollars, type GiftcardCreateRequestSchema } from '@portal/contract';
import type { z } from 'zod';
import { recordAudit, type AuditActor } from '../admin/audit';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { createGiftcards, giftcardCode } from './giftcards';

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

/** A gift card code in full again: the money roles' call, and each reveal leaves its row. */
export async function revealGiftcard(deps: GiftcardDeps, actor: AuditActor, id: number): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const code = await giftcardCode(tx, id);
    await recordAudit(tx, { actor, action: 'giftcards.reveal', details: { id }, at: deps.clock.now() });
    return code;
  });
}
