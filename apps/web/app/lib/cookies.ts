/** Reads one cookie from a `document.cookie`-style string; undefined when it is absent. */
export function readCookie(cookieString: string, name: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

export interface CookieOptions {
  path?: string;
  /** Lifetime in seconds. */
  maxAge?: number;
}

/** Builds a `document.cookie` assignment. SameSite=Lax: these are preferences, never sent cross-site. */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `path=${options.path ?? '/'}`];
  if (options.maxAge !== undefined) parts.push(`max-age=${options.maxAge}`);
  parts.push('SameSite=Lax');
  return parts.join('; ');
}

/**
 * The one place that writes document.cookie. The Cookie Store API would be nicer but is not available
 * in every browser the site supports, and these writes must be synchronous (before the next paint).
 */
export function writeCookie(serialized: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see above; every write goes through this function.
  document.cookie = serialized;
}
