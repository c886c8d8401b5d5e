import { STATUS_CODES } from 'node:http';
import { domainToASCII } from 'node:url';
import { formatBytes } from '@toolkit/catalog';
// The package's own path: its types are in @types, not in the newer copy @fastify/static has hoisted.
import contentDisposition from 'content-disposition/index.js';
import { Agent, buildConnector, fetch, type Response } from 'undici';
import { ApiError } from '../errors.js';
import {
  type AddressPolicy,
  AddressRefused,
  addressRefusal,
  addressRefusedIn,
  ipLiteral,
  publicLookup,
  type Resolver,
} from './address-policy.js';

/**
 * Fetches a client-named http(s) file for a URL input, guarded against SSRF and runaway answers:
 * every address the host resolves to must be public, checked in the connection's own lookup (the
 * address connected to is the one checked); at most 3 redirects, each checked again; the byte limit
 * is enforced while reading; one deadline covers connect, headers and body.
 *
 * @example
 *   const { name, data, contentType } = await fetchUrl('https://example.com/a.png', {
 *     maxBytes: 10 * 1024 * 1024, timeoutMs: 15_000, allowHosts: parseHostList(process.env.URL_FETCH_ALLOW_HOSTS),
 *     signal: request.signal,
 *   }); // throws InvalidUrl (400), UrlFetchFailed (422) or UrlTooLarge (413)
 */

export class InvalidUrl extends ApiError {
  constructor(message: string, cause?: unknown) {
    super('INVALID_URL', message, { cause });
  }
}

export class UrlFetchFailed extends ApiError {
  constructor(message: string, cause?: unknown) {
    super('URL_FETCH_FAILED', message, { cause });
  }
}

export class UrlTooLarge extends ApiError {
  constructor(message: string) {
    super('PAYLOAD_TOO_LARGE', message);
  }
}

/** The address rule of a guarded connection (URL inputs, webhooks). */
export interface GuardOptions {
  /** URL_FETCH_ALLOW_PRIVATE / WEBHOOK_ALLOW_PRIVATE: lifts the address rule (tests, closed networks). */
  allowPrivate?: boolean;
  /** For tests: the resolver and the address policy (defaults: the system's, public only). */
  resolve?: Resolver;
  policy?: AddressPolicy;
  /** How long one connection may take to open (undici's default: 10 s). */
  connectTimeoutMs?: number;
}

export interface FetchUrlOptions extends GuardOptions {
  /** The upload limit of the field the URL stands for. */
  maxBytes: number;
  /** One deadline for the whole fetch: every connection, redirect, header and body byte. */
  timeoutMs: number;
  /** URL_FETCH_ALLOW_HOSTS as parseHostList gives it; empty or absent: any host. */
  allowHosts?: readonly string[];
  /** The client went away: the fetch stops and rejects with the signal's reason. */
  signal?: AbortSignal;
  /** How messages name the input, e.g. 'The url' or 'urls[2]'. */
  label?: string;
}

export interface FetchedFile {
  name: string;
  data: Buffer;
  /** The answer's Content-Type as sent, or undefined without one. */
  contentType: string | undefined;
  /** The URL the file finally came from, after redirects. */
  url: string;
}

export const maxRedirects = 3;
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/** URL_FETCH_ALLOW_HOSTS → host names in ASCII, lower case, without a trailing dot (`*.` kept). */
export function parseHostList(value: string | undefined): string[] {
  const hosts: string[] = [];
  for (const entry of (value ?? '').split(',')) {
    const wildcard = entry.trim().startsWith('*.');
    const name = normalHost(entry.trim().replace(/^\*\./, ''));
    if (name) hosts.push(wildcard ? `*.${name}` : name);
  }
  return hosts;
}

function normalHost(host: string): string {
  const bare = host.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  return ipLiteral(bare) ? bare.toLowerCase() : domainToASCII(bare.toLowerCase());
}

/** Whether a URL's hostname is on the list; `*.example.com` matches its subdomains, not itself. */
export function hostAllowed(hostname: string, allowHosts: readonly string[] | undefined): boolean {
  if (!allowHosts || allowHosts.length === 0) return true;
  const host = normalHost(hostname);
  return allowHosts.some((entry) =>
    entry.startsWith('*.') ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : host === entry,
  );
}

/** Why a URL may not be fetched ('must be an http or https URL, not ftp:'), or undefined. */
function urlRefusal(url: URL, options: FetchUrlOptions): string | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `must be an http or https URL, not ${url.protocol}`;
  if (url.username || url.password) return 'may not carry a user name or password';
  if (!hostAllowed(url.hostname, options.allowHosts))
    return `names a host this server does not fetch from (${url.hostname})`;
  const literal = ipLiteral(url.hostname);
  const why =
    literal !== undefined && !options.allowPrivate ? (options.policy ?? addressRefusal)(literal) : undefined;
  return why ? `cannot be fetched: ${literal} ${why}` : undefined;
}

/**
 * An undici Agent whose every connection is checked: IP literals in its connector (Node skips
 * `lookup` for them), host names in the lookup, so nothing reaches net.connect unchecked, redirects
 * included. A refused connection fails the fetch with an AddressRefused in its `cause` chain.
 */
export function guardedAgent(options: GuardOptions): Agent {
  const policy = options.policy ?? addressRefusal;
  const allowPrivate = options.allowPrivate === true;
  const lookup = publicLookup({
    allowPrivate,
    policy,
    ...(options.resolve ? { resolve: options.resolve } : {}),
  });
  const connect = buildConnector({ lookup, timeout: options.connectTimeoutMs });
  const guarded: buildConnector.connector = (target, callback) => {
    const literal = ipLiteral(target.hostname);
    const why = literal !== undefined && !allowPrivate ? policy(literal) : undefined;
    if (why) return callback(new AddressRefused(`${literal} ${why}.`), null);
    return connect(target, callback);
  };
  return new Agent({ connect: guarded });
}

