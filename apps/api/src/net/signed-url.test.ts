import { execFileSync, spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { signedPayload, signPath, verifySignedRequest } from './signed-url.js';

const key = 'test signing key ✓';
const now = 1_750_000_000;
const target = '/api/v1/images/resize?url=https%3A%2F%2Fa.example%2Fb%20c.png&width=80';

describe('signPath and verifySignedRequest', () => {
  it('signs the raw path and query, and appends the signature last', () => {
    const link = signPath(target, key, now + 60);
    const payload = `${target}&expires=${now + 60}`;
    const mac = createHmac('sha256', Buffer.from(key, 'utf8')).update(payload).digest('base64url');
    expect(link).toBe(`${payload}&signature=${mac}`);
    expect(signedPayload(link)).toBe(payload);
    expect(verifySignedRequest(link, key, now)).toBe('ok');
  });

  it('signs a path without a query, and a link without expires', () => {
    const link = signPath('/api/v1/health', key);
    expect(link).toMatch(/^\/api\/v1\/health\?signature=[A-Za-z0-9_-]{43}$/);
    expect(signedPayload(link)).toBe('/api/v1/health');
    expect(verifySignedRequest(link, key, now)).toBe('ok');
    expect(verifySignedRequest(signPath(target, key), key, now)).toBe('ok');
  });

  it('accepts the signature anywhere in the query, and with = padding', () => {
    const link = signPath(target, key);
    const mac = link.slice(link.indexOf('signature=') + 'signature='.length);
    expect(
      verifySignedRequest(
        `/api/v1/images/resize?signature=${mac}&url=https%3A%2F%2Fa.example%2Fb%20c.png&width=80`,
        key,
        now,
      ),
    ).toBe('ok');
    expect(verifySignedRequest(`${link}=`, key, now)).toBe('ok');
    expect(verifySignedRequest(`${link}%3D`, key, now)).toBe('ok');
  });

  it('re-signing replaces the old signature and expires', () => {
    const once = signPath(target, key, now + 10);
    const again = signPath(once, key, now + 99);
    expect(again).toBe(signPath(target, key, now + 99));
  });

  it('is "missing" without a signature', () => {
    expect(verifySignedRequest(target, key, now)).toBe('missing');
    expect(verifySignedRequest(`${target}&expires=${now + 60}`, key, now)).toBe('missing');
  });

  it('is "wrong" with another key, a forged or tampered link, or anything ambiguous', () => {
    const link = signPath(target, key, now + 60);
    expect(verifySignedRequest(link, 'another key', now)).toBe('wrong');
    expect(verifySignedRequest(link.replace('width=80', 'width=8000'), key, now)).toBe('wrong');
    expect(verifySignedRequest(link.replace('/resize', '/convert'), key, now)).toBe('wrong');
    expect(verifySignedRequest(link.replace(`expires=${now + 60}`, `expires=${now + 6000}`), key, now)).toBe(
      'wrong',
    );
    expect(verifySignedRequest(`${link}&height=10`, key, now)).toBe('wrong');
    expect(verifySignedRequest(link.replace('%20', '+'), key, now)).toBe('wrong');
    expect(verifySignedRequest(link.replace(/signature=.*/, 'signature=AAAA'), key, now)).toBe('wrong');
    expect(verifySignedRequest(`${link}&signature=x`, key, now)).toBe('wrong');
    expect(verifySignedRequest(link.replace('signature=', '%73ignature='), key, now)).toBe('wrong');
    expect(verifySignedRequest(`${link}&expires=${now + 60}`, key, now)).toBe('wrong');
    expect(verifySignedRequest(signPath(`${target}&expires=soon`, key), key, now)).toBe('wrong');
    expect(verifySignedRequest('no-slash?signature=x', key, now)).toBe('wrong');
  });

  it('is "expired" past its second, and only when the signature is right', () => {
    const link = signPath(target, key, now);
    expect(verifySignedRequest(link, key, now)).toBe('ok');
    expect(verifySignedRequest(link, key, now + 1)).toBe('expired');
    expect(verifySignedRequest(link, 'another key', now + 1)).toBe('wrong');
  });

  it('refuses what it cannot sign', () => {
    expect(() => signPath('api/v1/x', key)).toThrow('A signed link is a path: it starts with "/".');
    expect(() => signPath('/x#top', key)).toThrow('A signed link has no fragment');
    expect(() => signPath('/x', key, 1.5)).toThrow('expires is a whole number of unix seconds.');
    expect(() => signPath('/x', '')).toThrow('URL_SIGNING_KEY is empty.');
  });
});

describe('reproducing a signature elsewhere', () => {
  it('Python signs the same string to the same link', (context) => {
    const program = [
      'import base64, hmac, hashlib, sys',
      'key, link = sys.argv[1].encode(), sys.argv[2]',
      'mac = base64.urlsafe_b64encode(hmac.new(key, link.encode(), hashlib.sha256).digest()).rstrip(b"=").decode()',
      'print(link + ("&" if "?" in link else "?") + "signature=" + mac)',
    ].join('\n');
    const link = `${target}&expires=${now + 60}`;
    const python = spawnSync('python3', ['-c', program, key, link], { encoding: 'utf8' });
    if (python.error) return context.skip('python3 is not installed');
    expect(python.stdout.trim()).toBe(signPath(target, key, now + 60));
  });

  it('npm run sign-url prints a link the server accepts', () => {
    const script = fileURLToPath(new URL('../../scripts/sign-url.ts', import.meta.url));
    const run = (args: string[]) =>
      execFileSync(process.execPath, ['--import', 'tsx', script, ...args], {
        encoding: 'utf8',
        env: { ...process.env, URL_SIGNING_KEY: key },
      }).trim();
    expect(run([target, '--expires', String(now + 60)])).toBe(signPath(target, key, now + 60));
    const whole = run([`https://tools.example${target}`, '--expires-in', '3600']);
    expect(whole.startsWith('https://tools.example/api/v1/images/resize?')).toBe(true);
    const path = whole.slice('https://tools.example'.length);
    expect(verifySignedRequest(path, key)).toBe('ok');
    expect(verifySignedRequest(path, key, Math.floor(Date.now() / 1000) + 7200)).toBe('expired');
  });
});
