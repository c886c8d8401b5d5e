import type { LookupAddress } from 'node:dns';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressRefusal } from './address-policy.js';
import { type FetchUrlOptions, fetchUrl, fileNameOf, hostAllowed, parseHostList } from './guarded-fetch.js';
import { apiErrorOf, canListen, startServer, type TestServer } from './test-helpers.js';

/*
 * Every fetch here goes to a server on a loopback address started by the test; addresses that are
 * not loopback (10.x, 192.168.x, 169.254.x) only appear in URLs that must be refused before any
 * connection, and host names resolve through a resolver the test injects (never real DNS).
 */

const body = Buffer.from('hello, file');

function handler(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://x');
  const path = url.pathname;
  const redirect = /^\/redirect\/(\d+)$/.exec(path);
  if (redirect) {
    const left = Number(redirect[1]);
    res.writeHead(302, { location: left > 1 ? `/redirect/${left - 1}` : '/ok' }).end();
  } else if (path === '/to') {
    res.writeHead(307, { location: url.searchParams.get('u') ?? '' }).end();
  } else if (path === '/ok' || path.startsWith('/files/')) {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(body);
  } else if (path === '/named') {
    res.writeHead(200, {
      'content-type': 'image/png',
      'content-disposition': 'attachment; filename="fallback.png"; filename*=UTF-8\'\'%E6%97%A5%E6%9C%AC.png',
    });
    res.end(body);
  } else if (path === '/missing') {
    res.writeHead(404).end('no');
  } else if (path === '/stall-headers') {
    // Never answers.
  } else if (path === '/trickle') {
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    const tick = setInterval(() => res.write('x'), 50);
    res.on('close', () => clearInterval(tick));
  } else if (path === '/declared-large') {
    // Declares 4 KB, sends a little and then nothing: only an early refusal answers before the deadline.
    res.writeHead(200, { 'content-length': 4096 }).write('x'.repeat(100));
  } else if (path === '/chunked-large') {
    // Chunked, 1200 bytes and then nothing: only a limit checked while reading answers before the deadline.
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    res.write(Buffer.alloc(600, 1));
    res.write(Buffer.alloc(600, 2));
    res.on('close', () => closedWhileStreaming.push(path));
  } else if (path === '/exact') {
    res.writeHead(200).end(Buffer.alloc(1024, 7));
  } else {
    res.writeHead(500).end();
  }
}

const closedWhileStreaming: string[] = [];
let v4: TestServer;
let v4b: TestServer | undefined; // 127.0.0.2, stands for "a private address the resolver gave"
let v6: TestServer | undefined;
let base: string;

beforeAll(async () => {
  v4 = await startServer('127.0.0.1', handler);
  base = `http://127.0.0.1:${v4.port}`;
  if (await canListen('127.0.0.2')) v4b = await startServer('127.0.0.2', handler);
  if (await canListen('::1')) v6 = await startServer('::1', handler);
});

afterAll(async () => {
  await Promise.all([v4.stop(), v4b?.stop(), v6?.stop()]);
});

const open: FetchUrlOptions = { maxBytes: 1024, timeoutMs: 10_000, allowPrivate: true };

/** The contract error a fetch ends with: code, status and sentence. */
async function refusal(
  promise: Promise<unknown>,
): Promise<{ code: string; status: number; message: string }> {
  const error = await apiErrorOf(promise);
  return { code: error.code, status: error.statusCode, message: error.message };
}

