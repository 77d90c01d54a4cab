import { and, desc, eq, sql } from 'drizzle-orm';
import type { PortRange } from '../config';
import type { Queryable } from '../db/client';
import { rentalHolds } from '../db/proxy-held';
import { ADVISORY_LOCKS } from '../db/advisory-locks';
import { rentalIpAuth, rentals } from '../db/tables/rentals';
import { DomainError } from '../errors';

/**
 * The caller's rental of the proxy that holds it, locked: its status cannot change under the
 * caller (a rental that ends meanwhile waits, then its trigger releases the port).
 */
export async function lockHoldingRental(tx: Queryable, userId: number, proxyId: number) {
  const [rental] = await tx
    .select({ id: rentals.id })
    .from(rentals)
    .where(and(eq(rentals.userId, userId), eq(rentals.proxyId, proxyId), rentalHolds))
    .orderBy(desc(rentals.id))
    .limit(1)
    .for('no key update');
  return rental;
}

/** Turns the rental's IP authorization off: its port is free again. */
export async function dropIpAuth(tx: Queryable, rentalId: number): Promise<void> {
  await tx.delete(rentalIpAuth).where(eq(rentalIpAuth.rentalId, rentalId));
}

/** A new list on the port the rental holds; undefined when it holds none. */
export async function replaceIpAuthList(tx: Queryable, rentalId: number, ips: string[]) {
  const [held] = await tx
    .update(rentalIpAuth)
    .set({ ips })
    .where(eq(rentalIpAuth.rentalId, rentalId))
    .returning({ port: rentalIpAuth.port });
  return held;
}

export async function insertIpAuth(tx: Queryable, row: typeof rentalIpAuth.$inferInsert): Promise<void> {
  await tx.insert(rentalIpAuth).values(row);
}

export function allIpAuthLists(db: Queryable) {
  return db.select().from(rentalIpAuth);
}

/** What is left of a port's list; nothing left gives the port back. */
export async function narrowIpAuthList(tx: Queryable, port: number, kept: string[]): Promise<void> {
  if (kept.length === 0) await tx.delete(rentalIpAuth).where(eq(rentalIpAuth.port, port));
  else await tx.update(rentalIpAuth).set({ ips: kept }).where(eq(rentalIpAuth.port, port));
}

/**
 * The lowest port of the range that no live allocation holds, inside the caller's transaction,
 * if the customer is under their share. Both are read under one lock, so two requests of one
 * customer cannot both take the last port of their share.
 */
export async function allocatePort(
  tx: Queryable,
  policy: { portRange: PortRange; portsPerCustomer: number },
  userId: number,
) {
  const range = policy.portRange;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.ipAuthPorts})`);
  const held = await tx.execute(sql`
    SELECT count(*)::int AS held FROM rental_ip_auth a JOIN rentals r ON r.id = a.rental_id
    WHERE r.user_id = ${userId}`);
  if (Number((held as unknown as { rows: { held: number }[] }).rows[0]?.held ?? 0) >= policy.portsPerCustomer) {
    throw new DomainError('IP_AUTH_PORT_LIMIT_REACHED', {
      message: `Your account already has IP authorization on ${policy.portsPerCustomer} rentals, the most one account may have. Turn it off on another rental first.`,
    });
  }
  const result = await tx.execute(sql`
    SELECT p AS port FROM generate_series(${range.first}::int, ${range.last}::int) AS p
    WHERE NOT EXISTS (SELECT 1 FROM rental_ip_auth a WHERE a.port = p)
    ORDER BY p LIMIT 1`);
  // Both drivers (pg, PGlite) answer raw queries as { rows }.
  const port = (result as unknown as { rows: { port: number }[] }).rows[0]?.port;
  if (port === undefined) throw new DomainError('IP_AUTH_PORTS_EXHAUSTED');
  return Number(port);
}
