import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors.js';
import { pageCsp } from './security-headers.js';

/*
 * Serves the pre-rendered website (apps/web/build/client): pages as <route>/index.html, hashed
 * assets under /assets/ cached for a year, precompressed .br/.gz siblings by content negotiation,
 * and __spa-fallback.html with status 404 for unknown pages. Only files found in the build at
 * start-up are served, so no request path ever reaches the file system unchecked. Without a build
 * the site is simply absent and the API still runs.
 */

export const fallbackPage = '/__spa-fallback.html';
const manifestFile = '/csp-manifest.json';
/** Files of the build that are for the server, not for visitors. */
const hidden = new Set([manifestFile, fallbackPage]);

const cacheControl = {
  html: 'no-cache',
  asset: 'public, max-age=31536000, immutable',
  other: 'public, max-age=3600',
};

/** Every file of the build by URL path, with its size (for Range requests). */
function listFiles(root: string): Map<string, number> {
  const entries = readdirSync(root, { recursive: true, withFileTypes: true });
  return new Map(
    entries
      .filter((e) => e.isFile())
      .map((e) => {
        const file = join(e.parentPath, e.name);
        return [`/${relative(root, file).split(sep).join('/')}`, statSync(file).size] as const;
      }),
  );
}

/**
 * Whether a Range header can be served from a file of `size` bytes: 'ignore' when it is not a
 * valid set of byte ranges (RFC 9110 says to send the whole file then), 'unsatisfiable' when no
 * range starts inside the file (416), else 'serve'. The ranges themselves are cut by the static
 * file sender.
 */
export function rangeVerdict(header: string, size: number): 'ignore' | 'unsatisfiable' | 'serve' {
  const match = /^bytes=(.+)$/i.exec(header.trim());
  if (!match) return 'ignore';
  let satisfiable = false;
  for (const spec of (match[1] as string).split(',')) {
    const range = /^\s*(\d*)-(\d*)\s*$/.exec(spec);
    if (!range || (range[1] === '' && range[2] === '')) return 'ignore';
    const [first, last] = [range[1] ? Number(range[1]) : undefined, range[2] ? Number(range[2]) : undefined];
    if (first !== undefined && last !== undefined && last < first) return 'ignore';
    if (first === undefined ? (last as number) > 0 && size > 0 : first < size) satisfiable = true;
  }
  return satisfiable ? 'serve' : 'unsatisfiable';
}

/** Script hashes per HTML file, from the web build's csp-manifest.json (absent or bad: none). */
function readManifest(root: string, warn: (message: string) => void): Record<string, string[]> {
  const file = join(root, manifestFile);
  if (!existsSync(file)) {
    warn("csp-manifest.json not found: pages get script-src 'self' only");
    return {};
  }
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    return Object.fromEntries(
      Object.entries(parsed).map(([page, hashes]) => [
        page,
        Array.isArray(hashes)
          ? hashes.filter((h): h is string => typeof h === 'string' && /^'[\w+/=-]+'$/.test(h))
          : [],
      ]),
    );
  } catch (error) {
    warn(`csp-manifest.json is unreadable (${(error as Error).message}): pages get script-src 'self' only`);
    return {};
  }
}

function decodePath(url: string): string | undefined {
  const q = url.indexOf('?');
  try {
    return decodeURIComponent(q === -1 ? url : url.slice(0, q));
  } catch {
    return undefined;
  }
}

/**
 * The site's files are not logged per request (one page view fetches dozens of them, thousands of
 * lines a visit); their warnings and errors still are. API requests keep their request logs.
 */
const siteLogLevel = 'warn';

const acceptsHtml = (request: FastifyRequest) => /\btext\/html\b/.test(request.headers.accept ?? '');

export const staticSitePlugin = fp(
  async (app, options: { root: string; connectSrc: readonly string[] }) => {
    if (!existsSync(options.root)) {
      app.log.warn({ root: options.root }, 'web build not found: serving the API only');
      return;
    }
    const files = listFiles(options.root);
    const manifest = readManifest(options.root, (message) => app.log.warn(message));
    const cspFor = (page: string) => pageCsp(manifest[page] ?? [], options.connectSrc);

    await app.register(fastifyStatic, {
      root: options.root,
      serve: false,
      preCompressed: true,
      cacheControl: false,
      index: false,
    });

    function resolve(path: string): string | undefined {
      if (files.has(path) && !hidden.has(path)) return path;
      const index = path.endsWith('/') ? `${path}index.html` : `${path}/index.html`;
      return files.has(index) ? index : undefined;
    }

    function send(reply: FastifyReply, file: string): FastifyReply {
      const html = file.endsWith('.html');
      const range = reply.request.headers.range;
      if (range !== undefined) {
        const size = files.get(file) ?? 0;
        const verdict = rangeVerdict(range, size);
        if (verdict === 'unsatisfiable') {
          return reply
            .code(416)
            .header('content-range', `bytes */${size}`)
            .header('cache-control', 'no-store')
            .send();
        }
        if (verdict === 'ignore') delete reply.request.raw.headers.range;
        // Ranges count bytes of the file itself, not of a compressed copy.
        else delete reply.request.raw.headers['accept-encoding'];
      }
      reply.header(
        'cache-control',
        html ? cacheControl.html : file.startsWith('/assets/') ? cacheControl.asset : cacheControl.other,
      );
      if (html) reply.header('content-security-policy', cspFor(file));
      return reply.sendFile(file.slice(1));
    }

    // Pages are read-only: other methods get 405 with Allow, not a 404.
    app.route({
      method: ['PUT', 'DELETE', 'PATCH', 'POST', 'OPTIONS', 'TRACE'],
      url: '/*',
      logLevel: siteLogLevel,
      handler: (request, reply) => {
        const path = decodePath(request.url);
        if (path === undefined || path === '/api' || path.startsWith('/api/') || !resolve(path)) {
          return reply.callNotFound();
        }
        throw new ApiError(
          'METHOD_NOT_ALLOWED',
          `${request.method} is not allowed on ${path.slice(0, 200)}. Use GET.`,
          {
            headers: { allow: 'GET, HEAD' },
          },
        );
      },
    });

    app.get('/*', { logLevel: siteLogLevel }, (request, reply) => {
      const path = decodePath(request.url);
      if (path === undefined || path === '/api' || path.startsWith('/api/') || path.includes('\0')) {
        return reply.callNotFound();
      }
      const file = resolve(path);
      if (file) return send(reply, file);
      if (acceptsHtml(request) && files.has(fallbackPage)) {
        // A validator must not turn the 404 page into an empty 304.
        delete request.raw.headers['if-none-match'];
        delete request.raw.headers['if-modified-since'];
        delete request.raw.headers.range;
        return send(reply.code(404), fallbackPage);
      }
      return reply.callNotFound();
    });
  },
  { name: 'static-site' },
);