describe('fetchUrl on loopback with allowPrivate', () => {
  it('fetches a file: bytes, type and the name from the path', async () => {
    const file = await fetchUrl(`${base}/files/r%C3%A9sum%C3%A9%20final.pdf?x=1`, open);
    expect(file).toEqual({
      name: 'résumé final.pdf',
      data: body,
      contentType: 'text/plain; charset=utf-8',
      url: `${base}/files/r%C3%A9sum%C3%A9%20final.pdf?x=1`,
    });
  });

  it('takes the name from Content-Disposition (filename* first), else "download"', async () => {
    expect((await fetchUrl(`${base}/named`, open)).name).toBe('日本.png');
    expect((await fetchUrl(`${base}/files/`, open)).name).toBe('download');
  });

  it('follows up to 3 redirects and refuses a 4th', async () => {
    const file = await fetchUrl(`${base}/redirect/3`, open);
    expect(file.url).toBe(`${base}/ok`);
    expect(file.data).toEqual(body);
    expect(await refusal(fetchUrl(`${base}/redirect/4`, open))).toEqual({
      code: 'URL_FETCH_FAILED',
      status: 422,
      message: 'The url redirects more than 3 times.',
    });
  });

  it('names a non-2xx status', async () => {
    expect(await refusal(fetchUrl(`${base}/missing`, { ...open, label: 'urls[1]' }))).toEqual({
      code: 'URL_FETCH_FAILED',
      status: 422,
      message: 'urls[1] answered 404 Not Found.',
    });
  });

  it('bounds the whole fetch: a server that never answers, and one that trickles forever', async () => {
    const expected = {
      code: 'URL_FETCH_FAILED',
      status: 422,
      message: 'The url was not received within 0.3 s.',
    };
    expect(await refusal(fetchUrl(`${base}/stall-headers`, { ...open, timeoutMs: 300 }))).toEqual(expected);
    const trickle = { ...open, timeoutMs: 300, maxBytes: 1_000_000 };
    expect(await refusal(fetchUrl(`${base}/trickle`, trickle))).toEqual(expected);
  });

  it('refuses a body past the limit from Content-Length, and while reading a chunked one', async () => {
    const tooLarge = {
      code: 'PAYLOAD_TOO_LARGE',
      status: 413,
      message: "The url's file is larger than the 1 KB limit.",
    };
    // The deadline is far: an answer before it means the fetch did not wait for the stalled rest.
    const slow = { ...open, timeoutMs: 20_000 };
    expect(await refusal(fetchUrl(`${base}/declared-large`, slow))).toEqual(tooLarge);
    expect(await refusal(fetchUrl(`${base}/chunked-large`, slow))).toEqual(tooLarge);
    // The connection is dropped, not left open.
    await expect.poll(() => closedWhileStreaming, { timeout: 5_000 }).toContain('/chunked-large');
    expect((await fetchUrl(`${base}/exact`, open)).data).toEqual(Buffer.alloc(1024, 7));
  });

  it('stops when the caller aborts, with the caller reason', async () => {
    const controller = new AbortController();
    const reason = new Error('client went away');
    const pending = fetchUrl(`${base}/stall-headers`, { ...open, signal: controller.signal });
    setTimeout(() => controller.abort(reason), 50);
    await expect(pending).rejects.toBe(reason);
  });

  it('reports a refused connection', async () => {
    const gone = await startServer('127.0.0.1', (_req, res) => res.end());
    await gone.stop();
    expect(await refusal(fetchUrl(`http://127.0.0.1:${gone.port}/`, open))).toEqual({
      code: 'URL_FETCH_FAILED',
      status: 422,
      message: "The url's host 127.0.0.1 refused the connection.",
    });
  });

  it.each([
    ['ftp://127.0.0.1/a.txt', 'The url must be an http or https URL, not ftp:.'],
    ['file:///etc/passwd', 'The url must be an http or https URL, not file:.'],
    ['data:text/plain,hi', 'The url must be an http or https URL, not data:.'],
    ['javascript:alert(1)', 'The url must be an http or https URL, not javascript:.'],
    ['/relative/path', 'The url is not an absolute http or https URL.'],
    ['http://[::1', 'The url is not an absolute http or https URL.'],
    ['http://user:secret@127.0.0.1/', 'The url may not carry a user name or password.'],
  ])('refuses %s', async (url, message) => {
    expect(await refusal(fetchUrl(url, open))).toEqual({ code: 'INVALID_URL', status: 400, message });
  });
});

