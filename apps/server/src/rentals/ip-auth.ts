import { ipAuthRange, type IpAuth } from '@portal/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit-service';
import type { Clock } from '../clock';
import type { PortRange } from '../config';
import type { Database, Queryable } from '../db/client';
import { ADVISORY_LOCKS } from '../db/advisory-locks';
import { HOLDING_STATUSES, rentalIpAuth, rentals } from '../db/schema';
import { DomainError } from '../errors';
import type { ControlsDeps } from './proxy-controls';

/**
 * Sets the sources that may use the caller's rental of a proxy without a password.
 * A rental keeps its port while it has a list; an empty list gives the port back. Only a rental
 * that holds its proxy can have one (the rentals trigger releases it when that ends).
 */
export interface OwnPortPolicy {
  /** Where own ports come from; null: the server offers no IP authorization. */
  portRange: PortRange | null;
  /** Own ports one customer may hold at once. */
  portsPerCustomer: number;
}

export async function setIpAuth(
  deps: ControlsDeps,
  policy: OwnPortPolicy,
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
    const { portRange } = policy;
    if (!portRange) throw new DomainError('IP_AUTH_UNAVAILABLE');
    const port = await allocatePort(tx, { portRange, portsPerCustomer: policy.portsPerCustomer }, userId);
    await tx.insert(rentalIpAuth).values({ port, rentalId: rental.id, ips, createdAt: deps.clock.now() });
    return { port, ips };
  });
}

/**
 * The lowest port of the range that no live allocation holds, inside the caller's transaction,
 * if the customer is under their share. Both are read under one lock, so two requests of one
 * customer cannot both take the last port of their share.
 */
async function allocatePort(tx: Queryable, policy: OwnPortPolicy & { portRange: PortRange }, userId: number) {
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

/**
 * Lists stored under looser rules than today's: entries the rules refuse now are taken out (a list
 * left empty gives its port back), and each change is written to the audit log. The gateway
 * ignores such entries anyway; this makes the stored lists and what customers see say so too.
 */
export async function narrowStoredIpAuthLists(db: Database, clock: Clock): Promise<number> {
  const rows = await db.select().from(rentalIpAuth);
  let changed = 0;
  for (const row of rows) {
    const kept = row.ips.filter((entry) => ipAuthRange(entry) !== null);
    if (kept.length === row.ips.length) continue;
    const removed = row.ips.filter((entry) => !kept.includes(entry));
    await db.transaction(async (tx) => {
      if (kept.length === 0) await tx.delete(rentalIpAuth).where(eq(rentalIpAuth.port, row.port));
      else await tx.update(rentalIpAuth).set({ ips: kept }).where(eq(rentalIpAuth.port, row.port));
      await recordAudit(tx, {
        actor: SYSTEM_ACTOR,
        action: 'ip_auth.narrowed',
        details: { rentalId: row.rentalId, port: row.port, removed, kept, reason: 'wider than the rules allow' },
        at: clock.now(),
      });
    });
    changed += 1;
  }
  return changed;
}
