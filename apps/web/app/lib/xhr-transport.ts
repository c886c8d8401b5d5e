/*
 * fetch cannot report upload progress, XMLHttpRequest can. This sends a request with XMLHttpRequest
 * and answers with an ordinary Response, so everything after it (errors, result reading) is the
 * same whichever way the bytes travelled.
 */

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** Total bytes of the body, when the browser knows it. */
  total: number | undefined;
}

export interface XhrInit {
  method: string;
  body: XMLHttpRequestBodyInit;
  headers: Record<string, string>;
  signal?: AbortSignal;
}

/** 'a: 1\r\nb: 2' → Headers. */
export function parseRawHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    try {
      headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    } catch {
      // A header name the Headers class refuses: not one the client reads.
    }
  }
  return headers;
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

function abortError(): DOMException {
  return new DOMException('The request was aborted.', 'AbortError');
}

/** Like fetch(url, init), with upload progress events; rejects with a TypeError when no answer came. */
export function xhrFetch(url: string, init: XhrInit, onUploadProgress: (progress: UploadProgress) => void) {
  return new Promise<Response>((resolve, reject) => {
    if (init.signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    xhr.responseType = 'blob';
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      onUploadProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined });
    });
    const onAbort = () => xhr.abort();
    init.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => init.signal?.removeEventListener('abort', onAbort);
    xhr.addEventListener('load', () => {
      settle();
      // Status 0 or outside 200–599 means the browser got no usable answer (the Response constructor
      // would throw on it too).
      if (xhr.status < 200 || xhr.status > 599) {
        reject(new TypeError('Network request failed'));
        return;
      }
      const body = NULL_BODY_STATUSES.has(xhr.status) ? null : (xhr.response as Blob | null);
      resolve(
        new Response(body, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: parseRawHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new TypeError('Network request failed'));
    });
    xhr.addEventListener('timeout', () => {
      settle();
      reject(new TypeError('Network request timed out'));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(abortError());
    });
    xhr.send(init.body);
  });
}
