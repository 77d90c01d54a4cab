import net from 'node:net';

/** A SOCKS5 UDP datagram (RFC 1928 section 7): where it goes or came from, and its payload. */
export interface UdpFrame {
  host: string;
  port: number;
  data: Buffer;
}

/**
 * Reads a datagram's header; null for anything malformed or fragmented. Fragment reassembly is
 * optional in the RFC, and no client we know sends fragments, so those are dropped as it allows.
 */
export function parseUdpFrame(datagram: Buffer): UdpFrame | null {
  if (datagram.length < 4 || datagram[0] !== 0 || datagram[1] !== 0 || datagram[2] !== 0) return null;
  const type = datagram[3];
  let host: string;
  let offset: number;
  if (type === 0x01) {
    if (datagram.length < 10) return null;
    host = [...datagram.subarray(4, 8)].join('.');
    offset = 8;
  } else if (type === 0x03) {
    const length = datagram[4] ?? 0;
    if (length === 0 || datagram.length < 5 + length + 2) return null;
    host = datagram.subarray(5, 5 + length).toString('utf8');
    offset = 5 + length;
  } else if (type === 0x04) {
    if (datagram.length < 22) return null;
    const words: string[] = [];
    for (let i = 0; i < 8; i += 1) words.push(datagram.readUInt16BE(4 + i * 2).toString(16));
    host = words.join(':');
    offset = 20;
  } else {
    return null;
  }
  const port = datagram.readUInt16BE(offset);
  if (port === 0) return null;
  return { host, port, data: datagram.subarray(offset + 2) };
}

/** The SOCKS5 address bytes (ATYP, address, port) of an IP address or a host name. */
export function socksAddress(host: string, port: number): Buffer {
  const portBytes = Buffer.from([port >> 8, port & 0xff]);
  const plain = host.startsWith('::ffff:') && net.isIPv4(host.slice(7)) ? host.slice(7) : host;
  if (net.isIPv4(plain)) return Buffer.concat([Buffer.from([0x01, ...plain.split('.').map(Number)]), portBytes]);
  if (net.isIPv6(plain)) return Buffer.concat([Buffer.from([0x04]), ipv6Bytes(plain), portBytes]);
  const name = Buffer.from(plain, 'utf8');
  return Buffer.concat([Buffer.from([0x03, name.length]), name, portBytes]);
}

/** A datagram with its SOCKS5 header. */
export function udpFrame(host: string, port: number, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from([0, 0, 0]), socksAddress(host, port), data]);
}

function ipv6Bytes(scoped: string): Buffer {
  const address = scoped.replace(/%.*$/, '');
  const [head = '', tail = ''] = address.split('::');
  const words = (part: string) => (part === '' ? [] : part.split(':'));
  let left = words(head);
  let right = address.includes('::') ? words(tail) : [];
  // An embedded IPv4 address (::ffff:1.2.3.4 and the like) is two words.
  const embed = (list: string[]) => {
    const last = list[list.length - 1];
    if (!last || !net.isIPv4(last)) return list;
    const [a = 0, b = 0, c = 0, d = 0] = last.split('.').map(Number);
    return [...list.slice(0, -1), ((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
  };
  if (address.includes('::')) right = embed(right);
  else left = embed(left);
  const zeros = Array.from({ length: 8 - left.length - right.length }, () => '0');
  const all = [...left, ...zeros, ...right];
  const bytes = Buffer.alloc(16);
  all.forEach((word, index) => bytes.writeUInt16BE(Number.parseInt(word, 16) & 0xffff, index * 2));
  return bytes;
}
