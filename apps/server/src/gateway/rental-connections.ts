import type net from 'node:net';
import type { Access } from './credential-store';

/** RENTAL_MAX_CONNECTIONS when the variable is unset: unlimited, as the shop promises by default. */
export const DEFAULT_RENTAL_MAX_CONNECTIONS = 0;

/**
 * One rental's concurrent client connections on this gateway process: a client
 * connection counts from the login that opened the rental until it closes, whatever it carries
 * (one SOCKS5 tunnel, one CONNECT tunnel, or plain HTTP requests on a kept-alive socket). The cap
 * is the proxy's own (`proxies.max_connections`) or the default; 0 is unlimited. Counted per
 * process: with several gateway processes a rental may hold the cap on each.
 */
export class RentalConnections {
  private readonly open = new Map<number, Set<net.Socket>>();
  /**
   * Each counted client's close handler by rental, removed when it is released: a kept-alive
   * HTTP socket that goes back and forth between two rentals would otherwise gather one more
   * handler with every switch.
   */
  private readonly onClose = new WeakMap<net.Socket, Map<number, () => void>>();

  /** The cap of a rental whose proxy has none of its own; a node takes the shop's from the API. */
  constructor(public defaultMax: number = DEFAULT_RENTAL_MAX_CONNECTIONS) {}

  capOf(access: Access): number {
    return access.maxConnections ?? this.defaultMax;
  }

  count(rentalId: number): number {
    return this.open.get(rentalId)?.size ?? 0;
  }

  /** Stops counting `client` against `rentalId` (its kept-alive socket went on with another rental). */
  release(rentalId: number, client: net.Socket): void {
    const handler = this.onClose.get(client)?.get(rentalId);
    if (handler) {
      client.removeListener('close', handler);
      this.onClose.get(client)?.delete(rentalId);
    }
    const set = this.open.get(rentalId);
    if (!set?.delete(client)) return;
    if (set.size === 0) this.open.delete(rentalId);
  }

  /** Counts `client` against its rental; false (nothing counted) when the rental is at its cap. */
  take(access: Access, client: net.Socket): boolean {
    const { rentalId } = access;
    const current = this.open.get(rentalId);
    // A kept-alive HTTP connection logs in again with every request: it is still one connection.
    if (current?.has(client)) return true;
    const cap = this.capOf(access);
    if (cap > 0 && (current?.size ?? 0) >= cap) return false;
    // A client already gone would never be released.
    if (client.destroyed) return true;
    const set = current ?? new Set<net.Socket>();
    if (!current) this.open.set(rentalId, set);
    set.add(client);
    const handler = () => {
      set.delete(client);
      if (set.size === 0 && this.open.get(rentalId) === set) this.open.delete(rentalId);
    };
    client.once('close', handler);
    const handlers = this.onClose.get(client) ?? new Map<number, () => void>();
    handlers.set(rentalId, handler);
    this.onClose.set(client, handlers);
    return true;
  }
}
