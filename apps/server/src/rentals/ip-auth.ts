import type { IpAuth } from '@portal/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PortRange } from '../config';
import type { Queryable } from '../db/client';
import { HOLDING_STATUSES, rentalIpAuth, rentals } from '../db/schema';
import { DomainError } from '../errors';
import type { ControlsDeps } from './proxy-controls';

/**
 * One key for every API process: allocations queue on it for the few milliseconds they take, so
 * "the lowest free port" is never handed out twice. The table's primary key (the port) is the net
 * under it.
 */
const ALLOCATION_LOCK_KEY = 727_016;

/**
 * Sets the sources that may use the caller's rental of a proxy without a password (issue 16).
 * A rental keeps its port while it has a list; an empty list gives the port back. Only a rental
 * that holds its proxy can have one (the rentals trigger releases it when that ends).
 */
export async function setIpAuth(
  deps: ControlsDeps,
  range: PortRange | null,
  userId: number,
  proxyId: number,
  ips: string[],
): Promise<IpAuth | null> {
  return deps.db.transaction(async (tx) => {
    const [rental] = await tx
      .select({ id: rentals.id })
      .from(rentals)
      .where(
        and(eq(rentals.userId, userId), eq(rentals.proxyId, proxyId), inArray(rentals.status, [...HOLDING_STATUSES])),
      )
      .orderBy(desc(rentals.id))
      .limit(1)
      // The status cannot change under us: a rental that ends now waits, then its trigger releases.
      .for('update');
    if (!rental) throw new DomainError('RENTAL_NOT_FOUND');
    if (ips.length === 0) {
      await tx.delete(rentalIpAuth).where(eq(rentalIpAuth.rentalId, rental.id));
      return null;
    }
    const [held] = await tx
      .update(rentalIpAuth)
      .set({ ips })
      .where(eq(rentalIpAuth.rentalId, rental.id))
      .returning({ port: rentalIpAuth.port });
    if (held) return { port: held.port, ips };
    // Turning it on is what needs a port; a server without a range offers no IP authorization.
    if (!range) throw new DomainError('IP_AUTH_UNAVAILABLE');
    const port = await allocatePort(tx, range);
    await tx.insert(rentalIpAuth).values({ port, rentalId: rental.id, ips, createdAt: deps.clock.now() });
    return { port, ips };
  });
}

/** The lowest port of the range that no live allocation holds, inside the caller's transaction. */
async function allocatePort(tx: Queryable, range: PortRange): Promise<number> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${ALLOCATION_LOCK_KEY})`);
  const result = await tx.execute(sql`
    SELECT p AS port FROM generate_series(${range.first}::int, ${range.last}::int) AS p
    WHERE NOT EXISTS (SELECT 1 FROM rental_ip_auth a WHERE a.port = p)
    ORDER BY p LIMIT 1`);
  // Both drivers (pg, PGlite) answer raw queries as { rows }.
  const port = (result as unknown as { rows: { port: number }[] }).rows[0]?.port;
  if (port === undefined) throw new DomainError('IP_AUTH_PORTS_EXHAUSTED');
  return Number(port);
}
