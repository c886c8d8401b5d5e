import { createHmac } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { guardedLookup } from './callback-guard.js';

/*
 * The finished job's status document, POSTed to its Callback-Url and signed:
 * `Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with WEBHOOK_SECRET>`.
 * Network errors, 429 and 5xx are retried with exponential backoff, up to 5 attempts in all.
 */

export interface WebhookOptions {
  secret: string;
  allowPrivate: boolean;
  /** The first retry's delay; each next one doubles it. */
  retryBaseMs: number;
  attempts?: number;
  timeoutMs?: number;
}

/** The header value for a body sent at `seconds` (exported for receivers' tests and docs). */
export function webhookSignature(secret: string, body: string, seconds: number): string {
  const mac = createHmac('sha256', secret).update(`${seconds}.${body}`).digest('hex');
  return `t=${seconds},v1=${mac}`;
}

function postOnce(url: URL, body: string, options: WebhookOptions): Promise<number> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const signature = webhookSignature(options.secret, body, Math.floor(Date.now() / 1000));
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(options.allowPrivate),
        timeout: options.timeoutMs ?? 10_000,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'developer-toolkit-webhook/1',
          'webhook-signature': signature,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('The webhook receiver did not answer in time.')));
    req.on('error', reject);
    req.end(body);
  });
}

const retryable = (status: number) => status === 429 || status >= 500;

/** Delivers a webhook; resolves with the last status (0 after a network error), never throws. */
export async function deliverWebhook(
  url: string,
  document: unknown,
  options: WebhookOptions,
): Promise<number> {
  const body = JSON.stringify(document);
  const attempts = options.attempts ?? 5;
  let status = 0;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      status = await postOnce(new URL(url), body, options);
      if (!retryable(status)) return status;
    } catch (error) {
      status = 0;
      // A refused address will not change on retry (the guard ran at the connection's lookup).
      if ((error as Error).name === 'CallbackRefused') return status;
    }
    if (attempt < attempts)
      await new Promise((resolve) => setTimeout(resolve, options.retryBaseMs * 2 ** (attempt - 1)));
  }
  return status;
}
