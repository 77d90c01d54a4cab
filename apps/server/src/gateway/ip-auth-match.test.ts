import { ipAuthEntryIssue } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { ipAuthMatcher } from './own-ports';
import { EVERY_IPV4_CLIENT } from '../../test/ipv4-wide-spellings';

/**
 * The API's validator and the gateway's matcher against a reference written apart from both
 * (BigInt arithmetic, IPv6 text parsed by the WHATWG URL parser): for generated ranges of every
 * family and prefix length, spelled several ways, an accepted range admits exactly the clients the
 * reference puts in it, never an IPv4 client outside one /24 or an IPv6 client outside one /64,
 * and a refused range admits nobody.
 */

const V4_BITS = 32n;
const V6_BITS = 128n;

/** Deterministic, so a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const bits = (count: bigint) => {
    let value = 0n;
    for (let done = 0n; done < count; done += 16n) value = (value << 16n) | BigInt(int(0x10000));
    return value & ((1n << count) - 1n);
  };
  return { int, bits, pick: <T>(items: readonly T[]) => items[int(items.length)]! };
}

function v6Big(text: string): bigint {
  const host = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  const [head = '', tail] = host.split('::');
  const words = (part: string) => (part ? part.split(':') : []);
  const front = words(head);
  const back = words(tail ?? '');
  const all =
    tail === undefined ? front : [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return all.reduce((value, word) => (value << 16n) | BigInt(Number.parseInt(word, 16)), 0n);
}

const v4Big = (text: string) => text.split('.').reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
const v4Text = (value: bigint) => [24n, 16n, 8n, 0n].map((shift) => Number((value >> shift) & 0xffn)).join('.');
const v6Full = (value: bigint) =>
  Array.from({ length: 8 }, (_, i) => ((value >> BigInt(112 - i * 16)) & 0xffffn).toString(16)).join(':');

/** Several spellings of one IPv6 address: full, compressed, upper case, with a dotted IPv4 tail. */
function v6Spellings(value: bigint): string[] {
  const full = v6Full(value);
  const compressed = new URL(`http://[${full}]/`).hostname.slice(1, -1);
  const dotted = `${full.split(':').slice(0, 6).join(':')}:${v4Text(value & 0xffffffffn)}`;
  return [full, compressed, compressed.toUpperCase(), dotted];
}

const mask = (bits: bigint, prefix: bigint) => (prefix === 0n ? 0n : ((1n << prefix) - 1n) << (bits - prefix));
const inNetwork = (value: bigint, network: bigint, prefix: bigint, bits: bigint) =>
  (value & mask(bits, prefix)) === (network & mask(bits, prefix));

/** The /96 blocks whose last 32 bits carry an IPv4 address. */
const EMBEDDING = ['::', '::ffff:0:0', '::ffff:0:0:0', '64:ff9b::'].map(v6Big);
const COMPATIBLE = EMBEDDING[0]!;
const MAPPED = EMBEDDING[1]!;

type Range = { family: 4 | 6; network: bigint; prefix: bigint } | null;

/** What the rules say an entry admits: null when they refuse it. */
function reference(entry: string): Range {
  const [address = '', prefixText] = entry.split('/');
  if (address.includes('.') && !address.includes(':')) {
    const prefix = BigInt(prefixText ?? 32);
    return prefix >= 24n ? { family: 4, network: v4Big(address), prefix } : null;
  }
  const prefix = BigInt(prefixText ?? 128);
  const network = v6Big(address);
  const shorter = prefix < 96n ? prefix : 96n;
  const block = EMBEDDING.find((base) => inNetwork(network, base, shorter, V6_BITS));
  if (block !== undefined) {
    if (block === COMPATIBLE || prefix < 120n) return null;
    if (block === MAPPED) return { family: 4, network: network & 0xffffffffn, prefix: prefix - 96n };
    return { family: 6, network, prefix };
  }
  return prefix >= 64n ? { family: 6, network, prefix } : null;
}

/** A client as the gateway meets it: IPv4, or IPv6 where the IPv4-mapped form is the IPv4 client. */
function referenceClient(address: string): { family: 4 | 6; value: bigint } {
  if (!address.includes(':')) return { family: 4, value: v4Big(address) };
  const value = v6Big(address);
  return inNetwork(value, MAPPED, 96n, V6_BITS) ? { family: 4, value: value & 0xffffffffn } : { family: 6, value };
}

