import { vi } from 'vitest';

type Handler = ((event: ProgressEvent) => void) | null;

/**
 * A stand-in for XMLHttpRequest: records what is sent and lets the test drive upload progress
 * and the answer, the way a browser would report them.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: Handler; onload: Handler } = { onprogress: null, onload: null };
  onload: Handler = null;
  onerror: Handler = null;
  onabort: Handler = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.(new ProgressEvent('abort'));
  }

  /** Upload progress: `loaded` of `total` bytes sent; at the end the browser's upload load event. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded, total }));
    if (loaded === total) this.upload.onload?.(new ProgressEvent('load', { lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.(new ProgressEvent('load'));
  }
  fail() {
    this.onerror?.(new ProgressEvent('error'));
  }
  /** The JSON body that was sent. */
  json(): unknown {
    return JSON.parse(String(this.body));
  }
}

/** Replaces XMLHttpRequest for one test; returns the list of requests as they are sent. */
export function installFakeXhr(): FakeXhr[] {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr.sent;
}

/** Waits until the code under test has sent its next request. */
export async function nextRequest(sent: FakeXhr[], index: number): Promise<FakeXhr> {
  await vi.waitFor(() => {
    if (!sent[index]) throw new Error(`request ${index} not sent yet`);
  });
  return sent[index] as FakeXhr;
}
