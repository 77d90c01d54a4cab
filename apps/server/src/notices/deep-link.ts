import { LINK_CODE_MS } from '@portal/contract';
import type { Clock } from '../clock';
import type { Database, Transaction } from '../db/client';
import { DomainError } from '../errors';
import { hashSecret, randomToken } from '../lib/secrets';
import type { TelegramApi } from './telegram-api';

/** What a link's holder keeps of its code: never the code itself. */
export interface LinkCode {
  codeHash: string;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * A one-time deep link, `https://t.me/<bot>?start=<code>`, for a customer's or an operator's
 * chat. The code has 192 random bits; `keep` stores its hash (and drops the holder's unused
 * older ones) in one transaction, so a newer link always replaces the older.
 */
export async function issueDeepLink(
  deps: { db: Database; clock: Clock; telegram: TelegramApi | null },
  keep: (tx: Transaction, code: LinkCode) => Promise<void>,
): Promise<string> {
  if (!deps.telegram) throw new DomainError('TELEGRAM_NOT_CONFIGURED');
  let username: string;
  try {
    username = await deps.telegram.botUsername();
  } catch {
    throw new DomainError('TELEGRAM_UNAVAILABLE');
  }
  const code = randomToken(24);
  const now = deps.clock.now();
  const kept = { codeHash: hashSecret(code), createdAt: now, expiresAt: new Date(now.getTime() + LINK_CODE_MS) };
  await deps.db.transaction((tx) => keep(tx, kept));
  return `https://t.me/${encodeURIComponent(username)}?start=${code}`;
}
