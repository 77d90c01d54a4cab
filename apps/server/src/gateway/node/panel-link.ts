import path from 'node:path';
import {
  NODE_REPORT_MS,
  NODE_SILENCE_MS,
  parseNodeStreamLine,
  type NodeAccess,
  type NodeIpAuthEntry,
  type NodeStreamMessage,
  type Probe,
} from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Access } from '../credential-store';
import type { GatewayLink, LinkedParts, ServingState, UsageEntry } from '../gateway-link';
import { MemoryLedger, sighting, unsentSightings } from './memory-ledger';
import { NodeStateFiles, type KnownState } from './node-state';
import type { PanelClient, PanelStream } from './panel-client';
import { runProbe } from './node-probes';
import { UsageJournal } from './usage-journal';

/** NODE_OFFLINE_GRACE_SECONDS when unset. */
export const DEFAULT_NODE_OFFLINE_GRACE_MS = 900_000;
/** A node flushes its counts this often: what kill -9 can lose. */
export const NODE_FLUSH_MS = 1000;
const BACKOFF_MIN_MS = 1000;
const BACKOFF_MAX_MS = 10_000;
/** How long a starting node waits for its first snapshot before its fronts listen anyway. */
const FIRST_SNAPSHOT_WAIT_MS = 5000;

export interface PanelLinkOptions {
  client: PanelClient;
  /** The node's DATA_DIR: its journal and last picture live under it. */
  dataDir: string;
  clock: Clock;
  /** NODE_OFFLINE_GRACE_SECONDS in ms: how long after its last contact the node serves what it knows. */
  graceMs: number;
  log: FastifyBaseLogger;
  version: string;
  /** UDP probes send from here (the gateway's bind address). */
  bindHost: string;
  /** Tests shorten these; the protocol's values otherwise. */
  silenceMs?: number;
  reportMs?: number;
  backoffMaxMs?: number;
}

const toAccess = (wire: NodeAccess): Access => ({
  rentalId: wire.rentalId,
  username: wire.username,
  password: wire.password,
  status: wire.status,
  endTime: new Date(wire.endTime),
  upstream: wire.upstream,
  proxyEnabled: wire.proxyEnabled,
  maxConnections: wire.maxConnections,
  maxSourceIps: wire.maxSourceIps,
});

/**
 * A node's link to the shop: a stream of what it serves from `GET /api/node/stream` (a snapshot
 * that replaces what it knew, then changes), its report every 10 s, its usage in numbered batches
 * from a journal on disk, and the checks the API asks it to run. Out of touch, it serves what it
 * knows for the grace after its last contact, then refuses new connections until the stream is
 * back; a 401 (revoked) stops it serving at once.
 */
export class PanelLink implements GatewayLink {
  readonly ledger = new MemoryLedger();
  readonly flushMs = NODE_FLUSH_MS;
  private parts: LinkedParts | null = null;
  private readonly files: NodeStateFiles;
  private readonly journal: UsageJournal;
  private readonly known = {
    rentals: new Map<string, NodeAccess>(),
    ipAuth: new Map<number, NodeIpAuthEntry>(),
    settings: null as KnownState['settings'] | null,
  };
  private lastContact: number | null = null;
  private savedContact: number | null = null;
  private dirty = false;
  private revokedState = false;
  private stream: PanelStream | null = null;
  private silence: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  private backoffMs = BACKOFF_MIN_MS;
  private closed = false;
  private delivering: Promise<void> | null = null;
  private readonly announced = new Set<number>();
  private readonly totals = { up: 0, down: 0 };
  private serving_: ServingState | null = null;
  private readonly timers: NodeJS.Timeout[] = [];
  private firstSnapshot: (() => void) | null = null;
  /** Snapshots applied since start (tests and the bench wait on it). */
  snapshots = 0;

  constructor(private readonly options: PanelLinkOptions) {
    this.files = new NodeStateFiles(path.join(options.dataDir, 'node'));
    this.journal = new UsageJournal(path.join(options.dataDir, 'node', 'usage.journal'));
  }

  /** The API refused this node's token (revoked or unknown). */
  get revoked(): boolean {
    return this.revokedState;
  }

  /** Whether the stream is open now. */
  get connected(): boolean {
    return this.stream !== null && this.snapshots > 0 && !this.revokedState;
  }

  admits(): boolean {
    if (this.revokedState || this.lastContact === null) return false;
    return this.options.clock.now().getTime() - this.lastContact <= this.options.graceMs;
  }

