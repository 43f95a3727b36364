import type { ErrorBody } from './types';

/** The server answered with a non-2xx status. */
export class ApiError extends Error {
  readonly status: number;
  /** The Dutch `message` of the server's error body, when it sent one. */
  readonly serverMessage: string | undefined;
  readonly details: NonNullable<ErrorBody['errors']>;
  /** The server's machine-readable reason, where the app acts on it (`terms_required`). */
  readonly code: string | undefined;

  constructor(status: number, body: ErrorBody | undefined, fallbackMessage: string) {
    const serverMessage = body?.message?.trim() ? body.message : undefined;
    super(serverMessage ?? fallbackMessage);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.details = body?.errors ?? [];
    this.code = body?.code ?? undefined;
  }
}

/**
 * The 403 of a client's content while this user has not accepted the client's terms: not a
 * lack of rights, but the terms wall's turn (spec 000 screen 15).
 */
export function isTermsRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === 'terms_required';
}

/** The request never got an answer: the device is offline or the server is down. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

/**
 * Upload answers whose Dutch message says what the user can do about it: over 20 MB or the
 * client's storage full (413), a type or content the call does not take (422), guests' uploads
 * used up for today (429).
 */
const UPLOAD_REFUSALS: ReadonlySet<number> = new Set([413, 422, 429]);

/** The server's reason for refusing an upload, when it gave one; other failures get the caller's text. */
export function uploadRefusal(error: unknown): string | undefined {
  return error instanceof ApiError && UPLOAD_REFUSALS.has(error.status) ? error.serverMessage : undefined;
}

/** Gateway errors come from a proxy in front of a server that is down: as good as no answer. */
export const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** True when a request got no real answer from the server (network error or gateway error). */
export function isUnreachableError(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiError && GATEWAY_STATUSES.has(error.status));
}
