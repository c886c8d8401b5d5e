import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { AddressRefused, addressRefusal, ipLiteral, publicLookup, resolvePublic } from './address-policy.js';

describe('addressRefusal', () => {
  it.each([
    ['8.8.8.8'],
    ['1.1.1.1'],
    ['93.184.215.14'],
    ['2606:4700:4700::1111'],
    ['2a00:1450:4007:80b::200e'],
  ])('lets the public address %s through', (address) => {
    expect(addressRefusal(address)).toBeUndefined();
  });

  it.each([
    ['127.0.0.1', 'is a loopback address'],
    ['127.255.255.254', 'is a loopback address'],
    ['10.1.2.3', 'is a private address'],
    ['172.16.0.1', 'is a private address'],
    ['172.31.255.255', 'is a private address'],
    ['192.168.1.1', 'is a private address'],
    ['169.254.169.254', 'is a link-local address'],
    ['100.64.0.1', 'is a carrier-grade NAT address'],
    ['100.127.255.255', 'is a carrier-grade NAT address'],
    ['0.0.0.0', 'is an unspecified address'],
    ['0.1.2.3', 'is an unspecified address'],
    ['255.255.255.255', 'is a broadcast address'],
    ['224.0.0.1', 'is a multicast address'],
    ['239.255.255.250', 'is a multicast address'],
    ['192.0.0.8', 'is a reserved (documentation, benchmarking or future use) address'],
    ['192.0.2.1', 'is a reserved (documentation, benchmarking or future use) address'],
    ['198.18.0.1', 'is a reserved (documentation, benchmarking or future use) address'],
    ['198.51.100.7', 'is a reserved (documentation, benchmarking or future use) address'],
    ['203.0.113.9', 'is a reserved (documentation, benchmarking or future use) address'],
    ['240.0.0.1', 'is a reserved (documentation, benchmarking or future use) address'],
    ['::1', 'is a loopback address'],
    ['::', 'is an unspecified address'],
    ['fe80::1', 'is a link-local address'],
    ['fc00::1', 'is a unique-local address'],
    ['fd12:3456::1', 'is a unique-local address'],
    ['fec0::1', 'is a site-local address'],
    ['ff02::1', 'is a multicast address'],
    ['::ffff:127.0.0.1', 'is an IPv4-mapped IPv6 address'],
    ['::ffff:8.8.8.8', 'is an IPv4-mapped IPv6 address'],
    ['::7f00:1', 'is an IPv4-compatible IPv6 address'],
    ['::127.0.0.1', 'is an IPv4-compatible IPv6 address'],
    ['::a00:1', 'is an IPv4-compatible IPv6 address'],
    ['::ffff:0:a00:1', 'is an IPv4-translated IPv6 address'],
    ['2002:7f00:1::', 'is a 6to4 address'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'is a Teredo address'],
    ['64:ff9b::7f00:1', 'is a NAT64 address'],
    ['64:ff9b:1::a00:1', 'is a NAT64 address'],
    ['2001:db8::1', 'is a reserved (documentation, benchmarking or future use) address'],
    ['2001:2::1', 'is a benchmarking address'],
    ['100::1', 'is a discard-only address'],
    ['1::1', 'is not a global unicast address'],
    ['4000::1', 'is not a global unicast address'],
    ['fe80::1%eth0', 'is a link-local address'],
    ['not-an-address', 'is not an IP address'],
    // Only dotted IPv4 is an address here: URL hosts arrive normalised, DNS answers are dotted.
    ['2130706433', 'is not an IP address'],
  ])('refuses %s: %s', (address, reason) => {
    expect(addressRefusal(address)).toBe(reason);
  });
});

describe('ipLiteral', () => {
  it('reads IP hosts as WHATWG URL normalises them, and leaves host names alone', () => {
    const host = (url: string) => ipLiteral(new URL(url).hostname);
    expect(host('http://2130706433/')).toBe('127.0.0.1');
    expect(host('http://0x7f.1/')).toBe('127.0.0.1');
    expect(host('http://0177.0.0.1/')).toBe('127.0.0.1');
    expect(host('http://[::ffff:127.0.0.1]/')).toBe('::ffff:7f00:1');
    expect(host('http://[::7f00:1]/')).toBe('::7f00:1');
    expect(host('http://example.com/')).toBeUndefined();
    expect(host('http://localhost/')).toBeUndefined();
  });
});

describe('resolvePublic', () => {
  const table: Record<string, LookupAddress[]> = {
    'public.test': [{ address: '93.184.215.14', family: 4 }],
    'mixed.test': [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ],
    'both.test': [
      { address: '93.184.215.14', family: 4 },
      { address: '2606:4700:4700::1111', family: 6 },
    ],
    'empty.test': [],
  };
  const resolve = async (hostname: string) => table[hostname] ?? [];

  it('gives every address of a public host', async () => {
    await expect(resolvePublic('both.test', { resolve })).resolves.toEqual(table['both.test']);
  });

  it('refuses a host when any one of its addresses is not public', async () => {
    await expect(resolvePublic('mixed.test', { resolve })).rejects.toThrow(
      new AddressRefused('mixed.test resolves to 10.0.0.5, which is a private address.'),
    );
    await expect(resolvePublic('empty.test', { resolve })).rejects.toThrow('empty.test has no address.');
  });

  it('refuses localhost through the system resolver', async () => {
    await expect(resolvePublic('localhost')).rejects.toThrow(
      /^localhost resolves to (127\.0\.0\.1|::1), which is a loopback address\.$/,
    );
  });

  it('checks IP literals without resolving them, and lets everything through with allowPrivate', async () => {
    await expect(resolvePublic('[::1]', { resolve })).rejects.toThrow('::1 is a loopback address.');
    await expect(resolvePublic('10.0.0.5', { allowPrivate: true })).resolves.toEqual([
      { address: '10.0.0.5', family: 4 },
    ]);
    await expect(resolvePublic('mixed.test', { resolve, allowPrivate: true })).resolves.toHaveLength(2);
  });

  it('is a net lookup that hands over the addresses it checked, one or all, by family', async () => {
    const lookup = publicLookup({ resolve });
    const one = await new Promise((done, fail) =>
      lookup('both.test', { family: 6 }, (error, address, family) =>
        error ? fail(error) : done([address, family]),
      ),
    );
    expect(one).toEqual(['2606:4700:4700::1111', 6]);
    const all = await new Promise((done, fail) =>
      lookup('both.test', { all: true }, (error, addresses) => (error ? fail(error) : done(addresses))),
    );
    expect(all).toEqual(table['both.test']);
    const refused = await new Promise((done) => lookup('mixed.test', {}, (error) => done(error)));
    expect(refused).toBeInstanceOf(AddressRefused);
  });
});
