import type { RowProblem } from '../errors';
import { isUpstreamHost, MAX_UPSTREAM_LENGTH } from './import-schemas';

/** One upstream of a plain-text import, as an `upstream` URL the gateway's dialer understands. */
export interface UpstreamLine {
  /** 1-based line number in the pasted text. */
  line: number;
  /**
   * `socks5://user:pass@host:port` or `http://user:pass@host:port` (credentials URL-encoded); for
   * a line to be probed, `socks5://` until the probe says otherwise.
   */
  upstream: string;
  scheme: 'socks5' | 'http';
  /** The line named no scheme and the batch no protocol: what the upstream speaks is probed. */
  detect: boolean;
  host: string;
  port: number;
}

/**
 * Reads the formats upstream sellers hand out, one upstream a line:
 * `host:port`, `host:port:user:pass`, `user:pass@host:port`, and any of those after `socks5://`
 * or `http://`. Blank lines and `#` comments are skipped. Lines without a scheme take
 * `defaultScheme`, or without one are marked to be probed. Every bad line is reported with its number.
 */
export function parseUpstreamLines(
  text: string,
  defaultScheme?: 'socks5' | 'http',
): { lines: UpstreamLine[]; problems: RowProblem[] } {
  const lines: UpstreamLine[] = [];
  const problems: RowProblem[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const content = raw.trim();
    if (content === '' || content.startsWith('#')) return;
    // Checked before parsing: the line itself is never quoted back, since it may hold a password.
    if (content.length > MAX_UPSTREAM_LENGTH) {
      problems.push({
        row: index + 1,
        field: 'line',
        message: `a line may have at most ${MAX_UPSTREAM_LENGTH} characters`,
      });
      return;
    }
    const parsed = parseLine(content, defaultScheme);
    if (typeof parsed === 'string') problems.push({ row: index + 1, field: 'line', message: parsed });
    else lines.push({ line: index + 1, ...parsed });
  });
  return { lines, problems };
}

function parseLine(content: string, defaultScheme?: 'socks5' | 'http'): Omit<UpstreamLine, 'line'> | string {
  let rest = content;
  let scheme = defaultScheme ?? 'socks5';
  const schemeMatch = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(rest);
  if (schemeMatch) {
    const name = schemeMatch[1]!.toLowerCase();
    if (name === 'socks5' || name === 'socks5h') scheme = 'socks5';
    else if (name === 'http') scheme = 'http';
    else return `unsupported scheme ${name}:// (socks5:// or http://)`;
    rest = rest.slice(schemeMatch[0].length).replace(/\/$/, '');
  }
  let user: string | undefined;
  let pass: string | undefined;
  let address = rest;
  let at = rest.lastIndexOf('@');
  // Without a scheme, an @ may be in the password of `host:port:user:pass`: so it is when what
  // follows the @ is no host:port, or when the line starts with an IP address and a port (as
  // sellers' lists do; `1.2.3.4:80:user:pa@ss:99` must not send the credentials to `ss`).
  if (
    at >= 0 &&
    !schemeMatch &&
    (!/^(?:\[[^\]]*\]|[^:[\]]+):\d+$/.test(rest.slice(at + 1)) ||
      /^(?:\d{1,3}(?:\.\d{1,3}){3}|\[[^\]@]*\]):\d+:/.test(rest))
  )
    at = -1;
  if (at >= 0) {
    const credentials = rest.slice(0, at);
    address = rest.slice(at + 1);
    const colon = credentials.indexOf(':');
    if (colon <= 0) return 'credentials must be user:pass';
    user = credentials.slice(0, colon);
    pass = credentials.slice(colon + 1);
    if (schemeMatch) {
      // In URL form the credentials are URL-encoded already.
      try {
        [user, pass] = [decodeURIComponent(user), decodeURIComponent(pass)];
      } catch {
        return 'the credentials are not valid URL encoding';
      }
    }
  }
  let host: string;
  let portText: string;
  if (address.startsWith('[')) {
    const close = address.indexOf(']');
    host = address.slice(0, close + 1);
    const tail = address.slice(close + 1).split(':');
    if (tail[0] !== '' || tail.length < 2) return 'expected [ipv6]:port';
    portText = tail[1]!;
    if (at < 0 && tail.length >= 4) [user, pass] = [tail[2], tail.slice(3).join(':')];
    else if (tail.length !== 2) return 'expected host:port, host:port:user:pass or user:pass@host:port';
  } else {
    const parts = address.split(':');
    if (at < 0 && parts.length >= 4) {
      // host:port:user:pass; a password may itself contain colons.
      host = parts[0]!;
      portText = parts[1]!;
      user = parts[2];
      pass = parts.slice(3).join(':');
    } else if (parts.length === 2) {
      host = parts[0]!;
      portText = parts[1]!;
    } else {
      return 'expected host:port, host:port:user:pass or user:pass@host:port';
    }
  }
  if (!isUpstreamHost(host)) {
    return `"${host}" is not a host name or IP address`;
  }
  const port = Number(portText);
  if (!/^\d{1,5}$/.test(portText) || port < 1 || port > 65535) return 'port must be a whole number from 1 to 65535';
  if (user !== undefined && user === '') return 'the user name is empty';
  const credentials = user !== undefined ? `${encodeURIComponent(user)}:${encodeURIComponent(pass ?? '')}@` : '';
  const upstream = `${scheme}://${credentials}${host}:${port}`;
  // URL encoding can lengthen the credentials.
  if (upstream.length > MAX_UPSTREAM_LENGTH) return `the upstream may have at most ${MAX_UPSTREAM_LENGTH} characters`;
  return {
    upstream,
    scheme,
    detect: !schemeMatch && defaultScheme === undefined,
    host: host.replace(/^\[|\]$/g, ''),
    port,
  };
}

/** Plain text (not CSV, not JSON): the first meaningful line has no CSV header and no JSON start. */
export function looksLikeUpstreamLines(text: string): boolean {
  const first = text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .find((line) => line !== '' && !line.startsWith('#'));
  if (first === undefined) return false;
  if (/^[[{]/.test(first) && !/^\[[0-9a-f:.]+\]:\d/i.test(first)) return false;
  return /^[a-z0-9]+:\/\//i.test(first) || !/[,;\t]/.test(first);
}
