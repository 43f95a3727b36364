import { readStoredSession } from '@/lib/auth/session-storage';
import { requestHeaders } from './request-headers';

/**
 * The first screen's requests, started by `src/early.ts` as soon as index.html is in (decision
 * 029). On a weak signal the app's code takes seconds to arrive, and the fill-in screen's loader
 * would only then ask for the form, and after that for its client's credits: two more round
 * trips with the line idle. Started here, their answers arrive while the code still downloads,
 * and the app's API client takes them instead of asking again (`takeEarlyResponse`), so they go
 * through the same answer handling as any request.
 *
 * This module imports nothing with code of its own but the session reader and the request
 * headers, so its chunk has no dependency on the app's: it runs once it is in, not once React is.
 */

interface Started {
  response: Promise<Response>;
  apiKey: string;
  at: number;
}

const started = new Map<string, Started>();

/**
 * Only the first screen takes what was started for it; an answer left untaken (the user went
 * elsewhere first) must not stand in for a later request.
 */
export const EARLY_ANSWER_MAX_AGE_MS = 30_000;

/** The fill-in screen, `paths.form_fill` ('/form/:form_id/:force_reload'). */
const FORM_FILL = /^\/form\/([^/]+)\/[^/]+\/?$/;

/**
 * Starts the requests the screen at `pathname` will make first, for the signed-in user stored in
 * `storage`: on the fill-in screen the form (`GET api/form/{id}`), and once it is in, the credits
 * of its client if the user is a member (`GET api/client/{id}`), as `formFillLoader` asks.
 * Answers whether it started any.
 */
export function startEarlyRequests(pathname: string, storage: Storage, now: () => number = Date.now): boolean {
  const formId = FORM_FILL.exec(pathname)?.[1];
  const stored = readStoredSession(storage);
  if (formId === undefined || stored.kind !== 'session') return false;
  const { apiKey, user } = stored.session;
  const form = start(`/api/form/${encodeURIComponent(decodeURIComponent(formId))}`, apiKey, now());
  form
    .then((response) => (response.ok ? (response.clone().json() as Promise<{ client_id?: unknown }>) : null))
    .then((answer) => {
      const clientId = answer?.client_id;
      if (typeof clientId === 'string' && user.clients.some((client) => client.id === clientId)) {
        start(`/api/client/${encodeURIComponent(clientId)}`, apiKey, now());
      }
    })
    .catch(() => undefined);
  return true;
}

/**
 * The answer of a request started early for exactly this one (a GET of the same path with the
 * same api-key), once; `undefined` when there is none, so the caller fetches as usual.
 */
export function takeEarlyResponse(input: RequestInfo | URL, init?: RequestInit, now: () => number = Date.now): Promise<Response> | undefined {
  if (typeof input !== 'string' || (init?.method ?? 'GET') !== 'GET') return undefined;
  const early = started.get(input);
  if (!early) return undefined;
  started.delete(input);
  const fresh = now() - early.at <= EARLY_ANSWER_MAX_AGE_MS;
  return fresh && new Headers(init?.headers).get('api-key') === early.apiKey ? early.response : undefined;
}

function start(path: string, apiKey: string, at: number): Promise<Response> {
  const response = fetch(path, { headers: requestHeaders(apiKey) });
  // Nobody may be waiting yet; a failure is seen by whoever takes it.
  response.catch(() => undefined);
  started.set(path, { response, apiKey, at });
  return response;
}
