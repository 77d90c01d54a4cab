import type { CredentialStore } from './credential-store';
import type { OwnPorts } from './own-ports';
import type { RentalConnections } from './rental-connections';
import type { RentalSources, SourceLedger } from './rental-sources';

/** The parts of a gateway that hold what it learned: a link fills and updates them. */
export interface LinkedParts {
  store: CredentialStore;
  ownPorts: OwnPorts;
  sources: RentalSources;
  connections: RentalConnections;
}

/** One rental's bytes in one hour, as a flush counted them. */
export interface UsageEntry {
  rentalId: number;
  hour: Date;
  up: number;
  down: number;
}

/** What a gateway reports about itself once it listens (the heartbeat, a node's report). */
export interface ServingState {
  socksPort: number;
  httpPort: number;
  tlsPort: number | null;
  openConnections: () => number;
}

/** What a gateway writes about its rentals' traffic: the usage it counted and which rentals were active. */
export interface UsageSink {
  /** A flush: bytes per rental and hour, and the rentals that carried traffic since the last one. */
  usage(entries: UsageEntry[], active: number[], at: Date): Promise<void>;
  /** A rental's first tunnel since the last flush, told at once (a refund or replacement check may be looking). */
  activity(rentalIds: number[], at: Date): Promise<void>;
}

/**
 * Everything a gateway learns and reports goes through this: where credentials, IP
 * authorization lists and the many-addresses rule's lists come from, and where usage and the
 * gateway's own state go. The shop's gateways use the database (database-link.ts); a node on
 * another server uses the shop's API over HTTP(S) (node/panel-link.ts).
 */
export interface GatewayLink extends UsageSink {
  /** The many-addresses rule's lists: shared in the database, or a node's own memory. */
  readonly ledger: SourceLedger;
  /** Usage flushes this often (a node's journal bounds what a crash loses by it). */
  readonly flushMs: number;
  /** Fills `parts` with what this gateway serves and keeps them current; resolves once the first picture is in. */
  start(parts: LinkedParts): Promise<void>;
  /** The fronts listen: tell whoever watches this gateway. */
  serving(state: ServingState): Promise<void>;
  /** Whether a new connection may be served now (a node out of touch too long says no). */
  admits(): boolean;
  /** Stops learning and reporting (after the store's last flush went through `usage`). */
  close(): Promise<void>;
}