  async start(parts: LinkedParts): Promise<void> {
    this.parts = parts;
    const saved = this.files.load();
    // A restart during an outage: the grace still counts from the last contact before it.
    if (saved && this.options.clock.now().getTime() - saved.contactAt <= this.options.graceMs) {
      this.applySnapshot(saved.state);
      this.lastContact = saved.contactAt;
      this.savedContact = saved.contactAt;
      this.options.log.warn({ rentals: saved.state.rentals.length }, 'node: serving the last picture saved on disk');
    }
    const first = new Promise<void>((resolve) => (this.firstSnapshot = resolve));
    this.connect();
    const waited = setTimeout(() => this.firstSnapshot?.(), FIRST_SNAPSHOT_WAIT_MS);
    await first;
    clearTimeout(waited);
    this.timers.push(setInterval(() => this.tick(), NODE_FLUSH_MS));
  }

  async serving(state: ServingState): Promise<void> {
    this.serving_ = state;
    await this.report();
    this.timers.push(setInterval(() => void this.report(), this.options.reportMs ?? NODE_REPORT_MS));
  }

  private touch(): void {
    if (this.closed) return;
    this.lastContact = this.options.clock.now().getTime();
  }

  private connect(): void {
    if (this.closed) return;
    let revokedNow = false;
    this.stream = this.options.client.stream('/api/node/stream', {
      onStatus: (status) => {
        if (status === 401) {
          revokedNow = true;
          this.revoke();
        }
      },
      onData: () => this.armSilence(),
      onLine: (line) => this.onLine(line),
      onClose: (reason) => {
        this.stream = null;
        if (this.silence) clearTimeout(this.silence);
        if (this.closed) return;
        this.options.log.warn({ reason, retryMs: this.backoffMs }, 'node: the stream from the API is closed');
        // Start does not wait for a shop that cannot be reached: the fronts open and refuse.
        if (!revokedNow) this.firstSnapshot?.();
        this.retry = setTimeout(() => this.connect(), this.backoffMs);
        this.retry.unref();
        this.backoffMs = Math.min(this.backoffMs * 2, this.options.backoffMaxMs ?? BACKOFF_MAX_MS);
      },
    });
    this.armSilence();
  }

  /** 15 s without a byte: contact is lost, and a new stream starts with a new snapshot. */
  private armSilence(): void {
    if (this.silence) clearTimeout(this.silence);
    this.silence = setTimeout(() => this.stream?.close(), this.options.silenceMs ?? NODE_SILENCE_MS);
    this.silence.unref();
  }

  private onLine(line: string): void {
    const message = parseNodeStreamLine(line);
    if (!message) {
      this.options.log.warn('node: a line of the stream is not of the protocol; skipped');
      return;
    }
    this.touch();
    this.apply(message);
  }

  private apply(message: NodeStreamMessage): void {
    const parts = this.parts;
    if (!parts) return;
    switch (message.type) {
      case 'snapshot':
        this.revokedState = false;
        this.applySnapshot(message);
        if (message.sources)
          this.ledger.load(message.sources.map(sighting), unsentSightings(this.journal.pending(), message.rentals));
        this.snapshots += 1;
        this.options.log.info({ rentals: message.rentals.length }, 'node: snapshot applied, in touch with the shop');
        this.backoffMs = BACKOFF_MIN_MS;
        this.firstSnapshot?.();
        this.firstSnapshot = null;
        break;
      case 'rental':
        this.known.rentals.set(message.access.username, message.access);
        parts.store.put(toAccess(message.access));
        this.dirty = true;
        break;
      case 'forget': {
        const gone = this.known.rentals.get(message.username);
        this.known.rentals.delete(message.username);
        parts.store.forget(message.username);
        if (gone) {
          // No longer this node's: nothing of it stays, its own port included.
          this.known.ipAuth.delete(gone.rentalId);
          parts.ownPorts.setRental(gone.rentalId, null);
          this.ledger.clear(gone.rentalId);
        }
        this.dirty = true;
        break;
      }
      case 'ipAuth':
        if (message.entry) this.known.ipAuth.set(message.rentalId, message.entry);
        else this.known.ipAuth.delete(message.rentalId);
        parts.ownPorts.setRental(message.rentalId, message.entry);
        this.dirty = true;
        break;
      case 'sourcesCleared':
        this.ledger.clear(message.rentalId);
        void parts.sources.reload(message.rentalId);
        break;
      case 'probe':
        void this.probe(message);
        break;
      case 'ping':
        break;
    }
  }

  private applySnapshot(snapshot: KnownState): void {
    const parts = this.parts;
    if (!parts) return;
    this.known.rentals = new Map(snapshot.rentals.map((access) => [access.username, access]));
    this.known.ipAuth = new Map(snapshot.ipAuth.map((entry) => [entry.rentalId, entry]));
    this.known.settings = snapshot.settings;
    parts.store.replaceAll(snapshot.rentals.map(toAccess));
    parts.ownPorts.replaceAll(snapshot.ipAuth);
    parts.connections.defaultMax = snapshot.settings.rentalMaxConnections;
    parts.sources.configure({
      defaultMax: snapshot.settings.rentalMaxSourceIps,
      windowMs: snapshot.settings.sourceWindowMs,
    });
    this.dirty = true;
  }