const admits = (range: Range, address: string) => {
  if (!range) return false;
  const client = referenceClient(address);
  const bits = range.family === 4 ? V4_BITS : V6_BITS;
  return client.family === range.family && inNetwork(client.value, range.network, range.prefix, bits);
};

function generatedEntries(seed: number, count: number): string[] {
  const r = random(seed);
  const bases = ['::', '::ffff:0:0', '::ffff:0:0:0', '64:ff9b::', '2001:db8::', '::1'].map(v6Big);
  const entries: string[] = [];
  for (let i = 0; i < count; i += 1) {
    if (r.int(3) === 0) {
      const prefix = r.int(34);
      const address = v4Text(r.bits(V4_BITS));
      entries.push(prefix === 33 ? address : `${address}/${prefix}`);
      continue;
    }
    // Half the IPv6 ranges start inside a block that carries IPv4: those are the ones that matter.
    const base = r.int(2) === 0 ? r.pick(bases) : r.bits(V6_BITS);
    const value = base | (r.int(2) === 0 ? r.bits(32n) : r.bits(V6_BITS - 96n) & r.bits(32n));
    const prefix = r.pick([
      0,
      1,
      16,
      32,
      48,
      63,
      64,
      65,
      80,
      95,
      96,
      97,
      104,
      112,
      119,
      120,
      121,
      127,
      128,
      r.int(129),
    ]);
    const spelled = r.pick(v6Spellings(value));
    entries.push(r.int(8) === 0 ? spelled : `${spelled}/${prefix}`);
  }
  return entries;
}

/** Clients in, near and far from a range, in every spelling the gateway can meet. */
function clientsFor(range: Range, seed: number): string[] {
  const r = random(seed);
  const clients: string[] = [];
  const v4 = (value: bigint) => [v4Text(value), `::ffff:${v4Text(value)}`];
  for (let i = 0; i < 6; i += 1) clients.push(...v4(r.bits(V4_BITS)));
  for (let i = 0; i < 4; i += 1) clients.push(v6Full(r.bits(V6_BITS)));
  clients.push('127.9.9.9', '::ffff:127.9.9.9', '::1', '::');
  if (range) {
    const bits = range.family === 4 ? V4_BITS : V6_BITS;
    const host = (r.bits(bits) & ~mask(bits, range.prefix)) | (range.network & mask(bits, range.prefix));
    // The first address outside the range's allowed width (a /24 or a /64).
    const width = range.family === 4 ? 24n : 64n;
    const outside = host ^ (1n << (bits - width));
    if (range.family === 4) clients.push(...v4(host), ...v4(outside));
    else clients.push(...v6Spellings(host).slice(0, 2), v6Full(outside));
  }
  return clients;
}

describe('IP authorization: the validator, the gateway and the rules agree', () => {
  it('on every generated range and client', () => {
    let accepted = 0;
    let admitted = 0;
    generatedEntries(20261124, 3000).forEach((entry, index) => {
      const rule = reference(entry);
      expect(ipAuthEntryIssue(entry) === null, `validator on ${entry}`).toBe(rule !== null);
      if (rule) accepted += 1;
      const matches = ipAuthMatcher([entry]);
      for (const client of clientsFor(rule, index)) {
        const expected = admits(rule, client);
        expect(matches(client), `${entry} admitting ${client}`).toBe(expected);
        if (!expected) continue;
        admitted += 1;
        // The width the validator promises: one /24 of IPv4, one /64 of IPv6.
        expect(rule!.prefix, entry).toBeGreaterThanOrEqual(rule!.family === 4 ? 24n : 64n);
      }
    });
    // The generator reached both sides of the rules.
    expect(accepted).toBeGreaterThan(300);
    expect(admitted).toBeGreaterThan(300);
  });

  it('refuses the spellings that reached every IPv4 client, and narrows the IPv4-mapped ones', () => {
    for (const entry of [...EVERY_IPV4_CLIENT, '::/0']) {
      expect(ipAuthEntryIssue(entry), entry).not.toBeNull();
      expect(ipAuthMatcher([entry])('127.9.9.9'), entry).toBe(false);
    }
    const narrow = ipAuthMatcher(['::ffff:127.0.0.0/120']);
    expect(narrow('127.0.0.200')).toBe(true);
    expect(narrow('::ffff:127.0.0.200')).toBe(true);
    expect(narrow('127.0.1.1')).toBe(false);
    expect(narrow('127.9.9.9')).toBe(false);
  });
});
