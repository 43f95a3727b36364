import { nl } from '@/messages/nl';
import { ApiError, GATEWAY_STATUSES, isTermsRequired, NetworkError } from './errors';
import { JSON_TYPE, requestHeaders } from './request-headers';
import type { ErrorBody } from './types';

/**
 * Set by the service worker on an answer it took from a runtime cache because the network
 * failed or timed out (plugin in vite.config.ts, which must spell the name itself: its code is
 * copied into the worker as source).
 */
export const SW_CACHE_HEADER = 'x-eform-from-cache';

export interface ApiClientDeps {
  fetch: typeof fetch;
  getApiKey(): string | null;
  /** A 401 on an authenticated call: the session is gone (spec: go to logout). */
  onUnauthorized(): void;
  /** A 403: the user lacks rights (spec: message, then dashboard). */
  onForbidden(): void;
  /** A 403 `terms_required`: the client's terms wait for this user (the terms wall, not the no-rights message). */
  onTermsRequired(): void;
  /** Whether the server answered at all; drives the offline banner next to navigator.onLine. */
  onReachability(reachable: boolean): void;
  /**
   * Makes the XMLHttpRequest of `upload`. fetch cannot report upload progress, which the send
   * dialog and file fields show, so those calls go through XHR.
   */
  createXhr?(): XMLHttpRequest;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Sent as application/json (or as `mediaType`). */
  json?: unknown;
  /**
   * The media type of the JSON body and of the answer asked for: `application/vnd.api+json` for
   * the JSON:API calls (spec 002 section 7). application/json when left out.
   */
  mediaType?: string;
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

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as multipart/form-data. */
  formData?: FormData;
  anonymous?: boolean;
  signal?: AbortSignal;
  /** Bytes of the request body sent so far; `loaded === total` once the body is out. */
  onUploadProgress?(loaded: number, total: number): void;
}

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(deps: ApiClientDeps) {
  /**
   * Shared by fetch and XHR answers: reachability, auth signals, and the error to throw. A 401
   * logs out only the session whose key it refused: a request that went out with no key or an
   * earlier one (started before a logout finished) says nothing about the session of now, and
   * its signal would pull the user back to the logout screen on their way to login.
   */
  function failure(status: number, payload: unknown, handleAuthErrors: boolean, sentKey: string | null | undefined): ApiError {
    const errorBody = isErrorBody(payload) ? payload : jsonApiErrors(payload);
    const error = new ApiError(status, errorBody, status === 403 ? nl.errors.forbidden : nl.errors.unexpected);
    if (handleAuthErrors && status === 401 && sentKey && sentKey === deps.getApiKey()) deps.onUnauthorized();
    if (handleAuthErrors && status === 403) {
      if (isTermsRequired(error)) deps.onTermsRequired();
      else deps.onForbidden();
    }
    return error;
  }

  /** The key a request goes out with: the caller's, or the session's of the moment. */
  function keyFor(options: Pick<RequestOptions, 'anonymous' | 'apiKey'>): string | null | undefined {
    return options.anonymous ? null : (options.apiKey ?? deps.getApiKey());
  }

  async function send(path: string, options: RequestOptions, apiKey: string | null | undefined): Promise<Response> {
    const { method = 'GET', json, form, signal, mediaType = JSON_TYPE } = options;
    const headers = requestHeaders(apiKey, mediaType);
    let body: BodyInit | undefined;
    if (json !== undefined) {
      headers.set('Content-Type', mediaType);
      body = JSON.stringify(json);
    } else if (form !== undefined) {
      body = new URLSearchParams(form);
    }
    let response: Response;
    try {
      response = await deps.fetch(path, { method, headers, body, signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      deps.onReachability(false);
      throw new NetworkError(error);
    }
    // A copy the service worker answered from its runtime cache means the server did not.
    deps.onReachability(!GATEWAY_STATUSES.has(response.status) && !response.headers.has(SW_CACHE_HEADER));
    return response;
  }

  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const apiKey = keyFor(options);
    const response = await send(path, options, apiKey);
    const payload = await readBody(response);
    if (response.ok) return payload as T;
    throw failure(response.status, payload, options.handleAuthErrors ?? true, apiKey);
  }

  /** A file the server only hands out with the api-key (uploads), for previews and downloads. */
  async function requestBlob(path: string, options: Pick<RequestOptions, 'signal'> = {}): Promise<Blob> {
    const apiKey = keyFor({});
    const response = await send(path, options, apiKey);
    if (response.ok) return response.blob();
    throw failure(response.status, await readBody(response), true, apiKey);
  }

  /** Like `request`, over XMLHttpRequest so the caller sees the upload progress. */
  function upload<T>(path: string, options: UploadOptions = {}): Promise<T> {
    const { method = 'POST', json, formData, anonymous = false, signal, onUploadProgress } = options;
    const createXhr = deps.createXhr ?? (() => new XMLHttpRequest());
    return new Promise<T>((resolve, reject) => {
      const xhr = createXhr();
      xhr.open(method, path);
      const apiKey = keyFor({ anonymous });
      requestHeaders(apiKey).forEach((value, name) => xhr.setRequestHeader(name, value));
      let body: XMLHttpRequestBodyInit | null = null;
      if (json !== undefined) {
        xhr.setRequestHeader('Content-Type', JSON_TYPE);
        body = JSON.stringify(json);
      } else if (formData !== undefined) {
        // The browser sets the multipart boundary itself.
        body = formData;
      }
      if (onUploadProgress) {
        xhr.upload.onprogress = (event) => {
          if (event.lengthComputable) onUploadProgress(event.loaded, event.total);
        };
        // Some browsers skip the final progress event; the end of the body is 100 %.
        xhr.upload.onload = (event) => onUploadProgress(event.total, event.total);
      }
      xhr.onload = () => {
        deps.onReachability(!GATEWAY_STATUSES.has(xhr.status));
        const payload = parseBody(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) resolve(payload as T);
        // Signed-out calls (guest forms) must not trip the global 401 logout.
        else reject(failure(xhr.status, payload, !anonymous, apiKey));
      };
      xhr.onerror = () => {
        deps.onReachability(false);
        reject(new NetworkError(new Error(`${method} ${path} failed`)));
      };
      xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(body);
    });
  }

  return { request, requestBlob, upload };
}

async function readBody(response: Response): Promise<unknown> {
  return parseBody(await response.text());
}

function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The API's error shape; another body (a proxy's page, nothing) gets the fallback text. */
function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

/**
 * JSON:API's own error document (`{errors: [{status, title, detail}]}`, no `message`), which the
 * JSON:API routes answer to a refused edit, read into the API's error shape: each `detail` is
 * kept for the screen to show, the message falls back to the caller's text.
 */
function jsonApiErrors(value: unknown): ErrorBody | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { errors } = value as { errors?: unknown };
  if (!Array.isArray(errors)) return undefined;
  const details = errors.flatMap((error: unknown) => {
    const { detail, source } = (typeof error === 'object' && error !== null ? error : {}) as { detail?: unknown; source?: { pointer?: unknown } };
    if (typeof detail !== 'string' || !detail.trim()) return [];
    return [{ detail, source: { pointer: typeof source?.pointer === 'string' ? source.pointer : '' } }];
  });
  return details.length > 0 ? { status: false, message: '', errors: details } : undefined;
}
