import { describe, expect, it } from 'vitest';
import { relayHostFor } from './udp-associate';
import { parseUdpFrame, socksAddress, udpFrame } from './udp-frame';

describe('SOCKS5 UDP datagrams (RFC 1928 section 7)', () => {
  it('reads back what it writes for IPv4, IPv6 and names', () => {
    for (const [host, expected] of [
      ['192.0.2.7', '192.0.2.7'],
      ['::ffff:192.0.2.7', '192.0.2.7'],
      ['2001:db8::1', '2001:db8:0:0:0:0:0:1'],
      ['::1', '0:0:0:0:0:0:0:1'],
      ['2001:db8::192.0.2.1', '2001:db8:0:0:0:0:c000:201'],
      ['fe80::1%lo', 'fe80:0:0:0:0:0:0:1'],
      ['dns.example', 'dns.example'],
    ] as const) {
      const frame = parseUdpFrame(udpFrame(host, 53, Buffer.from('payload')));
      expect(frame, host).toEqual({ host: expected, port: 53, data: Buffer.from('payload') });
    }
    expect([...socksAddress('10.1.2.3', 0x1234)]).toEqual([0x01, 10, 1, 2, 3, 0x12, 0x34]);
  });

  it('reads an IPv4-mapped IPv6 target (ATYP 4) as its IPv4 host, as dante relays it', () => {
    const mapped = Buffer.from([
      0,
      0,
      0,
      0x04,
      ...new Array<number>(10).fill(0),
      0xff,
      0xff,
      127,
      0,
      0,
      1,
      0,
      53,
      0x78,
    ]);
    expect(parseUdpFrame(mapped)).toEqual({ host: '127.0.0.1', port: 53, data: Buffer.from('x') });
    // Only the mapped prefix: IPv4-compatible (::7f00:1) and other IPv6 stay IPv6.
    const compatible = Buffer.from(mapped);
    compatible[14] = 0;
    compatible[15] = 0;
    expect(parseUdpFrame(compatible)?.host).toBe('0:0:0:0:0:0:7f00:1');
  });

  it('drops fragments, reserved bytes set, unknown address types, port 0 and short datagrams', () => {
    const good = udpFrame('192.0.2.7', 53, Buffer.from('x'));
    const altered = (index: number, value: number) => {
      const copy = Buffer.from(good);
      copy[index] = value;
      return copy;
    };
    expect(parseUdpFrame(good)).not.toBeNull();
    expect(parseUdpFrame(altered(2, 1))).toBeNull();
    expect(parseUdpFrame(altered(0, 1))).toBeNull();
    expect(parseUdpFrame(altered(3, 0x05))).toBeNull();
    expect(parseUdpFrame(udpFrame('192.0.2.7', 0, Buffer.from('x')))).toBeNull();
    for (let length = 0; length < 10; length += 1) expect(parseUdpFrame(good.subarray(0, length))).toBeNull();
    // A name whose length byte runs past the end, and an empty name.
    expect(parseUdpFrame(Buffer.from([0, 0, 0, 0x03, 40, 0x61, 0, 53]))).toBeNull();
    expect(parseUdpFrame(Buffer.from([0, 0, 0, 0x03, 0, 0, 53]))).toBeNull();
  });
});

describe('the relay address a client is told (BND.ADDR)', () => {
  it('is the bound address, or behind a wildcard bind the public IP, else the address the client reached', () => {
    expect(relayHostFor('127.0.0.1', '203.0.113.5', '127.0.0.1')).toBe('127.0.0.1');
    // HOST=0.0.0.0 behind 1:1 NAT: the connection arrived on the private address.
    expect(relayHostFor('0.0.0.0', '203.0.113.5', '10.0.0.4')).toBe('203.0.113.5');
    expect(relayHostFor('::', '[2001:db8::5]', '::ffff:10.0.0.4')).toBe('2001:db8::5');
    // A name is for people and DNS: the client is told the address it reached.
    expect(relayHostFor('0.0.0.0', 'gw.example.com', '::ffff:10.0.0.4')).toBe('10.0.0.4');
    expect(relayHostFor('0.0.0.0', undefined, '192.0.2.8')).toBe('192.0.2.8');
  });
});
