import { describe, expect, it } from 'vitest';
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
