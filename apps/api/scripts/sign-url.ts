import { parseArgs } from 'node:util';
import { signPath } from '../src/net/signed-url.js';

/*
 * `npm run sign-url -- "<path and query>" [--expires-in <seconds> | --expires <unix seconds>]`
 * prints the link signed with URL_SIGNING_KEY (from the environment, so the key stays out of the
 * shell history). A whole URL works too: its origin is kept and the path and query after it signed.
 *
 *   URL_SIGNING_KEY=… npm run sign-url -- "/api/v1/images/resize?url=https%3A%2F%2Fa.example%2Fb.png&width=80" --expires-in 3600
 */

const usage =
  'Usage: npm run sign-url -- "<path and query>" [--expires-in <seconds> | --expires <unix seconds>]';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { expires: { type: 'string' }, 'expires-in': { type: 'string' }, help: { type: 'boolean' } },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const key = process.env.URL_SIGNING_KEY;
if (!key) fail('URL_SIGNING_KEY is not set: export the key the server uses, then run this again.');
const target = positionals[0];
if (!target || positionals.length > 1) fail(usage);

const whole = (text: string | undefined, name: string) => {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) fail(`--${name} takes a whole number of seconds, not "${text}".`);
  return Number(text);
};
const expiresIn = whole(values['expires-in'], 'expires-in');
const at = whole(values.expires, 'expires');
if (expiresIn !== undefined && at !== undefined) fail('Give --expires or --expires-in, not both.');
const expires = expiresIn === undefined ? at : Math.floor(Date.now() / 1000) + expiresIn;

// The raw text after the origin is what will be sent, so it is signed as written.
const origin = /^https?:\/\/[^/?#]+/i.exec(target)?.[0] ?? '';
const path = target.slice(origin.length) || '/';
try {
  console.log(origin + signPath(path, key, expires));
} catch (error) {
  fail((error as Error).message);
}
