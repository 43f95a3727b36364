import { vi } from 'vitest';

/** One request as the fake server saw it. */
export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: string | null;
}

export type FakeHandler = (call: FakeCall) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces global fetch with handlers keyed "METHOD /path". A request without a handler fails
 * like an unreachable server does (TypeError), so tests notice calls they did not expect.
 */
export function installFakeServer(handlers: Record<string, FakeHandler>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const call: FakeCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: init?.body == null ? null : String(init.body),
    };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) throw new TypeError(`Failed to fetch (no fake handler for ${method} ${url.pathname})`);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, handlers };
}
