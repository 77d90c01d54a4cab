import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { embeddedIPv4, isPrivateAddress, listed, ownAddresses } from './address-ranges';
import { ALLOW_ALL_TARGETS, createTargetPolicy, fixedLookup, resolveTarget, TargetRefusedError } from './target-policy';

describe('isPrivateAddress', () => {
  const addresses = {
    private: [
      '127.0.0.1',
      '127.255.0.9',
      '0.0.0.0',
      '10.1.2.3',
      '100.64.0.1',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      'fd00::1',
      'fe80::1',
      'ff02::1',
      '::7f00:1',
      '::127.0.0.1',
      '::ffff:0:10.0.0.1',
      '64:ff9b::a00:1',
      '64:ff9b::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:c0a8:101::1',
      '2001:0:4136:e378::1',
      'fe80::1%lo',
    ],
    public: [
      '8.8.8.8',
      '1.1.1.1',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ],
  };
  it.each([
    ...addresses.private.map((address) => [address, 'private'] as const),
    ...addresses.public.map((address) => [address, 'public'] as const),
  ])('%s is %s', (address, kind) => {
    expect(isPrivateAddress(address)).toBe(kind === 'private');
  });

  it('a name is not an address', () => {
    expect(isPrivateAddress('localhost')).toBe(false);
  });

  it('unpacks the IPv4 address of NAT64 and 6to4 addresses, and only of those', () => {
    expect(embeddedIPv4('64:ff9b::a00:1')).toBe('10.0.0.1');
    expect(embeddedIPv4('64:ff9b::192.168.1.2')).toBe('192.168.1.2');
    expect(embeddedIPv4('2002:c0a8:0102:5::9')).toBe('192.168.1.2');
    expect(embeddedIPv4('2606:4700::1')).toBeNull();
    expect(embeddedIPv4('10.0.0.1')).toBeNull();
  });
});

describe('ownAddresses', () => {
  it("lists every address of this host's interfaces, public ones included", () => {
    const own = ownAddresses();
    const addresses = Object.values(os.networkInterfaces()).flatMap((entries) => entries ?? []);
    expect(addresses.length).toBeGreaterThan(0);
    for (const { address } of addresses) expect(listed(own, address)).toBe(true);
    expect(listed(own, '203.0.113.77')).toBe(addresses.some(({ address }) => address === '203.0.113.77'));
  });
});

describe('createTargetPolicy', () => {
  it('deny: public addresses pass, private ones only at the check target', async () => {
    const policy = await createTargetPolicy('deny', 'http://127.0.0.1:8080/healthz');
    expect(policy.allows('8.8.8.8', 5432)).toBe(true);
    expect(policy.allows('127.0.0.1', 8080)).toBe(true);
    expect(policy.allows('::ffff:127.0.0.1', 8080)).toBe(true);
    expect(policy.allows('127.0.0.1', 5432)).toBe(false);
    expect(policy.allows('127.0.0.2', 8080)).toBe(false);
    expect(policy.allows('10.0.0.1', 8080)).toBe(false);
  });

  it('deny without an exception refuses every private address and every address of this host', async () => {
    const policy = await createTargetPolicy('deny');
    expect(policy.allows('127.0.0.1', 80)).toBe(false);
    expect(policy.allows('93.184.216.34', 80)).toBe(true);
    for (const { address } of Object.values(os.networkInterfaces()).flatMap((entries) => entries ?? [])) {
      expect(policy.allows(address, 5432)).toBe(false);
    }
  });

  it('warns when the exception does not resolve, and then excepts nothing', async () => {
    const warnings: string[] = [];
    const policy = await createTargetPolicy('deny', 'http://no-such-host.invalid:8080/healthz', (message) =>
      warnings.push(message),
    );
    expect(warnings).toEqual([expect.stringContaining('no-such-host.invalid')]);
    expect(policy.allows('127.0.0.1', 8080)).toBe(false);
  });

  it('a check URL by name allows the addresses that name has, on its port only', async () => {
    const policy = await createTargetPolicy('deny', 'http://localhost:9000/healthz');
    expect(policy.allows('127.0.0.1', 9000)).toBe(true);
    expect(policy.allows('127.0.0.1', 9001)).toBe(false);
  });

  it('allow lets everything through', async () => {
    expect(await createTargetPolicy('allow', 'http://127.0.0.1:8080/healthz')).toBe(ALLOW_ALL_TARGETS);
    expect(ALLOW_ALL_TARGETS.allows('127.0.0.1', 5432)).toBe(true);
  });
});

describe('resolveTarget', () => {
  it('refuses a name that resolves to a private address, and a private literal', async () => {
    const policy = await createTargetPolicy('deny');
    await expect(resolveTarget(policy, 'localhost', 6379)).rejects.toMatchObject({ reason: 'not-allowed' });
    await expect(resolveTarget(policy, '::1', 6379)).rejects.toBeInstanceOf(TargetRefusedError);
    // A decimal spelling of 127.0.0.1 is a name to getaddrinfo, which resolves it to loopback.
    await expect(resolveTarget(policy, '2130706433', 6379)).rejects.toMatchObject({ reason: 'not-allowed' });
  });

  it('answers a literal as it is and tells a missing name apart', async () => {
    expect(await resolveTarget(ALLOW_ALL_TARGETS, '127.0.0.1', 80)).toEqual([{ address: '127.0.0.1', family: 4 }]);
    await expect(resolveTarget(ALLOW_ALL_TARGETS, 'no-such-host.invalid', 80)).rejects.toMatchObject({
      reason: 'not-found',
    });
  });
});

describe('fixedLookup', () => {
  const lookup = fixedLookup([
    { address: '::1', family: 6 },
    { address: '127.0.0.1', family: 4 },
  ]);
  const call = (options: { family?: number; all?: boolean }) =>
    new Promise<unknown[]>((resolve) => lookup('any', options, (...args) => resolve(args)));

  it('answers every checked address, or the first of a family', async () => {
    expect(await call({ all: true })).toEqual([
      null,
      [
        { address: '::1', family: 6 },
        { address: '127.0.0.1', family: 4 },
      ],
    ]);
    expect(await call({ family: 4 })).toEqual([null, '127.0.0.1', 4]);
    expect(await call({})).toEqual([null, '::1', 6]);
  });

  it('fails when no checked address has the family asked for', async () => {
    const only4 = fixedLookup([{ address: '127.0.0.1', family: 4 }]);
    const [error] = await new Promise<unknown[]>((resolve) => only4('any', { family: 6 }, (...args) => resolve(args)));
    expect(error).toMatchObject({ code: 'ENOTFOUND' });
  });
});