  private revoke(): void {
    if (!this.revokedState) {
      this.options.log.error('node: the API refused this node token (revoked or unknown); serving nothing');
    }
    this.revokedState = true;
    this.lastContact = null;
    this.known.rentals.clear();
    this.known.ipAuth.clear();
    this.parts?.store.replaceAll([]);
    this.parts?.ownPorts.replaceAll([]);
    this.files.remove();
    this.savedContact = null;
    this.dirty = false;
    this.firstSnapshot?.();
  }

  private async probe(probe: Probe & { type: 'probe' }): Promise<void> {
    const { type: _type, ...request } = probe;
    const result = await runProbe(request, this.options.bindHost);
    await this.post(`/api/node/probes/${encodeURIComponent(probe.id)}`, result).catch((error: unknown) =>
      this.options.log.warn({ err: String(error) }, 'node: a probe result could not be delivered'),
    );
  }

  /**
   * POSTs as this node: a 401 is revocation. A 2xx is not contact: cuts, moves and new passwords
   * come only by the stream, so a node whose posts go through while its stream cannot open would
   * serve what it knew for ever; the grace counts from the stream's last line alone.
   */
  private async post(pathname: string, body: unknown): Promise<number> {
    const answer = await this.options.client.post(pathname, body);
    if (answer.status === 401) this.revoke();
    return answer.status;
  }

  private async report(): Promise<void> {
    const state = this.serving_;
    if (!state || this.closed) return;
    await this.post('/api/node/report', {
      version: this.options.version,
      socksPort: state.socksPort,
      httpPort: state.httpPort,
      tlsPort: state.tlsPort,
      openConnections: state.openConnections(),
      bytesUp: this.totals.up,
      bytesDown: this.totals.down,
    }).catch(() => undefined);
  }

  activity(rentalIds: number[]): Promise<void> {
    // Told with the next batch, within a second: a node has no faster way to the database.
    for (const id of rentalIds) this.announced.add(id);
    return Promise.resolve();
  }

  usage(entries: UsageEntry[], active: number[], at: Date): Promise<void> {
    const all = new Set([...active, ...this.announced]);
    this.announced.clear();
    const sources = this.ledger.takeChanged().map((row) => ({
      rentalId: row.rentalId,
      source: row.source,
      firstSeen: row.firstSeen.toISOString(),
      lastSeen: row.lastSeen.toISOString(),
    }));
    if (entries.length === 0 && all.size === 0 && sources.length === 0) return Promise.resolve();
    this.journal.appendAll({
      at: at.toISOString(),
      entries: entries.map((entry) => ({ ...entry, hour: entry.hour.toISOString() })),
      active: [...all],
      sources,
    });
    for (const entry of entries) {
      this.totals.up += entry.up;
      this.totals.down += entry.down;
    }
    void this.deliver();
    return Promise.resolve();
  }

  /** Sends what the journal owes, oldest first; one run at a time, stopping at the first failure. */
  deliver(): Promise<void> {
    this.delivering ??= (async () => {
      try {
        for (const batch of this.journal.pending()) {
          if (this.revokedState) return;
          const status = await this.post('/api/node/usage', batch);
          if (status < 200 || status >= 300) return;
          this.journal.acknowledge(batch.batch);
        }
      } catch {
        // Unreachable: the journal keeps the batches for the next try.
      } finally {
        this.delivering = null;
      }
    })();
    return this.delivering;
  }

  /** Batches not yet acknowledged by the API. */
  get owed(): number {
    return this.journal.pending().length;
  }

  /** Once a second: owed batches go out, and the picture and contact time go to disk when they changed. */
  private tick(): void {
    if (this.journal.pending().length > 0) void this.deliver();
    this.persist();
  }

  private persist(): void {
    try {
      if (this.dirty && this.known.settings && !this.revokedState) {
        this.files.saveState({
          rentals: [...this.known.rentals.values()],
          ipAuth: [...this.known.ipAuth.values()],
          settings: this.known.settings,
        });
        this.dirty = false;
      }
      if (this.lastContact !== null && this.lastContact !== this.savedContact && !this.revokedState) {
        this.files.saveContact(this.lastContact);
        this.savedContact = this.lastContact;
      }
    } catch (error) {
      this.options.log.error({ err: String(error) }, 'node: its state could not be written to DATA_DIR');
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    if (this.retry) clearTimeout(this.retry);
    if (this.silence) clearTimeout(this.silence);
    this.stream?.close();
    // The store's last flush is in the journal; one try to deliver it, which a restart repeats if need be.
    await Promise.race([this.deliver(), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
    this.persist();
    this.journal.close();
    this.options.client.close();
  }
}
