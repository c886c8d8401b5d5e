import { lookup as dnsLookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/*
 * Webhook targets are outbound requests chosen by a client: they must not reach this machine or its
 * private network (SSRF). A host is refused when any address it resolves to is anything but public
 * unicast: loopback, private, link-local, unique-local, multicast, unspecified, broadcast, carrier-grade
 * NAT, reserved, and the IPv6 forms that carry an IPv4 address (IPv4-mapped, 6to4, NAT64, Teredo). The check runs in the connection's own DNS lookup, so the address checked is
 * the address connected to (no DNS rebinding between a check and the request).
 */

export class CallbackRefused extends Error {
  override name = 'CallbackRefused';
}

/** The ranges ipaddr.js names that a public webhook may be sent to. */
const publicRanges = new Set(['unicast']);

const rangeNames: Record<string, string> = {
  ipv4Mapped: 'an IPv4-mapped IPv6',
  rfc6052: 'a NAT64',
  rfc6145: 'an IPv4-translated',
  '6to4': 'a 6to4',
  linkLocal: 'a link-local',
  uniqueLocal: 'a unique-local',
  carrierGradeNat: 'a carrier-grade NAT',
  unspecified: 'an unspecified',
};

/** Why an address may not be called, or undefined when it may. */
export function forbiddenAddress(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return 'is not an IP address';
  const range = ipaddr.parse(address).range();
  if (publicRanges.has(range)) return undefined;
  return `is ${rangeNames[range] ?? `a ${range}`} address`;
}

/**
 * A `lookup` for http(s).request: resolves the host, refuses it when any of its addresses is
 * forbidden, and hands the connection exactly the addresses it checked.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as { address: string; family: number }[];
      if (!allowPrivate) {
        for (const { address } of list) {
          const why = forbiddenAddress(address);
          if (why)
            return callback(new CallbackRefused(`${hostname} resolves to ${address}, which ${why}.`), '', 0);
        }
      }
      if ((options as { all?: boolean }).all)
        return (callback as (e: null, a: typeof list) => void)(null, list);
      const first = list[0];
      if (!first) return callback(new CallbackRefused(`${hostname} has no address.`), '', 0);
      return callback(null, first.address, first.family);
    });
  };
}

/**
 * Checks a Callback-Url before the job is accepted: http(s) only, no credentials, and every address
 * of its host allowed. Throws CallbackRefused with a sentence for the client.
 */
export async function checkCallbackUrl(value: string, allowPrivate: boolean): Promise<URL> {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CallbackRefused('Callback-Url is not an absolute URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CallbackRefused('Callback-Url must be an http or https URL.');
  }
  if (url.username || url.password)
    throw new CallbackRefused('Callback-Url may not carry a user name or password.');
  if (allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const why = forbiddenAddress(host);
    if (why) throw new CallbackRefused(`Callback-Url refused: ${host} ${why}.`);
    return url;
  }
  const lookup = guardedLookup(false);
  await new Promise<void>((resolve, reject) => {
    lookup(host, { all: true }, (error) => (error ? reject(error) : resolve()));
  }).catch((error: unknown) => {
    if (error instanceof CallbackRefused) throw new CallbackRefused(`Callback-Url refused: ${error.message}`);
    throw new CallbackRefused(`Callback-Url's host ${host} cannot be resolved.`);
  });
  return url;
}
