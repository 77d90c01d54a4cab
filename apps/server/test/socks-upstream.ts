import type net from 'node:net';
import type { Access } from '../src/gateway/credential-store';
import { dial } from '../src/gateway/dialer';
import { createSocks5Server } from '../src/gateway/socks5-server';
import { ALLOW_ALL_TARGETS } from '../src/gateway/target-policy';
import { UdpAssociations } from '../src/gateway/udp-associate';
import { serveOnLoopback } from './ports';

/** The fake upstream meters nothing and cuts nothing: that is the gateway's business. */
const noStore = { track: () => () => undefined, meter: () => () => undefined };
/** What its UDP relay is told of the client: the one login it has, open as long as it runs. */
const upstreamLogin: Access = {
  rentalId: 0,
  username: 'user',
  password: 'pass',
  status: 'connected',
  endTime: new Date(8.64e15),
  upstream: 'direct',
  proxyEnabled: true,
  maxConnections: null,
  maxSourceIps: null,
};

/**
 * A real SOCKS5 upstream proxy (our own server, user `user`, password `pass`) that reaches
 * targets directly, and relays UDP (UDP ASSOCIATE on loopback) unless `udp` is false, when it
 * answers that command "not supported" as many do; `stop()` makes it unreachable. `port` reopens
 * one on a known port. `associations` counts the UDP associations it opened.
 */
export async function socksUpstream(
  port = 0,
  { udp = true }: { udp?: boolean } = {},
): Promise<{ url: string; port: number; associations: () => number; stop: () => Promise<void> }> {
  const relays = new UdpAssociations({
    store: noStore,
    policy: ALLOW_ALL_TARGETS,
    host: '127.0.0.1',
    maxPerRental: 1000,
    max: 1000,
  });
  let associations = 0;
  const server = createSocks5Server({
    authenticate: (username, password) =>
      username === 'user' && password === 'pass'
        ? {
            dial: (host, targetPort) => dial('direct', host, targetPort, ALLOW_ALL_TARGETS),
            ...(udp && {
              associate: (client: net.Socket, requested: { host: string; port: number }) => {
                associations += 1;
                return relays.associate(upstreamLogin, client, requested);
              },
            }),
          }
        : null,
  });
  const served = await serveOnLoopback(server, port);
  const actual = served.port;
  return {
    port: actual,
    associations: () => associations,
    url: `socks5://user:pass@127.0.0.1:${actual}`,
    stop: served.stop,
  };
}

/** A port on which nothing listens: connecting to it is refused at once. */
export async function closedPort(): Promise<number> {
  const upstream = await socksUpstream();
  await upstream.stop();
  return upstream.port;
}
