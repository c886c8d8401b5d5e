/*
 * A stand-in XMLHttpRequest for unit tests (jsdom's sends nothing anywhere): install it with
 * vi.stubGlobal('XMLHttpRequest', FakeXhr); the test plays the browser's part through FakeXhr.last.
 */
export class FakeXhr extends EventTarget {
  static last: FakeXhr | undefined;
  readonly upload = new EventTarget();
  status = 0;
  statusText = '';
  response: Blob | null = null;
  responseType = '';
  rawHeaders = '';
  opened: [string, string] | undefined;
  sent: unknown;
  requestHeaders: Record<string, string> = {};
  aborted = false;
  constructor() {
    super();
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.opened = [method, url];
  }
  setRequestHeader(name: string, value: string) {
    this.requestHeaders[name] = value;
  }
  getAllResponseHeaders() {
    return this.rawHeaders;
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.aborted = true;
    this.dispatchEvent(new Event('abort'));
  }
  progress(loaded: number, total: number | undefined) {
    const event = Object.assign(new Event('progress'), {
      loaded,
      total: total ?? 0,
      lengthComputable: total !== undefined,
    });
    this.upload.dispatchEvent(event);
  }
  answer(status: number, body: Blob | null, rawHeaders: string) {
    Object.assign(this, { status, statusText: 'OK', response: body, rawHeaders });
    this.dispatchEvent(new Event('load'));
  }
}
