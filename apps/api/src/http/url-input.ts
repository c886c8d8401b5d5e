import { formatBytes } from '@toolkit/catalog';
import type { Config } from '../config.js';
import type { InputFile } from '../core/fields.js';
import { ApiError } from '../errors.js';
import { fetchUrl } from '../net/guarded-fetch.js';

/*
 * URL inputs (API.md "Inputs from anywhere"): a `url` (or, where several files are taken, `urls`, a
 * JSON array) stands for an upload. Every way in — a form, a JSON body, a GET's query, a pipeline,
 * an MCP call — turns it into files here, through the one guarded fetch, before the core checks the
 * call: a job is handed the bytes, never a URL to fetch later.
 */

/** Fetches one URL as a file under the field's upload limit; `label` names it in messages. */
export type UrlFetcher = (
  url: string,
  maxBytes: number,
  signal: AbortSignal,
  label?: string,
) => Promise<InputFile>;

/** The fetcher of a server: URL_FETCH_TIMEOUT_MS, URL_FETCH_ALLOW_HOSTS, URL_FETCH_ALLOW_PRIVATE. */
export function urlFetcher(config: Config): UrlFetcher {
  const { timeoutMs, allowHosts, allowPrivate } = config.urlInputs;
  return async (url, maxBytes, signal, label) => {
    const fetched = await fetchUrl(url, {
      maxBytes,
      timeoutMs,
      allowHosts,
      allowPrivate,
      signal,
      ...(label ? { label } : {}),
    });
    if (fetched.data.length === 0)
      throw new ApiError('MISSING_FILE', `${label ?? 'The url'}'s file is empty.`);
    return {
      filename: fetched.name,
      data: fetched.data,
      ...(fetched.contentType ? { declaredType: fetched.contentType } : {}),
    };
  };
}

const notAUrl = (field: string, message: string) =>
  new ApiError('INVALID_URL', message, { details: [{ field, message }] });

/** `urls` as sent: a JSON array (a JSON body, an MCP argument) or its text (a form field, a query). */
function urlList(value: unknown): string[] {
  let list = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      list = undefined;
    }
  }
  if (!Array.isArray(list) || list.length === 0 || !list.every((item) => typeof item === 'string')) {
    throw notAUrl('urls', 'urls must be a JSON array of http or https URLs, e.g. ["https://…/a.png"].');
  }
  return list as string[];
}

/**
 * The URLs a request names instead of files: `url` (one), and where `several` is allowed `urls` (a
 * JSON array); none when neither is sent. A `url` that is not text is 400 INVALID_URL.
 */
export function urlsOf(fields: Record<string, unknown>, several: boolean): string[] {
  const { url, urls } = fields;
  const named: string[] = [];
  if (url !== undefined && url !== null && url !== '') {
    const one = Array.isArray(url) && url.length === 1 ? url[0] : url;
    if (typeof one !== 'string') throw notAUrl('url', 'url must be one http or https URL, as text.');
    named.push(one.trim());
  }
  if (several && urls !== undefined && urls !== null && urls !== '') named.push(...urlList(urls));
  return named;
}

/** The fields without the members that named URLs (they are the input, not options). */
export function withoutUrls(fields: Record<string, unknown>): Record<string, unknown> {
  const { url: _url, urls: _urls, ...rest } = fields;
  return rest;
}

/**
 * Fetches the URLs one after the other (the first failure answers, naming its URL), each within
 * `maxBytes` and all together within `maxTotalBytes` when the operation has such a bound.
 */
export async function fetchAll(
  fetcher: UrlFetcher,
  urls: readonly string[],
  limits: { maxBytes: number; maxFiles: number; maxTotalBytes?: number | undefined },
  signal: AbortSignal,
): Promise<InputFile[]> {
  if (urls.length > limits.maxFiles) {
    const message = `At most ${limits.maxFiles} URLs; this request names ${urls.length}.`;
    throw new ApiError('VALIDATION_ERROR', message, { details: [{ field: 'urls', message }] });
  }
  const files: InputFile[] = [];
  let total = 0;
  for (const [i, url] of urls.entries()) {
    const label = urls.length === 1 ? 'The url' : `urls[${i}]`;
    const file = await fetcher(url, limits.maxBytes, signal, label);
    total += file.data.length;
    if (limits.maxTotalBytes !== undefined && total > limits.maxTotalBytes) {
      throw new ApiError(
        'PAYLOAD_TOO_LARGE',
        `The URLs' files add up to more than the ${formatBytes(limits.maxTotalBytes)} allowed in all.`,
      );
    }
    files.push(file);
  }
  return files;
}
