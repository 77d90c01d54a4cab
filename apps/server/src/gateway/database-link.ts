import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Database, DatabaseHandle } from '../db/client';
import { startHeartbeat } from '../ops/gateway-heartbeat';
import { recordActivity } from '../rentals/rental-activity';
import { addRentalUsage } from '../rentals/rental-usage';
import { liveSources, settleSource, touchSource } from '../rentals/sources-service';
import { RENTAL_SOURCES_CHANNEL } from '../rentals/sources-types';
import type { CredentialStore } from './credential-store';
import { FLUSH_MS } from './credential-store';
import {
  accessByUsername,
  heldAccessOfOwnProxies,
  heldAccessOfProxy,
  ownPortAllocation,
  ownPortAllocations,
} from './access-repository';
import type { GatewayLink, LinkedParts, ServingState, UsageEntry, UsageSink } from './gateway-link';
import { RECONCILE_MS, type OwnPorts } from './own-ports';
import type { SourceLedger } from './rental-sources';

/**
 * Every rental that holds a proxy of the shop's own: what a starting (or reconnected) gateway must
 * know.
 */
export async function loadAllAccess(db: Database, store: CredentialStore): Promise<void> {
  store.replaceAll(await heldAccessOfOwnProxies(db));
}

async function reloadUsername(db: Database, store: CredentialStore, username: string): Promise<void> {
  const row = await accessByUsername(db, username);
  if (row && row.nodeId === null) store.put(row);
  else store.forget(username);
}

async function reloadProxy(db: Database, store: CredentialStore, proxyId: number): Promise<void> {
  // The proxy moved to a node: its rentals leave this gateway (their open connections are cut).
  for (const row of await heldAccessOfProxy(db, proxyId)) {
    if (row.nodeId === null) store.put(row);
    else store.forget(row.username);
  }
}

/** The usage a flush counted, written to the rentals' totals and hourly rows, and their activity. */
export function databaseUsage(db: Database): UsageSink {
  return {
    usage: async (entries: UsageEntry[], active: number[], at: Date) => {
      for (const { rentalId, hour, up, down } of entries) {
        // One transaction: the hourly rows always add up to the rental's totals.
        await db.transaction((tx) => addRentalUsage(tx, rentalId, hour, up, down));
      }
      await recordActivity(db, active, at);
    },
    activity: (rentalIds: number[], at: Date) => recordActivity(db, rentalIds, at),
  };
}

/** The many-addresses rule's lists in the database: every gateway process shares one count. */
export function databaseLedger(db: Database): SourceLedger {
  return {
    settle: (rentalId, source, limit, now, windowMs) => settleSource(db, rentalId, source, limit, now, windowMs),
    touch: (rentalId, source, at) => touchSource(db, rentalId, source, at),
    live: (rentalId, since) => liveSources(db, rentalId, since),
  };
}

/**
 * The shop's own gateways: everything is read from PostgreSQL, kept current through
 * LISTEN/NOTIFY, and written back there; the heartbeat row tells the API's watcher it is alive.
 */
export class DatabaseLink implements GatewayLink {
  readonly ledger: SourceLedger;
  readonly flushMs = FLUSH_MS;
  private readonly sink: UsageSink;
  private stopListening: (() => Promise<void>) | null = null;
  private stopHeartbeat: (() => Promise<void>) | null = null;
  private reconciler: NodeJS.Timeout | null = null;
  /** Own ports' reads one after another: an older answer must not overwrite a newer one. */
  private portsQueue: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {
    this.ledger = databaseLedger(database.db);
    this.sink = databaseUsage(database.db);
  }

  usage(entries: UsageEntry[], active: number[], at: Date): Promise<void> {
    return this.sink.usage(entries, active, at);
  }

  activity(rentalIds: number[], at: Date): Promise<void> {
    return this.sink.activity(rentalIds, at);
  }

  admits(): boolean {
    return true;
  }

  private ports(task: (ownPorts: OwnPorts) => Promise<void>, ownPorts: OwnPorts): Promise<void> {
    const next = this.portsQueue.then(() => task(ownPorts));
    this.portsQueue = next.catch(() => undefined);
    return next;
  }

  private loadAllPorts(ownPorts: OwnPorts): Promise<void> {
    return this.ports(async (target) => target.replaceAll(await ownPortAllocations(this.database.db)), ownPorts);
  }

  async start({ store, ownPorts, sources }: LinkedParts): Promise<void> {
    const db = this.database.db;
    this.stopListening = await this.database.listen(
      ['rental_access', 'proxy_access', 'rental_ip_auth', RENTAL_SOURCES_CHANNEL],
      (channel, payload) => {
        const id = Number.parseInt(payload, 10);
        const reload =
          channel === 'rental_access'
            ? reloadUsername(db, store, payload)
            : channel === 'proxy_access'
              ? reloadProxy(db, store, id).then(() => this.loadAllPorts(ownPorts))
              : channel === RENTAL_SOURCES_CHANNEL
                ? sources.reload(id)
                : this.ports(async (target) => {
                    target.setPort(id, (await ownPortAllocation(db, id)) ?? null);
                  }, ownPorts);
        reload.catch((error: unknown) =>
          this.log.error({ err: String(error) }, 'gateway: reloading credentials failed'),
        );
      },
      () => {
        void loadAllAccess(db, store).catch(() => undefined);
        void this.loadAllPorts(ownPorts).catch(() => undefined);
        void sources.reloadAll().catch(() => undefined);
      },
    );
    await loadAllAccess(db, store);
    await this.loadAllPorts(ownPorts);
    // A notification lost outside a reconnect (or a port another program held): now and then, all again.
    this.reconciler = setInterval(() => void this.loadAllPorts(ownPorts).catch(() => undefined), RECONCILE_MS);
    this.reconciler.unref();
  }

  async serving(state: ServingState): Promise<void> {
    // Once it serves: the API's watcher alerts when this row stops being renewed.
    this.stopHeartbeat = await startHeartbeat(this.database.db, this.clock, {
      socks: state.socksPort,
      http: state.httpPort,
    });
  }

  async close(): Promise<void> {
    if (this.reconciler) clearInterval(this.reconciler);
    await this.portsQueue;
    await this.stopListening?.();
    await this.stopHeartbeat?.();
  }
}
