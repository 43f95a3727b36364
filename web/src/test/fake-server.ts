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

/** Calls the app makes by itself, answered unless a test gives its own handler (then recorded). */
const defaultHandlers: Record<string, FakeHandler> = {
  'POST /api/saved-registrations-sync': () => json(201, { registrations: [], conflicts: [], rejected: [] }),
};

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
    const handler = handlers[`${method} ${url.pathname}`] ?? defaultHandlers[`${method} ${url.pathname}`];
    // The app syncs saved registrations by itself; tests that care install their own handler.
    if (handlers[`${method} ${url.pathname}`] || !defaultHandlers[`${method} ${url.pathname}`]) calls.push(call);
    if (!handler) throw new TypeError(`Failed to fetch (no fake handler for ${method} ${url.pathname})`);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, handlers };
}
