import type dgram from 'node:dgram';
import net from 'node:net';
import { gatewayUdpAssociations, refusals } from '../metrics/metrics';
import type { Access, CredentialStore } from './credential-store';
import { DialError, REPLY_NOT_ALLOWED } from './dialer';
import { parseUdpFrame, plainAddress, udpFrame } from './udp-frame';
import { bindUdp, openUdpPath, type UdpPath } from './udp-path';
import type { TargetPolicy } from './target-policy';

export interface UdpAssociationsOptions {
  /** Where associations are cut with the rental's other connections and their bytes counted. */
  store: Pick<CredentialStore, 'track' | 'meter'>;
  policy: TargetPolicy;
  /** The gateway's bind address: relay sockets listen there and nowhere else. */
  host: string;
  /** What customers connect to (GATEWAY_HOST): the relay address told to clients when it is an IP. */
  publicHost?: string;
  /** Open associations one rental may hold on this process (GATEWAY_UDP_MAX_PER_RENTAL). */
  maxPerRental: number;
  /** Open associations of this process together (GATEWAY_UDP_MAX). */
  max: number;
  timeoutMs?: number;
}

/** Where the client sends its datagrams: the reply's BND.ADDR and BND.PORT. */
export interface UdpRelayAddress {
  host: string;
  port: number;
}

/**
 * SOCKS5 UDP ASSOCIATE (RFC 1928 section 7) for rentals. Each association is a UDP socket on the
 * gateway's address that takes datagrams from the control connection's client address only and
 * forwards their payloads through the rental's upstream (`udp-path.ts`); answers come back with
 * the header naming their source. It lives exactly as long as the control connection and the
 * rental's right to it: the store's cut (end_time, new password, disable, replacement) ends it
 * as it ends a TCP tunnel. Payload bytes count as the rental's traffic.
 */
export class UdpAssociations {
  private readonly perRental = new Map<number, number>();
  private total = 0;

  constructor(private readonly options: UdpAssociationsOptions) {}

  /** Open associations of this process (for tests and metrics). */
  get open(): number {
    return this.total;
  }

  /** Opens an association for the client's control connection; a DialError says why not. */
  async associate(access: Access, client: net.Socket, requested: UdpRelayAddress): Promise<UdpRelayAddress> {
    const { rentalId } = access;
    const held = this.perRental.get(rentalId) ?? 0;
    if (held >= this.options.maxPerRental || this.total >= this.options.max) {
      refusals.inc({ limit: 'gateway_udp_associations' });
      throw new DialError('too many UDP associations', REPLY_NOT_ALLOWED);
    }
    // Counted before the awaits below, so concurrent requests cannot pass the bound together.
    this.perRental.set(rentalId, held + 1);
    this.total += 1;
    gatewayUdpAssociations.inc();
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.total -= 1;
      gatewayUdpAssociations.dec();
      const left = (this.perRental.get(rentalId) ?? 1) - 1;
      if (left > 0) this.perRental.set(rentalId, left);
      else this.perRental.delete(rentalId);
    };
    let path: UdpPath | null = null;
    let relay: dgram.Socket;
    try {
      path = await openUdpPath(access.upstream, {
        policy: this.options.policy,
        bindHost: this.options.host,
        timeoutMs: this.options.timeoutMs,
      });
      relay = await bindUdp(this.options.host);
    } catch (error) {
      path?.close();
      release();
      throw error;
    }
    if (client.destroyed) {
      path.close();
      relay.close();
      release();
      throw new DialError('the client left', 0x01);
    }
    this.run(access, client, requested, path, relay, release);
    const bound = relay.address();
    return { host: relayHostFor(bound.address, this.options.publicHost, client.localAddress), port: bound.port };
  }

  private run(
    access: Access,
    client: net.Socket,
    requested: UdpRelayAddress,
    path: UdpPath,
    relay: dgram.Socket,
    release: () => void,
  ): void {
    const clientAddress = plainAddress(client.remoteAddress ?? '');
    // The port the client named, or (all zeros, RFC 1928) the one its first datagram comes from.
    let clientPort = requested.port === 0 ? null : requested.port;
    const bytes = { up: 0, down: 0 };
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      untrack();
      finish();
      path.close();
      relay.close();
      client.destroy();
      release();
    };
    const untrack = this.options.store.track(access, end);
    const finish = this.options.store.meter(access.rentalId, () => bytes);

    relay.on('message', (datagram, from) => {
      if (plainAddress(from.address) !== clientAddress) return;
      if (clientPort === null) clientPort = from.port;
      else if (from.port !== clientPort) return;
      const frame = parseUdpFrame(datagram);
      if (!frame) return;
      void path.send(frame.host, frame.port, frame.data).then(
        (sent) => {
          if (sent) bytes.up += frame.data.length;
        },
        () => undefined,
      );
    });
    path.onMessage = (host, port, data) => {
      if (ended || clientPort === null) return;
      try {
        relay.send(udpFrame(host, port, data), clientPort, client.remoteAddress ?? clientAddress, (error) => {
          if (!error) bytes.down += data.length;
        });
      } catch {
        end();
      }
    };
    path.onClose = end;
    relay.on('error', end);
    // The control connection carries nothing more; its end is the association's (RFC 1928).
    client.on('close', end);
    client.on('data', () => undefined);
    client.resume();
  }
}

/**
 * The address a client is told to send its datagrams to (BND.ADDR). A relay bound to one address
 * is reached there. Bound on every address (HOST=0.0.0.0), the gateway's public address
 * (GATEWAY_HOST) when it is an IP: behind 1:1 NAT, as on most cloud servers, the address the
 * client's connection arrived on is the private one, which the client cannot reach; else that
 * arrival address.
 */
export function relayHostFor(bound: string, publicHost: string | undefined, arrivedOn: string | undefined): string {
  if (!/^[0:.]*$/.test(bound)) return bound;
  const publicIp = publicHost?.replace(/^\[|\]$/g, '');
  if (publicIp && net.isIP(publicIp)) return publicIp;
  return plainAddress(arrivedOn ?? bound);
}
