import { DAY_MS, proxyLine, type UsageHour, RENTAL_USAGE_DAYS } from '@portal/contract';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../db/client';
import { DomainError } from '../errors';
import { randomToken } from '../lib/secrets';
import { addressFor } from '../nodes/node-address';
import { usageHoursSince } from './rental-traffic-repository';
import { findLatestRental, setPasswordOfHeld, updateRental } from './rentals-repository';
import { gatewayPortFor, type GatewayAddress } from './rentals-views';

export interface ControlsDeps {
  db: Database;
  clock: Clock;
}

/**
 * A new password for the caller's rental of a proxy that it holds now; the username stays. The
 * gateway hears of the change through the rentals trigger and closes the connections made with
 * the old password within a second, so a leaked password is dead at once.
 */
export async function newCredentials(
  deps: ControlsDeps,
  userId: number,
  proxyId: number,
  gateway: GatewayAddress,
): Promise<{ proxy: string; password: string }> {
  const password = randomToken(12);
  const row = await setPasswordOfHeld(deps.db, userId, proxyId, password);
  if (!row) throw new DomainError('RENTAL_NOT_FOUND');
  return { proxy: await latestProxyLine(deps.db, userId, proxyId, gateway), password };
}

/** The caller's latest rental of the proxy as its `host:port:user:pass` line on its gateway (a node's when its proxy has one). */
export async function latestProxyLine(
  db: Queryable,
  userId: number,
  proxyId: number,
  gateway: GatewayAddress,
): Promise<string> {
  const found = await findLatestRental(db, userId, proxyId);
  const address = addressFor(found?.node ?? null, gateway);
  const port = gatewayPortFor(found?.proxy.protocol ?? 'SOCKS5', address);
  return proxyLine(address.host, port, found?.rental.username ?? '', found?.rental.password ?? '');
}

/** The caller's label on their latest rental of the proxy (any status: history keeps it). */
export async function setNote(deps: ControlsDeps, userId: number, proxyId: number, note: string): Promise<string> {
  const latest = await findLatestRental(deps.db, userId, proxyId);
  if (!latest) throw new DomainError('RENTAL_NOT_FOUND');
  const text = note.trim();
  await updateRental(deps.db, latest.rental.id, { note: text });
  return text;
}

/** Hourly traffic of the caller's latest rental of the proxy, at most the last RENTAL_USAGE_DAYS. */
export async function usageOf(deps: ControlsDeps, userId: number, proxyId: number): Promise<UsageHour[]> {
  const latest = await findLatestRental(deps.db, userId, proxyId);
  if (!latest) throw new DomainError('RENTAL_NOT_FOUND');
  const since = new Date(deps.clock.now().getTime() - RENTAL_USAGE_DAYS * DAY_MS);
  const rows = await usageHoursSince(deps.db, latest.rental.id, since);
  return rows.map((row) => ({ hour: row.hour.toISOString(), bytes_up: row.bytesUp, bytes_down: row.bytesDown }));
}
