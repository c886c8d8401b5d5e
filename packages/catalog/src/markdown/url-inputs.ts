import { apiBasePath } from '../index.js';
import { blocks } from './markdown.js';

/*
 * The Markdown page "From a URL, signed links and caching" (API.md "Inputs from anywhere, answers
 * that cache"), published beside the other pages for agents (/docs/url-inputs.md, llms-full.txt).
 */

export const urlInputsDocsPath = '/docs/url-inputs';

const fence = (language: string, code: string) => `\`\`\`${language}\n${code}\n\`\`\``;

// Functions, not constants: apiBasePath is read at call time (the catalog's index imports this module).
const signJs = () => `import { createHmac } from 'node:crypto';

// Sign the exact path and query you will send; the signature goes last.
function sign(pathAndQuery, key) {
  const mac = createHmac('sha256', key).update(pathAndQuery).digest('base64url');
  return \`\${pathAndQuery}&signature=\${mac}\`;
}

const source = encodeURIComponent('https://example.com/photos/cat.jpg');
const expires = Math.floor(Date.now() / 1000) + 3600;
const link = sign(\`${apiBasePath}/images/resize?url=\${source}&width=320&expires=\${expires}\`, process.env.URL_SIGNING_KEY);`;

const signPython = () => `import base64, hashlib, hmac, os, time
from urllib.parse import quote

def sign(path_and_query, key):
    mac = hmac.new(key.encode(), path_and_query.encode(), hashlib.sha256).digest()
    return path_and_query + '&signature=' + base64.urlsafe_b64encode(mac).rstrip(b'=').decode()

source = quote('https://example.com/photos/cat.jpg', safe='')
expires = int(time.time()) + 3600
link = sign(f'${apiBasePath}/images/resize?url={source}&width=320&expires={expires}', os.environ['URL_SIGNING_KEY'])`;

/** The page's Markdown. */
export function urlInputsMarkdown(): string {
  return blocks([
    '# From a URL, signed links and caching',
    '> Any operation takes its file from an http or https address instead of an upload, answers a GET that can stand in an `<img src>` when it is signed, and answers the same request again from its cache.',
    '## A file from a URL',
    'Every operation that takes a file also takes the field `url` (a form field, or a JSON member where the operation takes JSON): the server fetches the file and uses it as the upload. Pipelines take `{"input": {"url": "…"}}`, batches `{"input": {"urls": ["…", "…"]}}`, MCP tools a `url` argument instead of `file_base64`. The file is named after the answer’s `Content-Disposition`, else the URL’s path.',
    fence(
      'sh',
      `curl -F url=https://example.com/photos/cat.jpg -F width=320 "$BASE/images/resize" -o cat-resize.jpg`,
    ),
    'The fetch is guarded: every address the host resolves to must be public (loopback, private, link-local and the like are refused), at most 3 redirects are followed and each is checked again, the operation’s upload limit applies while reading (`413`), and the whole fetch has `URL_FETCH_TIMEOUT_MS` (15 s by default). A URL that is refused is `400 INVALID_URL`; one that cannot be fetched (DNS, connection refused, an upstream error status, the time-out) is `422 URL_FETCH_FAILED`, with the reason in the message. `URL_FETCH_ALLOW_HOSTS` restricts the hosts.',
    '## GET and signed links',
    `Every operation also answers \`GET ${apiBasePath}/<group>/<operation>?url=…&<field>=…\`, its fields in the query with the same validation and defaults. When the server sets \`URL_SIGNING_KEY\`, a GET needs no API key if it carries a valid \`signature\` (and, optionally, \`expires\` in unix seconds): it can be the \`src\` of an image or sit behind a CDN. A missing, wrong or expired signature is \`403 INVALID_SIGNATURE\`.`,
    fence(
      'html',
      `<img src="/api/v1/images/resize?url=https%3A%2F%2Fexample.com%2Fphotos%2Fcat.jpg&width=320&expires=1767225600&signature=…" alt="A cat, 320 pixels wide">`,
    ),
    'The signature is the base64url HMAC-SHA256, with `URL_SIGNING_KEY`, of the path and query exactly as sent, without the `signature` parameter, which is appended last. `npm run sign-url -- "<path and query>"` prints a signed link; in code:',
    fence('js', signJs()),
    fence('python', signPython()),
    '## ETag, 304 and the cache',
    'Every successful answer carries a strong `ETag` computed from the operation, its normalized fields and the input’s bytes. Send it back in `If-None-Match` and the same request is answered `304 Not Modified` without running the work. GET answers carry `Cache-Control: public, max-age=<CACHE_MAX_AGE_SECONDS>` (an hour by default); POST answers stay `no-store`. Answers are kept in a cache bounded in bytes (`RESULT_CACHE_BYTES`, 256 MiB by default, `0` turns it off), shared through Redis when the server has one: `X-Cache: HIT` marks an answer from it, byte-identical to the computed one (`X-Cache: MISS`), named after your own upload.',
    '## Idempotency keys',
    'Send `Idempotency-Key: <1–255 printable ASCII characters>` with an async request (`Prefer: respond-async`) or a pipeline sent async: the same key with the same request (method, path, fields and input bytes) within `IDEMPOTENCY_TTL_SECONDS` (a day by default) answers the job it started (`202`, the same id) instead of starting another; the same key with a different request is `422 IDEMPOTENCY_KEY_REUSED`. Keys are scoped to your API key (or your address).',
  ]);
}
