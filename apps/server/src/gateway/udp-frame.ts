import net from 'node:net';
import { ipv6Words } from './address-ranges';

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
    // An IPv4-mapped target is the IPv4 host: a relay socket bound to IPv4 can send to it.
    host = plainAddress(words.join(':'));
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
  const plain = plainAddress(host);
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
  const bytes = Buffer.alloc(16);
  ipv6Words(scoped).forEach((word, index) => bytes.writeUInt16BE(word & 0xffff, index * 2));
  return bytes;
}

/**
 * IPv4-mapped IPv6 (`::ffff:192.0.2.7`, or spelt out as `0:0:0:0:0:ffff:c000:207`) as plain IPv4:
 * how one peer is spelt for comparisons and in headers.
 */
export function plainAddress(address: string): string {
  // Per datagram: an IPv4 address (no colon) returns before any parsing.
  if (!address.includes(':') || !net.isIPv6(address)) return address;
  const words = ipv6Words(address);
  if (words.slice(0, 5).some((word) => word !== 0) || words[5] !== 0xffff) return address;
  const [high = 0, low = 0] = words.slice(6);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}
