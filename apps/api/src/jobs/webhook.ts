import { createHmac } from 'node:crypto';
import { fetch } from 'undici';
import { addressRefusedIn } from '../net/address-policy.js';
import { guardedAgent } from '../net/guarded-fetch.js';

/*
 * The finished job's status document, POSTed to its Callback-Url and signed:
 * `Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with WEBHOOK_SECRET>`.
 * Network errors, 429 and 5xx are retried with exponential backoff, up to 5 attempts in all.
 *
 * Each attempt has one deadline for the whole exchange — connecting, sending, the answer's status
 * line and headers — not a time-out on silence only, which a receiver answering one byte every few
 * seconds would hold open for minutes. The answer's body is not read: the status is all we need.
 */

export interface WebhookOptions {
  secret: string;
  allowPrivate: boolean;
  /** The first retry's delay; each next one doubles it. */
  retryBaseMs: number;
  attempts?: number;
  /** The deadline of one attempt, whole exchange (default 10 s). */
  timeoutMs?: number;
}

/** The header value for a body sent at `seconds` (exported for receivers' tests and docs). */
export function webhookSignature(secret: string, body: string, seconds: number): string {
  const mac = createHmac('sha256', secret).update(`${seconds}.${body}`).digest('hex');
  return `t=${seconds},v1=${mac}`;
}

async function postOnce(url: URL, body: string, options: WebhookOptions): Promise<number> {
  const signature = webhookSignature(options.secret, body, Math.floor(Date.now() / 1000));
  // An agent per attempt: its sockets are destroyed with it, whatever state the receiver left them in.
  const agent = guardedAgent({ allowPrivate: options.allowPrivate });
  try {
    const response = await fetch(url, {
      method: 'POST',
      body,
      dispatcher: agent,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'developer-toolkit-webhook/1',
        'webhook-signature': signature,
      },
    });
    await response.body?.cancel().catch(() => undefined);
    return response.status;
  } finally {
    await agent.destroy().catch(() => undefined);
  }
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
      // A refused address will not change on retry (the guard ran in the connection's lookup).
      if (addressRefusedIn(error)) return status;
    }
    if (attempt < attempts)
      await new Promise((resolve) => setTimeout(resolve, options.retryBaseMs * 2 ** (attempt - 1)));
  }
  return status;
}
