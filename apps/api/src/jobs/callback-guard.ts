import type { LookupFunction } from 'node:net';
import { AddressRefused, addressRefusal, publicLookup, resolvePublic } from '../net/address-policy.js';

/*
 * Webhook targets are outbound requests chosen by a client: they must not reach this machine or its
 * private network (SSRF). The address rule is the one of URL inputs (net/address-policy.ts): a host
 * is refused when any address it resolves to is anything but public unicast. The delivery itself
 * checks again in the connection's own lookup (net/guarded-fetch.ts, guardedAgent), so the address
 * checked is the address connected to (no DNS rebinding between this check and the request).
 */

/** A refused Callback-Url; an AddressRefused, so one `instanceof` covers both. */
export class CallbackRefused extends AddressRefused {
  override name = 'CallbackRefused';
}

/** Why an address may not be called ('is a loopback address'), or undefined when it may. */
export const forbiddenAddress = addressRefusal;

/**
 * A `lookup` for http(s).request: resolves the host, refuses it when any of its addresses is
 * forbidden, and hands the connection exactly the addresses it checked.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  const lookup = publicLookup({ allowPrivate });
  return (hostname, options, callback) =>
    lookup(hostname, options, (error, address, family) =>
      callback(error instanceof AddressRefused ? new CallbackRefused(error.message) : error, address, family),
    );
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
  try {
    await resolvePublic(url.hostname);
  } catch (error) {
    if (error instanceof AddressRefused) throw new CallbackRefused(`Callback-Url refused: ${error.message}`);
    throw new CallbackRefused(`Callback-Url's host ${url.hostname} cannot be resolved.`);
  }
  return url;
}
