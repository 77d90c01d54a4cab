import { centsToDollars, type BalanceAdjustRequestSchema } from '@portal/contract';
import type { z } from 'zod';
import { recordAudit, type AuditActor } from '../audit/audit-service';
import type { Clock } from '../clock';
import type { Database } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { DomainError } from '../errors';
import { adjustBalanceIn } from '../ledger/ledger-service';
import { hashSecret, randomToken, readableCode } from '../lib/secrets';
import {
  endOpenSessions,
  endSession,
  findCustomerId,
  findSessionByTokenHash,
  findUserByApiKeyHash,
  findUserByReferralKey,
  insertSession,
  insertUser,
  lockUser,
  type UserRow,
} from './accounts-repository';
import { customerChanged, type CustomerCache, type SessionEnd } from './customer-cache';

/** The operator's lookup is a plain read with no rule around it; the row is what a guarded request carries. */
export { findCustomerId, type UserRow } from './accounts-repository';
/** The console's overview counts customers and their balances together. */
export { customerTotals } from './accounts-repository';
/** The bot's /balance reads the balance alone, with no rule around it. */
export { findBalanceCents } from './wallet-balance';
/** The referral reward's lookup (payments): a plain read as well. */
export { referrerOf } from './accounts-repository';
/** The operator's search and view of one customer: plain reads, with no rule of the area around them. */
export { searchCustomers } from './customers-repository';

export interface AccountsDeps {
  db: Database;
  clock: Clock;
  /** Keeps customers in memory between requests (main.ts gives one that LISTENs for changes). */
  customers?: CustomerCache | undefined;
}

/** `px_` + 192 random bits: the prefix lets secret scanners recognise a leaked key. */
export function generateApiKey(): string {
  return `px_${randomToken(24)}`;
}

const REFERRAL_KEY_LENGTH = 10;
/** Why a session ended, as stored: a logout, or (any other reason) a login elsewhere. */
const LOGGED_OUT = 'logged out';
const INSERT_ATTEMPTS = 5;

export async function registerCustomer(
  deps: AccountsDeps,
  referralCode: string | null | undefined,
): Promise<{ apiKey: string; user: UserRow }> {
  const code = referralCode?.trim();
  // A code that names nobody is ignored: a visitor with a stale link still gets an account.
  const referrer = code ? await findUserByReferralKey(deps.db, code) : undefined;
  for (let attempt = 1; ; attempt += 1) {
    const apiKey = generateApiKey();
    try {
      const user = await insertUser(deps.db, {
        apiKeyHash: hashSecret(apiKey),
        referralKey: readableCode(REFERRAL_KEY_LENGTH),
        referredBy: referrer?.id ?? null,
        createdAt: deps.clock.now(),
      });
      return { apiKey, user };
    } catch (error) {
      // A referral key collision (1 in 32^10 per pair) just draws again.
      if (!isUniqueViolation(error) || attempt >= INSERT_ATTEMPTS) throw error;
    }
  }
}

async function customerByKey(deps: AccountsDeps, apiKey: string | undefined): Promise<UserRow> {
  if (!apiKey) throw new DomainError('API_KEY_REQUIRED', { status: 401 });
  const user = await findUserByApiKeyHash(deps.db, hashSecret(apiKey));
  if (!user) throw new DomainError('INVALID_API_KEY');
  return user;
}

/**
 * Starts a browser session and ends every earlier one of the account, in one transaction
 * under the user's row lock (one active browser session per account).
 */
export async function loginCustomer(
  deps: AccountsDeps,
  apiKey: string | undefined,
): Promise<{ user: UserRow; sessionToken: string }> {
  if (!apiKey) throw new DomainError('API_KEY_REQUIRED');
  const user = await customerByKey(deps, apiKey);
  const sessionToken = randomToken(32);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    await endOpenSessions(tx, user.id, now, 'signed in elsewhere');
    await insertSession(tx, { userId: user.id, tokenHash: hashSecret(sessionToken), createdAt: now });
    await customerChanged(tx, user.id);
  });
  return { user, sessionToken };
}

/**
 * The customer a key (and browser session) belongs to. From memory, when this process holds it,
 * the answer is a plain value, not a promise: the hottest calls (the polled reads) then pass
 * their guard without waiting a turn of the event loop.
 */
export function authenticate(
  deps: AccountsDeps,
  apiKey: string | undefined,
  sessionToken: string | undefined,
): UserRow | Promise<UserRow> {
  if (!apiKey) throw new DomainError('API_KEY_REQUIRED', { status: 401 });
  const keyHash = hashSecret(apiKey);
  const sessionHash = sessionToken ? hashSecret(sessionToken) : null;
  const cached = deps.customers?.get(keyHash, sessionHash);
  if (cached) {
    if (cached.sessionEnded) throw new DomainError(cached.sessionEnded);
    return cached.user;
  }
  return lookUpCustomer(deps, keyHash, sessionHash);
}

async function lookUpCustomer(deps: AccountsDeps, keyHash: string, sessionHash: string | null): Promise<UserRow> {
  const generation = deps.customers?.currentGeneration() ?? 0;
  const lookUp = async () => {
    const user = await findUserByApiKeyHash(deps.db, keyHash);
    if (!user) return null;
    let sessionEnded: SessionEnd = null;
    if (sessionHash) {
      const session = await findSessionByTokenHash(deps.db, sessionHash);
      // A cookie of another account (keys switched in one browser) says nothing about this one.
      if (session && session.userId === user.id && session.endedAt) {
        // The customer's own logout is not "signed in elsewhere".
        sessionEnded = session.endedReason === LOGGED_OUT ? 'SESSION_LOGGED_OUT' : 'SESSION_ENDED';
      }
    }
    deps.customers?.store(generation, keyHash, user, sessionHash, sessionEnded);
    return { user, sessionEnded };
  };
  // Requests that miss together (an entry just expired under load) share one lookup.
  const found = deps.customers
    ? await deps.customers.lookUps.run(`${keyHash} ${sessionHash ?? ''}`, generation, lookUp)
    : await lookUp();
  if (!found) throw new DomainError('INVALID_API_KEY');
  if (found.sessionEnded) throw new DomainError(found.sessionEnded);
  return found.user;
}

export async function logoutSession(deps: AccountsDeps, sessionToken: string | undefined): Promise<void> {
  if (!sessionToken) return;
  await deps.db.transaction(async (tx) => {
    const userId = await endSession(tx, hashSecret(sessionToken), deps.clock.now(), LOGGED_OUT);
    if (userId !== null) await customerChanged(tx, userId);
  });
}

/** Input as a request carries it; the schema turns dollars into cents. */
export type AdjustInput = z.output<typeof BalanceAdjustRequestSchema>;

/** The operator's change of a balance by hand, from the console and the command line alike. */
export async function adjustCustomerBalance(
  deps: Pick<AccountsDeps, 'db' | 'clock'>,
  actor: AuditActor,
  input: AdjustInput,
) {
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
