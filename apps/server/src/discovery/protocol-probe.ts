import net from 'node:net';
import { FAILURE, FetchThroughError } from './fetch-through';

export type UpstreamScheme = 'socks5' | 'http';

/** A probe's answer: whether the first bytes back passed, or why no connection was made at all. */
type ProbeAnswer = boolean | { unreachable: string };

/**
 * Opens a connection, writes `hello`, and answers whether the first bytes back pass `recognise`;
 * false on silence, a close or anything else once connected, and `unreachable` with the reason
 * when the connection itself failed (refused, no route, no answer in time): a probe never throws.
 */
function answersTo(
  host: string,
  port: number,
  hello: Buffer,
  recognise: (first: Buffer) => boolean | null,
  timeoutMs: number,
): Promise<ProbeAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    let received = Buffer.alloc(0);
    let connected = false;
    const done = (result: ProbeAnswer) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(
      () => done(connected ? false : { unreachable: `no connection within ${timeoutMs} ms` }),
      timeoutMs,
    );
    socket.once('connect', () => {
      connected = true;
      socket.write(hello);
    });
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      // null: not enough bytes yet to tell.
      const verdict = recognise(received);
      if (verdict !== null) done(verdict);
    });
    socket.once('error', (error) => done(connected ? false : { unreachable: error.message }));
    socket.once('close', () => done(recognise(received) ?? false));
  });
}

/**
 * RFC 1928's greeting offering "no authentication" and "username/password": a SOCKS5 server
 * answers version 5 and the method it picked (or 0xFF, none acceptable: still SOCKS5).
 */
const SOCKS5_GREETING = Buffer.from([0x05, 0x02, 0x00, 0x02]);

function socks5Answer(first: Buffer): boolean | null {
  if (first.length < 2) return first.length === 1 && first[0] !== 0x05 ? false : null;
  return first[0] === 0x05 && [0x00, 0x02, 0xff].includes(first[1]!);
}

/**
 * A CONNECT to a target no proxy will reach: any HTTP proxy answers it with a status line (400,
 * 403, 407 or 502), and nothing is fetched on the operator's behalf.
 */
const HTTP_HELLO = Buffer.from('CONNECT 0.0.0.0:1 HTTP/1.1\r\nHost: 0.0.0.0:1\r\n\r\n', 'latin1');

function httpAnswer(first: Buffer): boolean | null {
  const text = first.toString('latin1');
  if (text.length < 9) return 'HTTP/1.'.startsWith(text.slice(0, 7)) ? null : false;
  return /^HTTP\/1\.[01] \d{3}/.test(text);
}

export async function speaksSocks5(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return (await answersTo(host, port, SOCKS5_GREETING, socks5Answer, timeoutMs)) === true;
}

export async function speaksHttp(host: string, port: number, timeoutMs: number): Promise<boolean> {
  return (await answersTo(host, port, HTTP_HELLO, httpAnswer, timeoutMs)) === true;
}

/**
 * What an upstream speaks: SOCKS5 is asked first (sellers' lists without a scheme mostly are).
 * An upstream that takes no connection at all is `unreachable`, with the reason, and not asked twice.
 */
export async function detectScheme(
  host: string,
  port: number,
  timeoutMs: number,
): Promise<UpstreamScheme | { unreachable: string } | null> {
  const socks5 = await answersTo(host, port, SOCKS5_GREETING, socks5Answer, timeoutMs);
  if (socks5 === true) return 'socks5';
  if (typeof socks5 === 'object') return socks5;
  if ((await answersTo(host, port, HTTP_HELLO, httpAnswer, timeoutMs)) === true) return 'http';
  return null;
}

/** The host and port of an upstream URL, and its scheme. */
export function upstreamAddress(upstream: string): { scheme: UpstreamScheme; host: string; port: number } | null {
  if (upstream === 'direct') return null;
  const url = new URL(upstream);
  const scheme = url.protocol === 'http:' ? 'http' : 'socks5';
  return { scheme, host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port) };
}

/** The upstream URL with another scheme (credentials, host and port as they were). */
export function withScheme(upstream: string, scheme: UpstreamScheme): string {
  return upstream.replace(/^[a-z0-9]+:\/\//, `${scheme}://`);
}

const SCHEME_NAME = { socks5: 'SOCKS5', http: 'HTTP' } as const;

/**
 * The scheme of an upstream imported without one, asked of the upstream itself (SOCKS5 first,
 * then HTTP): the columns to write, or the reason it speaks neither (or why it could not be asked:
 * the connection was refused or never made).
 */
export async function probedScheme(
  upstream: string,
  timeoutMs: number,
): Promise<{ upstream: string; protocol: string; detectProtocol: false } | { reason: string }> {
  const address = upstreamAddress(upstream);
  if (!address) return { upstream, protocol: 'SOCKS5', detectProtocol: false };
  const scheme = await detectScheme(address.host, address.port, timeoutMs);
  if (!scheme) return { reason: `${FAILURE.connect}: the upstream speaks neither SOCKS5 nor HTTP` };
  if (typeof scheme === 'object') return { reason: `${FAILURE.connect}: ${scheme.unreachable}` };
  return { upstream: withScheme(upstream, scheme), protocol: SCHEME_NAME[scheme], detectProtocol: false };
}

type Probed = Awaited<ReturnType<typeof probedScheme>>;

/**
 * `probedScheme` for a proxy served by a gateway node: the upstream is asked from the node, as
 * every other look at a node's proxy is, by fetching `url` through it as SOCKS5 and then as HTTP
 * (`fetchAs`, which reaches the node). An upstream that refuses the credentials spoke the scheme.
 * A node out of touch throws (its NodeOfflineError), so nothing is recorded.
 */
export async function probedSchemeThrough(
  upstream: string,
  fetchAs: (candidate: string) => Promise<unknown>,
  isOffline: (error: unknown) => boolean,
): Promise<Probed> {
  const address = upstreamAddress(upstream);
  if (!address) return { upstream, protocol: 'SOCKS5', detectProtocol: false };
  for (const scheme of ['socks5', 'http'] as const) {
    const candidate = withScheme(upstream, scheme);
    try {
      await fetchAs(candidate);
    } catch (error) {
      if (isOffline(error)) throw error;
      if (!(error instanceof FetchThroughError) || error.kind !== 'auth') continue;
    }
    return { upstream: candidate, protocol: SCHEME_NAME[scheme], detectProtocol: false };
  }
  return { reason: `${FAILURE.connect}: the upstream speaks neither SOCKS5 nor HTTP` };
}

/**
 * When a look through an upstream failed for another reason than its credentials: whether the
 * upstream does not understand the scheme it was imported with but answers the other one, said
 * in words; null otherwise.
 */
export async function wrongProtocol(upstream: string, error: unknown, timeoutMs: number): Promise<string | null> {
  if (!(error instanceof FetchThroughError) || error.kind === 'auth') return null;
  const address = upstreamAddress(upstream);
  if (!address) return null;
  const other = address.scheme === 'socks5' ? 'http' : 'socks5';
  const speaks = { socks5: speaksSocks5, http: speaksHttp };
  if (await speaks[address.scheme](address.host, address.port, timeoutMs)) return null;
  if (!(await speaks[other](address.host, address.port, timeoutMs))) return null;
  return `wrong protocol: the upstream speaks ${SCHEME_NAME[other]}, but it was imported as ${SCHEME_NAME[address.scheme]}`;
}
