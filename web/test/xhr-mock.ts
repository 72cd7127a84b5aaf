import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest (uploads use it for their progress events). Each request made is
 * recorded; the test (or `onSend`) answers it with progress, a status, a network failure or nothing.
 */
export class FakeXhr {
  method = '';
  url = '';
  body: unknown = undefined;
  status = 0;
  responseText = '';
  aborted = false;
  readonly requestHeaders: Record<string, string> = {};
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  private responseHeaders: Record<string, string> = {};

  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.requestHeaders[name.toLowerCase()] = value;
  }
  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.events.dispatchEvent(new Event('abort'));
  }

  /** `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(new ProgressEvent('progress', { loaded, total, lengthComputable: true }));
  }
  respond(status: number, body = '', contentType = 'application/json') {
    this.status = status;
    this.responseText = body;
    this.responseHeaders = { 'content-type': contentType };
    this.events.dispatchEvent(new Event('load'));
  }
  failNetwork() {
    this.events.dispatchEvent(new Event('error'));
  }
}

/**
 * Replaces XMLHttpRequest. `onSend` runs a moment after each send (as a browser's events come
 * later), e.g. `(xhr) => { xhr.progress(5, 10); xhr.respond(200); }`; without it the test answers.
 */
export function mockXhr(onSend?: (xhr: FakeXhr) => void) {
  const requests: FakeXhr[] = [];
  class RecordedXhr extends FakeXhr {
    constructor() {
      super();
      requests.push(this);
    }
    override send(body: unknown) {
      super.send(body);
      if (onSend) void Promise.resolve().then(() => onSend(this));
    }
  }
  vi.stubGlobal('XMLHttpRequest', RecordedXhr);
  return { requests };
}
