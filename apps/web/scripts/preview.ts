// Serves build/client the way the API server does, for looking at the build without the API server:
// pre-rendered pages, the SPA fallback with 404 for unknown paths, the strict CSP from csp-manifest.json,
// and /api proxied to API_PROXY_TARGET. Development aid only; production serving is apps/api's job.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../build/client/', import.meta.url));
const portArg = process.argv.indexOf('--port');
const port = Number(portArg > -1 ? process.argv[portArg + 1] : (process.env.PORT ?? 3210));
const apiTarget = new URL(process.env.API_PROXY_TARGET ?? 'http://localhost:3001');

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

function csp(htmlPath: string): string {
  // Read on every request, so a rebuild while the preview runs never serves stale hashes.
  let hashes: string[] = [];
  try {
    const manifest = JSON.parse(readFileSync(join(root, 'csp-manifest.json'), 'utf8')) as Record<
      string,
      string[]
    >;
    hashes = manifest[htmlPath] ?? [];
  } catch {
    // Mid-rebuild: no manifest yet. The page's inline scripts are blocked until the build finishes.
  }
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    // Result players and the PDF viewer show local blob: URLs of results (apps/web/app/tools/_shared/results).
    "media-src 'self' blob:",
    "frame-src 'self' blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The file for a URL path: the file itself, or <dir>/index.html; undefined when there is none. */
function resolve(pathname: string): string | undefined {
  const relative = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  for (const candidate of [relative, join(relative, 'index.html')]) {
    const file = join(root, candidate);
    if (file.startsWith(root) && existsSync(file) && statSync(file).isFile())
      return candidate.startsWith('/') ? candidate : `/${candidate}`;
  }
  return undefined;
}

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname.startsWith('/api/')) {
    const upstream = httpRequest(
      {
        hostname: apiTarget.hostname,
        port: apiTarget.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ success: false, message: 'The API server is not running.', code: 'BAD_GATEWAY' }),
      );
    });
    req.pipe(upstream);
    return;
  }
  const found = resolve(url.pathname);
  const path = found ?? '/__spa-fallback.html';
  const type = types[extname(path)] ?? 'application/octet-stream';
  const headers: Record<string, string> = { 'content-type': type, 'x-content-type-options': 'nosniff' };
  if (type.startsWith('text/html')) headers['content-security-policy'] = csp(path);
  headers['cache-control'] = path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
  // The build ships .br/.gz siblings of text files; serve them as the API server does.
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const encoding = ['br', 'gzip'].find(
    (name) => accepts.includes(name) && existsSync(join(root, `${path}.${name === 'br' ? 'br' : 'gz'}`)),
  );
  headers.vary = 'Accept-Encoding';
  if (encoding) headers['content-encoding'] = encoding;
  res.writeHead(found ? 200 : 404, headers);
  const file = encoding ? `${path}.${encoding === 'br' ? 'br' : 'gz'}` : path;
  createReadStream(join(root, file))
    .on('error', () => res.end())
    .pipe(res);
}).listen(port, () => console.log(`preview: http://localhost:${port}`));
