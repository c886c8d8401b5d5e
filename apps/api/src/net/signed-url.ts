import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed links: a GET that carries a valid `signature` (and, optionally, a future `expires`) needs no
 * API key, so it can stand in an `<img src>` or behind a CDN.
 *
 * What is signed — meant to be reproducible by hand in any language:
 * - the request target exactly as sent: the path, then `?` and the query string, byte for byte, with
 *   no decoding or re-encoding (`/api/v1/images/resize?url=https%3A%2F%2Fa.example%2Fb.png&width=80`);
 * - minus the `signature` parameter wherever it stands (with its `&`), and minus the `?` when no
 *   parameter is left;
 * - `expires=<unix seconds>`, when present, is an ordinary parameter and so is signed with the rest;
 * - the MAC: HMAC-SHA256 with the UTF-8 bytes of URL_SIGNING_KEY, written in base64url without `=`
 *   padding (padding is accepted too), appended last: `…&signature=<mac>`.
 *
 * In short: build the link you want to send, compute the MAC of that string, append
 * `signature=<mac>`. Python: `base64.urlsafe_b64encode(hmac.new(key, link.encode(), 'sha256').digest()).rstrip(b'=')`.
 *
 * The server must verify the raw target it received (`request.raw.url`), not a re-serialised one.
 *
 * @example
 *   const link = signPath('/api/v1/images/resize?url=https%3A%2F%2Fa.example%2Fb.png&width=80', key, 1767225600);
 *   // → '/api/v1/images/resize?url=…&width=80&expires=1767225600&signature=…'
 *   verifySignedRequest(link, key, Math.floor(Date.now() / 1000)); // 'ok' | 'missing' | 'wrong' | 'expired'
 */

export type SignatureCheck = 'ok' | 'missing' | 'wrong' | 'expired';

interface Parameter {
  raw: string;
  /** The decoded name, as a query-string parser will see it. */
  name: string;
  value: string;
}

function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** Splits a target into its path and its parameters, each kept as written. */
function split(pathAndQuery: string): { path: string; parameters: Parameter[] } {
  if (!pathAndQuery.startsWith('/')) throw new Error('A signed link is a path: it starts with "/".');
  if (pathAndQuery.includes('#')) throw new Error('A signed link has no fragment ("#…"): it is never sent.');
  const mark = pathAndQuery.indexOf('?');
  if (mark < 0) return { path: pathAndQuery, parameters: [] };
  const parameters = pathAndQuery
    .slice(mark + 1)
    .split('&')
    .map((raw) => {
      const equals = raw.indexOf('=');
      const rawName = equals < 0 ? raw : raw.slice(0, equals);
      return { raw, name: decodeName(rawName), value: equals < 0 ? '' : raw.slice(equals + 1) };
    });
  return { path: pathAndQuery.slice(0, mark), parameters };
}

function join(path: string, parameters: Parameter[]): string {
  return parameters.length === 0 ? path : `${path}?${parameters.map((p) => p.raw).join('&')}`;
}

function mac(payload: string, key: string): string {
  if (!key) throw new Error('URL_SIGNING_KEY is empty.');
  return createHmac('sha256', key).update(payload, 'utf8').digest('base64url');
}

/** The string that is signed: the target without its `signature` parameter(s). */
export function signedPayload(pathAndQuery: string): string {
  const { path, parameters } = split(pathAndQuery);
  return join(
    path,
    parameters.filter((p) => p.name !== 'signature'),
  );
}

/**
 * Signs a path and query: drops any old `signature` (and, when `expires` is given, any old
 * `expires`), appends `expires`, then `signature` last. `expires` is in unix seconds.
 */
export function signPath(pathAndQuery: string, key: string, expires?: number): string {
  if (expires !== undefined && !(Number.isSafeInteger(expires) && expires >= 0))
    throw new Error('expires is a whole number of unix seconds.');
  const { path, parameters } = split(pathAndQuery);
  const kept = parameters.filter(
    (p) => p.name !== 'signature' && (expires === undefined || p.name !== 'expires'),
  );
  if (expires !== undefined)
    kept.push({ raw: `expires=${expires}`, name: 'expires', value: String(expires) });
  const payload = join(path, kept);
  return `${payload}${kept.length ? '&' : '?'}signature=${mac(payload, key)}`;
}

/**
 * Checks a request target as received. `now` is in unix seconds; a link is good up to and including
 * its `expires` second. Anything ambiguous — two signatures, two expires, a name that only decodes to
 * `signature` or `expires`, an expires that is not a number — is 'wrong', never 'ok'.
 */
export function verifySignedRequest(
  pathAndQuery: string,
  key: string,
  now: number = Math.floor(Date.now() / 1000),
): SignatureCheck {
  let parts: ReturnType<typeof split>;
  try {
    parts = split(pathAndQuery);
  } catch {
    return 'wrong';
  }
  const signatures = parts.parameters.filter((p) => p.name === 'signature');
  const given = signatures[0];
  if (!given) return 'missing';
  const expiries = parts.parameters.filter((p) => p.name === 'expires');
  const plain = (p: Parameter, name: string) => p.raw.startsWith(`${name}=`);
  if (signatures.length > 1 || !plain(given, 'signature')) return 'wrong';
  if (expiries.length > 1 || expiries.some((p) => !plain(p, 'expires') || !/^\d{1,15}$/.test(p.value)))
    return 'wrong';

  const expected = Buffer.from(mac(signedPayload(pathAndQuery), key));
  const sent = Buffer.from(given.value.replace(/(=|%3D)+$/i, ''));
  // timingSafeEqual needs equal lengths; the length of a MAC is no secret.
  if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) return 'wrong';
  const expires = expiries[0];
  if (expires && now > Number(expires.value)) return 'expired';
  return 'ok';
}
