import {
  type BalanceAdjustRequestSchema,
  type GiftcardCreateRequestSchema,
  type NewsAddRequestSchema,
  type ProxyCheckRequestSchema,
  type ProxyImportQuerySchema,
  centsToDollars,
  type NewsItem,
  type ProxyCheckResult,
} from '@portal/contract';
import type { z } from 'zod';
import { findCustomerId } from '../accounts/accounts-repository';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { checkNow, type DiscoveryDeps } from '../discovery/discovery-service';
import { DomainError } from '../errors';
import { readImport } from '../inventory/inventory-import';
import { setProxyEnabled, storeImport, type StoredImport } from '../inventory/inventory-repository';
import { adjustBalanceIn } from '../ledger/ledger';
import { addNews, deleteNews } from '../news/news-repository';
import { createGiftcards, giftcardCode } from '../payments/giftcards';
import { withNodeIds } from '../nodes/import-nodes';
import { recordAudit, type AuditActor } from './audit';

/**
 * Every operator action, one function each, called by the admin API and the command line alike:
 * the same request schema, the same limits and error codes, and the audit row written by the
 * action itself, in the action's own transaction (a change is never left without its row), so
 * the two doors cannot differ. Checking proxies is the exception: it changes states through the
 * upstreams over seconds, and its row records that a check was asked for.
 */
export interface OperatorDeps {
  db: Database;
  clock: Clock;
}

/** Who acts, as the audit log names them: the operator, through the API or the command line. */
export type Actor = AuditActor;

/** Input as a request carries it; the schemas turn dollars into cents. */
export type AdjustInput = z.output<typeof BalanceAdjustRequestSchema>;
export type GiftcardsInput = z.output<typeof GiftcardCreateRequestSchema>;

export async function adjustCustomerBalance(deps: OperatorDeps, actor: Actor, input: AdjustInput) {
  const customerId = await findCustomerId(deps.db, String(input.customer));
  const at = deps.clock.now();
  const balanceCents = await deps.db.transaction(async (tx) => {
    const after = await adjustBalanceIn(tx, {
      userId: customerId,
      amountCents: input.amountCents,
      reason: input.reason,
      at,
    });
    await recordAudit(tx, {
      actor,
      action: 'customers.adjust',
      details: { customerId, amount: centsToDollars(input.amountCents), reason: input.reason },
      at,
    });
    return after;
  });
  return { customerId, balanceCents };
}

export async function createGiftcardBatch(deps: OperatorDeps, actor: Actor, input: GiftcardsInput) {
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
export async function revealGiftcard(deps: OperatorDeps, actor: Actor, id: number): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const code = await giftcardCode(tx, id);
    await recordAudit(tx, { actor, action: 'giftcards.reveal', details: { id }, at: deps.clock.now() });
    return code;
  });
}

export async function importInventory(
  deps: OperatorDeps,
  actor: Actor,
  body: string | unknown[],
  query: z.output<typeof ProxyImportQuerySchema>,
  source: Record<string, unknown> = {},
): Promise<StoredImport> {
  const { rows, rowNumbers } = readImport(body, query);
  return deps.db.transaction(async (tx) => {
    const stored = await storeImport(
      tx,
      await withNodeIds(tx, rows, rowNumbers, query.node),
      deps.clock.now(),
      rowNumbers,
    );
    const { ids } = stored;
    await recordAudit(tx, {
      actor,
      action: 'proxies.import',
      details: {
        ...source,
        added: ids.length,
        firstId: ids[0],
        lastId: ids[ids.length - 1],
        duplicates: stored.duplicates.length,
      },
      at: deps.clock.now(),
    });
    return stored;
  });
}

export async function setProxyEnabledBy(deps: OperatorDeps, actor: Actor, id: number, enabled: boolean) {
  await deps.db.transaction(async (tx) => {
    await setProxyEnabled(tx, id, enabled);
    await recordAudit(tx, {
      actor,
      action: `proxies.${enabled ? 'enable' : 'disable'}`,
      details: { id },
      at: deps.clock.now(),
    });
  });
}

export async function checkProxiesBy(
  deps: DiscoveryDeps,
  actor: Actor,
  input: z.output<typeof ProxyCheckRequestSchema>,
): Promise<ProxyCheckResult[]> {
  const results = await checkNow(deps, input.ids);
  await recordAudit(deps.db, {
    actor,
    action: 'proxies.check',
    details: { ids: input.ids ?? 'all', checked: results.length },
    at: deps.clock.now(),
  });
  return results;
}

export async function addNewsBy(
  deps: OperatorDeps,
  actor: Actor,
  input: z.output<typeof NewsAddRequestSchema>,
): Promise<NewsItem> {
  return deps.db.transaction(async (tx) => {
    const item = await addNews(tx, input, deps.clock.now());
    await recordAudit(tx, {
      actor,
      action: 'news.add',
      details: { id: Number(item._id), title: item.title, important: item.important },
      at: deps.clock.now(),
    });
    return item;
  });
}

export async function deleteNewsBy(deps: OperatorDeps, actor: Actor, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const item = await deleteNews(tx, id);
    if (!item) throw new DomainError('NOT_FOUND', { message: 'News item not found' });
    await recordAudit(tx, {
      actor,
      action: 'news.delete',
      details: { id: Number(item._id), title: item.title },
      at: deps.clock.now(),
    });
  });
}
