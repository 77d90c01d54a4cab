import type { ServerResponse } from 'node:http';
import { NODE_PING_MS, NODE_STREAM_CONTENT_TYPE, type NodeSettings } from '@portal/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Database, DatabaseHandle } from '../db/client';
import { liveSourcesOfNode } from '../rentals/sources-service';
import { RENTAL_SOURCES_CHANNEL } from '../rentals/sources-types';
import {
  claimProbe,
  rentalsByUsername,
  rentalsOfPorts,
  rentalsOfProxies,
  servedRentals,
  touchNodes,
  type RentalState,
} from './node-repository';
import { NodeStream } from './node-stream';

/** Payload: a node's id. Sent when a node is revoked: its streams close at once. */
export const NODE_REVOKED_CHANNEL = 'node_revoked';
/** Payload: `<node id>:<probe id>`, from the node_probes trigger. */
export const NODE_PROBE_CHANNEL = 'node_probe';

/** Far above a snapshot of tens of thousands of rentals and the changes of a busy minute. */
const DEFAULT_MAX_BUFFERED = 32 * 1024 * 1024;

export interface NodeChannelOptions {
  db: Database;
  clock: Clock;
  listen: DatabaseHandle['listen'];
  settings: NodeSettings;
  log: FastifyBaseLogger;
  /** Bytes a stream may hold unread by its node before it is dropped. */
  maxBufferedBytes?: number;
  pingMs?: number;
}

/** Changes heard since the last round, gathered so a burst costs one query per kind. */
interface Pending {
  usernames: Set<string>;
  proxies: Set<number>;
  ports: Set<number>;
  sources: Set<number>;
  streams: NodeStream[];
}

const emptyPending = (): Pending => ({
  usernames: new Set(),
  proxies: new Set(),
  ports: new Set(),
  sources: new Set(),
  streams: [],
});

/**
 * The API side of every node stream this process holds. It listens on the notifications the
 * shop's own gateways use and turns each change into the lines each node must see; changes are
 * handled in rounds, one at a time, and a new stream's snapshot is read in a round too, so a
 * change is never told before (and thus undone by) a snapshot read earlier.
 */
/** Streams one node may hold open in one API process. */
export const STREAMS_PER_NODE = 2;

export class NodeChannel {
  private readonly streams = new Set<NodeStream>();
  /** Streams accepted whose snapshot is not sent yet (waiting for a round, or in one). */
  private readonly opening = new Set<NodeStream>();
  private pending = emptyPending();
  private running = false;
  private listening: Promise<() => Promise<void>> | null = null;
  private pinger: NodeJS.Timeout | null = null;

  constructor(private readonly options: NodeChannelOptions) {}

  /** Streams this process holds now (for tests and the console). */
  connectedNodes(): number[] {
    return [...new Set([...this.streams].map((stream) => stream.nodeId))];
  }

  /** Listening on the notifications, before any stream starts (none may be missed). */
  async ready(): Promise<void> {
    await this.ensureListening();
  }

