import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which IP addresses the server may call on a client's behalf (URL inputs, webhooks): public unicast
 * only. Everything that reaches this machine, its private network or a tunnel into one is refused —
 * loopback, private, link-local, unique-local, site-local, multicast, unspecified, broadcast,
 * carrier-grade NAT, benchmarking, reserved and documentation ranges, and every IPv6 form that carries
 * an IPv4 address (IPv4-mapped, IPv4-compatible, IPv4-translated, 6to4, Teredo, NAT64), because the
 * network may route those to the embedded IPv4 address.
 *
 * An IPv6 address must also lie in 2000::/3, the only block allocated for global unicast: ipaddr.js
 * calls every address it has no name for "unicast", IPv4-compatible `::7f00:1` included.
 *
 * @example
 *   addressRefusal('93.184.215.14'); // undefined: public
 *   addressRefusal('::7f00:1'); // 'is an IPv4-compatible IPv6 address'
 *   const addresses = await resolvePublic('example.com'); // throws AddressRefused for `localhost`
 */

/** A host or address refused by the policy (a client's mistake, not a network failure). */
export class AddressRefused extends Error {
  override name = 'AddressRefused';
}

/** The AddressRefused in an error's `cause` chain (fetch wraps connection errors in a TypeError). */
export function addressRefusedIn(error: unknown): AddressRefused | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof AddressRefused) return e;
  }
  return undefined;
}

/** Why an address may not be called (`'is a loopback address'`), or undefined when it may. */
export type AddressPolicy = (address: string) => string | undefined;

/** Resolves a host name to every address it has (the system resolver by default). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const rangeNames: Record<string, string> = {
  unspecified: 'an unspecified',
  broadcast: 'a broadcast',
  multicast: 'a multicast',
  linkLocal: 'a link-local',
  loopback: 'a loopback',
  carrierGradeNat: 'a carrier-grade NAT',
  private: 'a private',
  reserved: 'a reserved (documentation, benchmarking or future use)',
  uniqueLocal: 'a unique-local',
  ipv4Mapped: 'an IPv4-mapped IPv6',
  rfc6145: 'an IPv4-translated IPv6',
  rfc6052: 'a NAT64',
  '6to4': 'a 6to4',
  teredo: 'a Teredo',
  deprecatedSiteLocal: 'a site-local',
  benchmarking: 'a benchmarking',
  discard: 'a discard-only',
};

const globalUnicast = ipaddr.parseCIDR('2000::/3');

/** The default policy: public unicast only. */
export const addressRefusal: AddressPolicy = (address) => {
  const canonical = canonicalAddress(address);
  if (canonical === undefined) return 'is not an IP address';
  const parsed = ipaddr.parse(canonical);
  const range = parsed.range();
  if (range !== 'unicast') return `is ${rangeNames[range] ?? `a special-purpose (${range})`} address`;
  if (parsed.kind() === 'ipv6' && !parsed.match(globalUnicast)) {
    // ::/96 holds the deprecated IPv4-compatible form (::a.b.c.d); the rest of ::/3 is unallocated.
    const parts = (parsed as ipaddr.IPv6).parts;
    const compatible = parts.slice(0, 6).every((part) => part === 0);
    return compatible ? 'is an IPv4-compatible IPv6 address' : 'is not a global unicast address';
  }
  return undefined;
};

/**
 * The address in the form the operating system reads it, for ipaddr.js to judge: dotted IPv4, and
 * IPv6 in hex as WHATWG URL writes it. ipaddr.js reads `::127.0.0.1` as `::ffff:127.0.0.1`, so a
 * trailing dotted quad is turned into hex first; a zone index (`%eth0`) does not change the range.
 */
function canonicalAddress(address: string): string | undefined {
  const bare = address.replace(/%[^%]*$/, '');
  const family = isIP(bare);
  if (family === 4) return bare;
  if (family !== 6) return undefined;
  try {
    return new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
}

export const isPublicAddress = (address: string): boolean => addressRefusal(address) === undefined;

/**
 * The IP address a URL's hostname names literally (brackets of an IPv6 host removed), or undefined
 * for a host name. WHATWG URL has already turned decimal, octal and hex IPv4 forms into dotted ones.
 */
export function ipLiteral(hostname: string): string | undefined {
  const host = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(host) ? host : undefined;
}

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });

export interface ResolveOptions {
  /** Lifts the address rule (tests, closed networks); the resolution itself still runs. */
  allowPrivate?: boolean;
  resolve?: Resolver;
  policy?: AddressPolicy;
}

/**
 * Every address of a host, or AddressRefused when any one of them is refused: a host with one public
 * and one private address could otherwise be reached on the private one by a retry or happy eyeballs.
 * DNS failures are passed on as they come (their `code`, e.g. ENOTFOUND, tells them apart).
 */
export async function resolvePublic(
  hostname: string,
  options: ResolveOptions = {},
): Promise<LookupAddress[]> {
  const policy = options.policy ?? addressRefusal;
  const literal = ipLiteral(hostname);
  if (literal !== undefined) {
    const why = options.allowPrivate ? undefined : policy(literal);
    if (why) throw new AddressRefused(`${literal} ${why}.`);
    return [{ address: literal, family: isIP(literal) }];
  }
  const addresses = await (options.resolve ?? systemResolver)(hostname);
  if (addresses.length === 0) throw new AddressRefused(`${hostname} has no address.`);
  if (!options.allowPrivate) {
    for (const { address } of addresses) {
      const why = policy(address);
      if (why) throw new AddressRefused(`${hostname} resolves to ${address}, which ${why}.`);
    }
  }
  return addresses;
}

/**
 * A `lookup` for net.connect, tls.connect or http.request that hands the connection exactly the
 * addresses it checked, so the address connected to is the one checked (no DNS rebinding between a
 * check and the connection). Node skips `lookup` for IP literals: check those before connecting.
 */
export function publicLookup(options: ResolveOptions = {}): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    resolvePublic(hostname, options).then(
      (addresses) => {
        const wanted = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
        const list = wanted ? addresses.filter((entry) => entry.family === wanted) : addresses;
        const first = list[0];
        if (!first) return callback(new AddressRefused(`${hostname} has no IPv${wanted} address.`), '', 0);
        if (lookupOptions.all) return callback(null, list);
        return callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}
