import type { ServerResponse } from 'node:http';
import type { NodeIpAuthEntry, NodeStreamMessage } from '@portal/contract';
import type { RentalState } from './node-repository';

/** What one stream told its node, so a rental leaving the node is forgotten there. */
interface Served {
  username: string;
  /** The IP authorization entry sent, as JSON (null: none). */
  ipAuth: string | null;
}

/**
 * One node's open stream. It remembers what it sent, so that every change is told as the node
 * must see it: a rental that stops being this node's (moved, refunded, ended) is `forget`, and a
 * rental that never was this node's is never mentioned.
 */
export class NodeStream {
  private readonly served = new Map<number, Served>();
  private readonly rentalOfUsername = new Map<string, number>();
  private closed = false;

  constructor(
    readonly nodeId: number,
    private readonly response: ServerResponse,
    /** Bytes written but not yet taken by the node past which the stream is dropped. */
    private readonly maxBuffered: number,
    private readonly onClose: (stream: NodeStream) => void,
  ) {
    response.on('close', () => this.close());
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /**
   * Writes one line. A node that does not read fast enough is dropped: its buffer must not grow
   * the API's memory without bound, and on reconnecting it starts over from a snapshot.
   */
  send(message: NodeStreamMessage): void {
    if (this.closed) return;
    this.response.write(`${JSON.stringify(message)}\n`);
    if (this.response.writableLength > this.maxBuffered) this.close();
  }

  /** Records the snapshot's rentals as sent (the snapshot itself is written by the caller). */
  sentSnapshot(states: RentalState[]): void {
    for (const state of states) this.remember(state.access.rentalId, state.access.username, state.ipAuth);
  }

  /** Tells the node what a change of this rental means for it. */
  update(state: RentalState): void {
    const { rentalId, username } = state.access;
    const previous = this.served.get(rentalId);
    if (!state.holding || state.nodeId !== this.nodeId) {
      if (previous) this.drop(rentalId, previous);
      return;
    }
    this.send({ type: 'rental', access: state.access });
    this.sendIpAuth(rentalId, previous?.ipAuth ?? null, state.ipAuth);
    this.remember(rentalId, username, state.ipAuth);
  }

  /** A rental that no longer exists at all (by username): forgotten if it was sent. */
  vanished(username: string): void {
    const rentalId = this.rentalOfUsername.get(username);
    const previous = rentalId === undefined ? undefined : this.served.get(rentalId);
    if (rentalId !== undefined && previous) this.drop(rentalId, previous);
  }

  /** An IP authorization port now free: its entry is withdrawn where it was this node's. */
  portFreed(port: number): void {
    for (const [rentalId, served] of this.served) {
      if (served.ipAuth === null) continue;
      const entry = JSON.parse(served.ipAuth) as NodeIpAuthEntry;
      if (entry.port !== port) continue;
      this.send({ type: 'ipAuth', rentalId, entry: null });
      served.ipAuth = null;
    }
  }

  serves(rentalId: number): boolean {
    return this.served.has(rentalId);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (!this.response.writableEnded) this.response.end();
    this.response.destroy();
    this.onClose(this);
  }

  private sendIpAuth(rentalId: number, before: string | null, entry: NodeIpAuthEntry | null): void {
    const now = entry ? JSON.stringify(entry) : null;
    if (now !== before) this.send({ type: 'ipAuth', rentalId, entry });
  }

  private drop(rentalId: number, previous: Served): void {
    if (previous.ipAuth !== null) this.send({ type: 'ipAuth', rentalId, entry: null });
    this.send({ type: 'forget', username: previous.username });
    this.served.delete(rentalId);
    this.rentalOfUsername.delete(previous.username);
  }

  private remember(rentalId: number, username: string, ipAuth: NodeIpAuthEntry | null): void {
    this.served.set(rentalId, { username, ipAuth: ipAuth ? JSON.stringify(ipAuth) : null });
    this.rentalOfUsername.set(username, rentalId);
  }
}