describe('fetchUrl with the address rule', () => {
  const strict: FetchUrlOptions = { maxBytes: 1024, timeoutMs: 5_000 };

  it.each([
    ['127.0.0.1', '127.0.0.1 is a loopback address'],
    ['2130706433', '127.0.0.1 is a loopback address'],
    ['0x7f.1', '127.0.0.1 is a loopback address'],
    ['0.0.0.0', '0.0.0.0 is an unspecified address'],
    ['[::ffff:127.0.0.1]', '::ffff:7f00:1 is an IPv4-mapped IPv6 address'],
    ['[::7f00:1]', '::7f00:1 is an IPv4-compatible IPv6 address'],
    ['10.0.0.1', '10.0.0.1 is a private address'],
    ['192.168.1.1', '192.168.1.1 is a private address'],
    ['169.254.169.254', '169.254.169.254 is a link-local address'],
  ])('refuses %s before connecting', async (host, why) => {
    const before = v4.connections;
    expect(await refusal(fetchUrl(`http://${host}:${v4.port}/ok`, strict))).toEqual({
      code: 'INVALID_URL',
      status: 400,
      message: `The url cannot be fetched: ${why}.`,
    });
    expect(v4.connections).toBe(before);
  });

  it('refuses [::1] before connecting', async (context) => {
    if (!v6) return context.skip('this machine cannot listen on ::1');
    expect((await refusal(fetchUrl(`http://[::1]:${v6.port}/ok`, strict))).message).toBe(
      'The url cannot be fetched: ::1 is a loopback address.',
    );
    expect(v6.connections).toBe(0);
  });

  it('refuses a host name that resolves to loopback (localhost), before connecting', async () => {
    const before = v4.connections;
    const failure = await refusal(fetchUrl(`http://localhost:${v4.port}/ok`, strict));
    expect(failure.code).toBe('INVALID_URL');
    expect(failure.message).toMatch(
      /^The url cannot be fetched: localhost resolves to (127\.0\.0\.1|::1), which is a loopback address\.$/,
    );
    expect(v4.connections).toBe(before);
  });

  describe('with an injected resolver that calls 127.0.0.1 public', () => {
    const names: Record<string, LookupAddress[]> = {
      'files.test': [{ address: '127.0.0.1', family: 4 }],
      'inside.test': [{ address: '127.0.0.2', family: 4 }],
    };
    const hooks: FetchUrlOptions = {
      ...strict,
      resolve: async (hostname) => {
        const found = names[hostname];
        if (found) return found;
        throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      },
      policy: (address) => (address === '127.0.0.1' ? undefined : addressRefusal(address)),
    };
    const at = (path: string) => `http://files.test:${v4.port}${path}`;
    const to = (target: string) => at(`/to?u=${encodeURIComponent(target)}`);

    it('connects to the address the lookup checked', async () => {
      expect((await fetchUrl(at('/ok'), hooks)).data).toEqual(body);
    });

    it('refuses a redirect to a private address literal', async () => {
      expect(await refusal(fetchUrl(to('http://10.0.0.1/secret'), hooks))).toEqual({
        code: 'INVALID_URL',
        status: 400,
        message:
          'The url redirects to http://10.0.0.1/secret, which cannot be fetched: 10.0.0.1 is a private address.',
      });
    });

    it('refuses a redirect to a host that resolves to a private address, before connecting', async (context) => {
      if (!v4b) return context.skip('this machine cannot listen on 127.0.0.2');
      expect(await refusal(fetchUrl(to(`http://inside.test:${v4b.port}/ok`), hooks))).toEqual({
        code: 'INVALID_URL',
        status: 400,
        message: 'The url cannot be fetched: inside.test resolves to 127.0.0.2, which is a loopback address.',
      });
      expect((await refusal(fetchUrl(to(`http://127.0.0.2:${v4b.port}/ok`), hooks))).code).toBe(
        'INVALID_URL',
      );
      expect(v4b.connections).toBe(0);
    });

    it('refuses a redirect to a host off the allowed list, and names a DNS failure', async () => {
      const listed = { ...hooks, allowHosts: parseHostList('files.test') };
      expect((await fetchUrl(at('/ok'), listed)).data).toEqual(body);
      expect(await refusal(fetchUrl(to('http://elsewhere.test/ok'), listed))).toEqual({
        code: 'INVALID_URL',
        status: 400,
        message:
          'The url redirects to http://elsewhere.test/ok, which names a host this server does not fetch from (elsewhere.test).',
      });
      expect(await refusal(fetchUrl('http://nowhere.test/', hooks))).toEqual({
        code: 'URL_FETCH_FAILED',
        status: 422,
        message: "The url's host nowhere.test cannot be resolved.",
      });
    });
  });
});

describe('host list and names', () => {
  it('reads URL_FETCH_ALLOW_HOSTS: exact names, and *. for subdomains only', () => {
    const hosts = parseHostList(' Files.Example.com., *.cdn.example.org ,, [::1], bücher.example ');
    expect(hosts).toEqual(['files.example.com', '*.cdn.example.org', '::1', 'xn--bcher-kva.example']);
    expect(hostAllowed('files.example.com', hosts)).toBe(true);
    expect(hostAllowed('a.files.example.com', hosts)).toBe(false);
    expect(hostAllowed('a.cdn.example.org', hosts)).toBe(true);
    expect(hostAllowed('a.b.cdn.example.org', hosts)).toBe(true);
    expect(hostAllowed('cdn.example.org', hosts)).toBe(false);
    expect(hostAllowed('evilcdn.example.org', hosts)).toBe(false);
    expect(hostAllowed('[::1]', hosts)).toBe(true);
    expect(hostAllowed(new URL('http://bücher.example/').hostname, hosts)).toBe(true);
    expect(hostAllowed('anything.test', [])).toBe(true);
  });

  it('cleans names: no folders, no control characters', () => {
    const url = new URL('http://h/dir/a%2F..%2Fb.txt');
    expect(fileNameOf('attachment; filename="../../etc/passwd"', url)).toBe('passwd');
    expect(fileNameOf('attachment; filename="..\\\\x.bin"', url)).toBe('x.bin');
    expect(fileNameOf('nonsense;;;', url)).toBe('b.txt');
    expect(fileNameOf(null, new URL('http://h/%E0%A4%A'))).toBe('%E0%A4%A');
    expect(fileNameOf(null, new URL('http://h/'))).toBe('download');
  });
});