  /** Starts a node's stream on `response`: headers now, the snapshot in the next round. */
  async open(nodeId: number, response: ServerResponse): Promise<void> {
    await this.ensureListening();
    response.writeHead(200, {
      'content-type': NODE_STREAM_CONTENT_TYPE,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    const stream = new NodeStream(nodeId, response, this.options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED, (closed) =>
      this.streams.delete(closed),
    );
    // Revoked between its token's check and now: it gets no snapshot.
    if (!(await touchNodes(this.options.db, [nodeId], this.options.clock.now())).has(nodeId)) {
      stream.close();
      return;
    }
    // A node needs one stream. Its reconnection may come before this process sees the old one
    // close, so two are allowed; a third (a flood from a stolen token, each costing a snapshot)
    // ends the oldest.
    const same = [...this.streams, ...this.opening].filter((other) => other.nodeId === nodeId && !other.isClosed);
    for (const oldest of same.slice(0, Math.max(0, same.length - (STREAMS_PER_NODE - 1)))) oldest.close();
    this.opening.add(stream);
    this.pending.streams.push(stream);
    this.schedule();
  }

  /** Closes every stream of the node (revoked). */
  closeNode(nodeId: number): void {
    for (const stream of [...this.streams, ...this.opening]) if (stream.nodeId === nodeId) stream.close();
  }

  async close(): Promise<void> {
    if (this.pinger) clearInterval(this.pinger);
    this.pinger = null;
    for (const stream of [...this.streams, ...this.opening]) stream.close();
    const listening = this.listening;
    this.listening = null;
    if (listening) await (await listening.catch(() => async () => undefined))();
  }

  private ensureListening(): Promise<unknown> {
    if (!this.listening) {
      this.listening = this.options.listen(
        [
          'rental_access',
          'proxy_access',
          'rental_ip_auth',
          RENTAL_SOURCES_CHANNEL,
          NODE_REVOKED_CHANNEL,
          NODE_PROBE_CHANNEL,
        ],
        (channel, payload) => this.heard(channel, payload),
        // Notifications may have been missed: every node starts over from a snapshot.
        () => {
          for (const stream of [...this.streams]) stream.close();
        },
      );
      this.listening.catch(() => {
        this.listening = null;
      });
      const pingMs = this.options.pingMs ?? NODE_PING_MS;
      this.pinger = setInterval(() => void this.ping().catch(() => undefined), pingMs);
      this.pinger.unref();
    }
    return this.listening;
  }

  private heard(channel: string, payload: string): void {
    const number = Number.parseInt(payload, 10);
    if (channel === 'rental_access') this.pending.usernames.add(payload);
    else if (channel === 'proxy_access') this.pending.proxies.add(number);
    else if (channel === 'rental_ip_auth') this.pending.ports.add(number);
    else if (channel === RENTAL_SOURCES_CHANNEL) this.pending.sources.add(number);
    else if (channel === NODE_REVOKED_CHANNEL) return this.closeNode(number);
    else if (channel === NODE_PROBE_CHANNEL) return void this.deliverProbe(payload);
    this.schedule();
  }

  private schedule(): void {
    if (this.running) return;
    this.running = true;
    void this.rounds();
  }

  private async rounds(): Promise<void> {
    try {
      while (this.hasPending()) {
        const round = this.pending;
        this.pending = emptyPending();
        await this.round(round).catch((error: unknown) => {
          // Whatever a failed round would have told is unknown: every node starts over.
          this.options.log.error({ err: String(error) }, 'node channel: a change could not be read');
          for (const stream of [...this.streams, ...round.streams]) stream.close();
          for (const stream of round.streams) this.opening.delete(stream);
        });
      }
    } finally {
      this.running = false;
    }
  }

  private hasPending(): boolean {
    const p = this.pending;
    return p.usernames.size + p.proxies.size + p.ports.size + p.sources.size + p.streams.length > 0;
  }

  private async round(round: Pending): Promise<void> {
    const { db } = this.options;
    if (this.streams.size > 0) {
      const usernames = [...round.usernames];
      const byUsername = await rentalsByUsername(db, usernames);
      const found = new Set(byUsername.map((state) => state.access.username));
      const states: RentalState[] = [
        ...byUsername,
        ...(await rentalsOfProxies(db, [...round.proxies])),
        ...(await rentalsOfPorts(db, [...round.ports])),
      ];
      const heldPorts = new Set(states.flatMap((state) => (state.ipAuth ? [state.ipAuth.port] : [])));
      for (const stream of this.streams) {
        for (const username of usernames) if (!found.has(username)) stream.vanished(username);
        for (const port of round.ports) if (!heldPorts.has(port)) stream.portFreed(port);
        for (const state of states) stream.update(state);
        for (const rentalId of round.sources) {
          if (stream.serves(rentalId)) stream.send({ type: 'sourcesCleared', rentalId });
        }
      }
    }
    for (const stream of round.streams) await this.snapshot(stream);
  }

  private async snapshot(stream: NodeStream): Promise<void> {
    try {
      await this.sendSnapshot(stream);
    } finally {
      this.opening.delete(stream);
    }
  }

  private async sendSnapshot(stream: NodeStream): Promise<void> {
    if (stream.isClosed) return;
    const states = await servedRentals(this.options.db, stream.nodeId);
    const now = this.options.clock.now();
    const since = new Date(now.getTime() - this.options.settings.sourceWindowMs);
    // Only the lists a limit counts, and of each only what the limit counts: with no limit a
    // list could be any length, and the snapshot must stay well under the stream's buffer.
    const limits = new Map(
      states.map((state) => [
        state.access.rentalId,
        state.access.maxSourceIps ?? this.options.settings.rentalMaxSourceIps,
      ]),
    );
    const kept = new Map<number, number>();
    const sources = (await liveSourcesOfNode(this.options.db, stream.nodeId, since)).filter((row) => {
      const limit = limits.get(row.rentalId) ?? 0;
      const count = kept.get(row.rentalId) ?? 0;
      if (limit <= 0 || count >= limit) return false;
      kept.set(row.rentalId, count + 1);
      return true;
    });
    stream.send({
      type: 'snapshot',
      serverTime: now.toISOString(),
      rentals: states.map((state) => state.access),
      ipAuth: states.flatMap((state) => (state.ipAuth ? [state.ipAuth] : [])),
      settings: this.options.settings,
      sources: sources.map((row) => ({
        rentalId: row.rentalId,
        source: row.source,
        firstSeen: row.firstSeen.toISOString(),
        lastSeen: row.lastSeen.toISOString(),
      })),
    });
    stream.sentSnapshot(states);
    if (!stream.isClosed) this.streams.add(stream);
  }

  /** Hands a probe to its node when this process holds the node's stream (newest first). */
  private async deliverProbe(payload: string): Promise<void> {
    const [node, id] = payload.split(':');
    const nodeId = Number.parseInt(node ?? '', 10);
    const stream = [...this.streams].reverse().find((candidate) => candidate.nodeId === nodeId);
    if (!stream || !id) return;
    try {
      const probe = await claimProbe(this.options.db, nodeId, id, this.options.clock.now());
      if (probe) stream.send({ ...probe, type: 'probe' });
    } catch (error) {
      this.options.log.error({ err: String(error) }, 'node channel: a probe could not be handed over');
    }
  }

  /** Pings every stream and marks its node seen; a node revoked meanwhile loses its streams. */
  private async ping(): Promise<void> {
    if (this.streams.size === 0) return;
    const now = this.options.clock.now();
    for (const stream of this.streams) stream.send({ type: 'ping', serverTime: now.toISOString() });
    const nodeIds = this.connectedNodes();
    const live = await touchNodes(this.options.db, nodeIds, now);
    for (const nodeId of nodeIds) if (!live.has(nodeId)) this.closeNode(nodeId);
  }
}
