import { ipAuthRange, type IpAuth } from '@portal/contract';
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit-service';
import type { Clock } from '../clock';
import type { PortRange } from '../config';
import type { Database } from '../db/client';
import { DomainError } from '../errors';
import {
  allIpAuthLists,
  allocatePort,
  dropIpAuth,
  insertIpAuth,
  lockHoldingRental,
  narrowIpAuthList,
  replaceIpAuthList,
} from './ip-auth-repository';
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
    const rental = await lockHoldingRental(tx, userId, proxyId);
    if (!rental) throw new DomainError('RENTAL_NOT_FOUND');
    if (ips.length === 0) {
      await dropIpAuth(tx, rental.id);
      return null;
    }
    const held = await replaceIpAuthList(tx, rental.id, ips);
    if (held) return { port: held.port, ips };
    // Turning it on is what needs a port; a server without a range offers no IP authorization.
    const { portRange } = policy;
    if (!portRange) throw new DomainError('IP_AUTH_UNAVAILABLE');
    const port = await allocatePort(tx, { portRange, portsPerCustomer: policy.portsPerCustomer }, userId);
    await insertIpAuth(tx, { port, rentalId: rental.id, ips, createdAt: deps.clock.now() });
    return { port, ips };
  });
}

/**
 * Lists stored under looser rules than today's: entries the rules refuse now are taken out (a list
 * left empty gives its port back), and each change is written to the audit log. The gateway
 * ignores such entries anyway; this makes the stored lists and what customers see say so too.
 */
export async function narrowStoredIpAuthLists(db: Database, clock: Clock): Promise<number> {
  const rows = await allIpAuthLists(db);
  let changed = 0;
  for (const row of rows) {
    const kept = row.ips.filter((entry) => ipAuthRange(entry) !== null);
    if (kept.length === row.ips.length) continue;
    const removed = row.ips.filter((entry) => !kept.includes(entry));
    await db.transaction(async (tx) => {
      await narrowIpAuthList(tx, row.port, kept);
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