/** The download name: Content-Disposition's filename, else the URL path's last segment, else 'download'. */
export function fileNameOf(disposition: string | null, url: URL): string {
  let fromHeader: string | undefined;
  try {
    fromHeader = disposition ? contentDisposition.parse(disposition).parameters.filename : undefined;
  } catch {
    fromHeader = undefined; // A malformed header is the server's problem, not a reason to fail.
  }
  const segment = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  let fromPath = segment;
  try {
    fromPath = decodeURIComponent(segment);
  } catch {
    // Not valid percent-encoded UTF-8: keep the segment as written.
  }
  return cleanName(fromHeader) ?? cleanName(fromPath) ?? 'download';
}

/** A name without folders or control characters; undefined when nothing usable is left. */
function cleanName(name: string | undefined): string | undefined {
  const last = (name ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove
  const base = last.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base && base !== '.' && base !== '..' ? base : undefined;
}

/** The first error in a `cause` chain that `test` accepts (fetch wraps socket errors in TypeError). */
function findCause<T>(error: unknown, test: (value: unknown) => value is T): T | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    if (test(e)) return e;
  }
  return undefined;
}

const hasCode = (value: unknown): value is { code: string } =>
  typeof (value as { code?: unknown }).code === 'string';

/** A network failure of fetch as the contract's error. */
function failure(error: unknown, url: URL, label: string): ApiError {
  const refused = addressRefusedIn(error);
  if (refused) return new InvalidUrl(`${label} cannot be fetched: ${refused.message}`, error);
  const code = findCause(error, hasCode)?.code;
  const host = url.hostname;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NODATA' || code === 'ENODATA')
    return new UrlFetchFailed(`${label}'s host ${host} cannot be resolved.`, error);
  if (code === 'ECONNREFUSED')
    return new UrlFetchFailed(`${label}'s host ${host} refused the connection.`, error);
  if (code?.includes('CERT') || code === 'ERR_TLS_CERT_ALTNAME_INVALID')
    return new UrlFetchFailed(
      `${label}'s host ${host} has a TLS certificate that cannot be trusted (${code}).`,
      error,
    );
  return new UrlFetchFailed(
    `${label} could not be fetched from ${host} (${code ?? 'network error'}).`,
    error,
  );
}

/** Reads the body, stopping at once when it grows past the limit. */
async function readBounded(
  response: Response,
  maxBytes: number,
  tooLarge: () => UrlTooLarge,
): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

/** Fetches `input` under the options' rules; see the module's comment. */
export async function fetchUrl(input: string, options: FetchUrlOptions): Promise<FetchedFile> {
  const label = options.label ?? 'The url';
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new InvalidUrl(`${label} is not an absolute http or https URL.`);
  }
  const why = urlRefusal(url, options);
  if (why) throw new InvalidUrl(`${label} ${why}.`);
  options.signal?.throwIfAborted();

  // One controller for the whole fetch: the deadline and the client's signal both abort it.
  const controller = new AbortController();
  const timedOut = new UrlFetchFailed(`${label} was not received within ${options.timeoutMs / 1000} s.`);
  const timer = setTimeout(() => controller.abort(timedOut), options.timeoutMs);
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const agent = guardedAgent({ ...options, connectTimeoutMs: options.timeoutMs });
  const tooLarge = () =>
    new UrlTooLarge(`${label}'s file is larger than the ${formatBytes(options.maxBytes)} limit.`);
  // After an abort, fetch and the body reader reject with whatever; the controller's reason says why.
  const settle = (error: unknown): never => {
    if (controller.signal.aborted) throw controller.signal.reason;
    if (error instanceof ApiError) throw error;
    throw failure(error, url, label);
  };
  try {
    for (let redirects = 0; ; redirects++) {
      const response = await fetch(url, {
        dispatcher: agent,
        redirect: 'manual',
        signal: controller.signal,
        headers: { accept: '*/*', 'user-agent': 'developer-toolkit-fetch/1' },
      }).catch(settle);
      const status = response.status;
      if (redirectStatuses.has(status)) {
        await response.body?.cancel().catch(() => undefined);
        const location = response.headers.get('location');
        if (!location) throw new UrlFetchFailed(`${label} answered ${status} without a Location to go to.`);
        if (redirects === maxRedirects)
          throw new UrlFetchFailed(`${label} redirects more than ${maxRedirects} times.`);
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw new UrlFetchFailed(`${label} redirects to an address that is not a URL.`);
        }
        const refusal = urlRefusal(next, options);
        if (refusal) throw new InvalidUrl(`${label} redirects to ${next.href}, which ${refusal}.`);
        url = next;
        continue;
      }
      if (status < 200 || status > 299) {
        await response.body?.cancel().catch(() => undefined);
        const reason = STATUS_CODES[status];
        throw new UrlFetchFailed(`${label} answered ${status}${reason ? ` ${reason}` : ''}.`);
      }
      const declared = Number(response.headers.get('content-length') ?? Number.NaN);
      if (declared > options.maxBytes) {
        await response.body?.cancel().catch(() => undefined);
        throw tooLarge();
      }
      const data = await readBounded(response, options.maxBytes, tooLarge).catch(settle);
      return {
        name: fileNameOf(response.headers.get('content-disposition'), url),
        data,
        contentType: response.headers.get('content-type') ?? undefined,
        url: url.href,
      };
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    await agent.destroy().catch(() => undefined);
  }
}
