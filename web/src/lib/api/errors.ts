import type { ErrorBody } from './types';

/** The server answered with a non-2xx status. */
export class ApiError extends Error {
  readonly status: number;
  /** The Dutch `message` of the server's error body, when it sent one. */
  readonly serverMessage: string | undefined;
  readonly details: NonNullable<ErrorBody['errors']>;

  constructor(status: number, body: ErrorBody | undefined, fallbackMessage: string) {
    const serverMessage = body?.message?.trim() ? body.message : undefined;
    super(serverMessage ?? fallbackMessage);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.details = body?.errors ?? [];
  }
}

/** The request never got an answer: the device is offline or the server is down. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

/** Gateway errors come from a proxy in front of a server that is down: as good as no answer. */
export const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** True when a request got no real answer from the server (network error or gateway error). */
export function isUnreachableError(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiError && GATEWAY_STATUSES.has(error.status));
}
