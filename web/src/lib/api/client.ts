import { nl } from '@/messages/nl';
import { ApiError, NetworkError } from './errors';
import type { ErrorBody } from './types';

export interface ApiClientDeps {
  fetch: typeof fetch;
  getApiKey(): string | null;
  /** A 401 on an authenticated call: the session is gone (spec: go to logout). */
  onUnauthorized(): void;
  /** A 403: the user lacks rights (spec: message, then dashboard). */
  onForbidden(): void;
  /** Whether the server answered at all; drives the offline banner next to navigator.onLine. */
  onReachability(reachable: boolean): void;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded (the login call). */
  form?: Record<string, string>;
  signal?: AbortSignal;
  /** Send without the api-key header (login and password flows). */
  anonymous?: boolean;
  /** Overrides the stored key, for the calls made during login before the session is stored. */
  apiKey?: string;
  /**
   * When false, 401 and 403 only reject the promise. Login needs this: its 401 means wrong
   * credentials, not an expired session, and must not trigger the global logout.
   */
  handleAuthErrors?: boolean;
}

export type ApiClient = ReturnType<typeof createApiClient>;

// Gateway errors come from a proxy in front of a server that is down: as good as no answer.
const GATEWAY_STATUSES = new Set([502, 503, 504]);

export function createApiClient(deps: ApiClientDeps) {
  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const { method = 'GET', json, form, signal, anonymous = false, handleAuthErrors = true } = options;
    const headers = new Headers({ Accept: 'application/json' });
    let body: BodyInit | undefined;
    if (json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(json);
    } else if (form !== undefined) {
      body = new URLSearchParams(form);
    }
    const apiKey = options.apiKey ?? deps.getApiKey();
    if (!anonymous && apiKey) headers.set('api-key', apiKey);

    let response: Response;
    try {
      response = await deps.fetch(path, { method, headers, body, signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      deps.onReachability(false);
      throw new NetworkError(error);
    }
    deps.onReachability(!GATEWAY_STATUSES.has(response.status));

    const payload = await readBody(response);
    if (response.ok) return payload as T;

    const errorBody = isErrorBody(payload) ? payload : undefined;
    if (handleAuthErrors && response.status === 401) deps.onUnauthorized();
    if (handleAuthErrors && response.status === 403) deps.onForbidden();
    const fallback = response.status === 403 ? nl.errors.forbidden : nl.errors.unexpected;
    throw new ApiError(response.status, errorBody, fallback);
  }

  return { request };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null;
}
