import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/*
 * Security headers for everything. Helmet provides the usual set; the Content-Security-Policy is
 * ours, because it differs per response: each HTML page allows exactly its own inline scripts (by
 * hash, from the web build's csp-manifest.json), and everything else gets a policy that allows
 * nothing. Cross-Origin-Embedder-Policy stays off: require-corp would stop the pages from showing
 * cross-origin images and is not needed for anything the site does.
 */

/** The CSP of an API (or any non-HTML) response: nothing may load, nothing may frame it. */
export const apiCsp = "default-src 'none'; frame-ancestors 'none'";

/**
 * The CSP of one HTML page: its inline scripts by hash (script-src 'self' alone when the build
 * gave none), and connections to this origin plus any configured extra origin.
 *
 * @example pageCsp(["'sha256-abc='"], ['https://api.example.com'])
 */
export function pageCsp(scriptHashes: readonly string[], connectSrc: readonly string[]): string {
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    // Result players and the PDF viewer show local blob: URLs of results (apps/web/app/tools/_shared/results).
    "media-src 'self' blob:",
    "frame-src 'self' blob:",
    "font-src 'self'",
    ['connect-src', "'self'", ...connectSrc].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Features the site never uses; clipboard access stays allowed (copy buttons). */
const permissionsPolicy = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

/**
 * The same security headers, as plain values, for the few answers written before any hook runs
 * (a URL Fastify cannot parse, HTTP the server cannot parse): Helmet's set with the options below,
 * the API's policy and cross-origin reading, as on every API error. A test compares them with a
 * normal response's headers.
 */
export const earlySecurityHeaders: Readonly<Record<string, string>> = {
  'content-security-policy': apiCsp,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'cross-origin',
  'origin-agent-cluster': '?1',
  'permissions-policy': permissionsPolicy,
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

export const securityHeadersPlugin = fp(
  async (app, options: { apiPrefix: string }) => {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xFrameOptions: { action: 'deny' },
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', apiCsp);
      reply.header('permissions-policy', permissionsPolicy);
      // The API is meant to be called from other origins (CORS is open), so its responses may be
      // read cross-origin; the site's own files stay same-origin.
      if (request.url.startsWith(options.apiPrefix)) {
        reply.header('cross-origin-resource-policy', 'cross-origin');
      }
      return payload;
    });
  },
  { name: 'security-headers' },
);
