import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '../../test/fake-xhr';
import { NodeBlobResponse } from '../../test/node-blob';
import { parseRawHeaders, type UploadProgress, xhrFetch } from './xhr-transport';

function current(): FakeXhr {
  if (!FakeXhr.last) throw new Error('No request was made.');
  return FakeXhr.last;
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.last = undefined;
});

describe('xhrFetch', () => {
  it('reports upload progress and answers with a Response of the body and headers', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: UploadProgress[] = [];
    const form = new FormData();
    const pending = xhrFetch(
      '/api/v1/images/compress',
      { method: 'POST', body: form, headers: { Accept: '*/*' } },
      (p) => progress.push(p),
    );
    const xhr = current();
    expect(xhr.opened).toEqual(['POST', '/api/v1/images/compress']);
    expect(xhr.sent).toBe(form);
    expect(xhr.requestHeaders).toEqual({ Accept: '*/*' });
    expect(xhr.responseType).toBe('blob');
    xhr.progress(100, 400);
    xhr.progress(400, undefined);
    xhr.answer(
      200,
      NodeBlobResponse.blob([new Uint8Array([9, 8])]),
      'Content-Type: image/webp\r\nX-Output-Size: 2\r\n',
    );
    const response = await pending;
    expect(progress).toEqual([
      { loaded: 100, total: 400 },
      { loaded: 400, total: undefined },
    ]);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-output-size')).toBe('2');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(new Uint8Array([9, 8]));
  });

  it('rejects with a TypeError when the connection fails, and with an AbortError when aborted', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const failed = xhrFetch('/x', { method: 'POST', body: 'a', headers: {} }, () => {});
    current().dispatchEvent(new Event('error'));
    await expect(failed).rejects.toBeInstanceOf(TypeError);

    const controller = new AbortController();
    const aborted = xhrFetch(
      '/x',
      { method: 'POST', body: 'a', headers: {}, signal: controller.signal },
      () => {},
    );
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    expect(current().aborted).toBe(true);
  });

  it('keeps error statuses as answers (the client reads their JSON body)', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const pending = xhrFetch('/x', { method: 'POST', body: 'a', headers: {} }, () => {});
    current().answer(
      413,
      NodeBlobResponse.blob(['{"message":"Too large."}']),
      'content-type: application/json',
    );
    const response = await pending;
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'Too large.' });
  });
});

describe('parseRawHeaders', () => {
  it('reads name: value lines, values may hold colons', () => {
    const headers = parseRawHeaders(
      'content-type: text/plain\r\nserver-timing: total;dur=1.5\r\nx-a: b:c\r\n\r\n',
    );
    expect(headers.get('x-a')).toBe('b:c');
    expect(headers.get('server-timing')).toBe('total;dur=1.5');
  });
});
