import { ApiError, NetworkError } from './errors';

/**
 * What to show of a refused call (spec 002 section 8: red alerts with each `errors[].detail`):
 * every `detail` the server gave (JSON:API's errors, or the API's `{message, errors[]}`), else
 * its message, else `fallback`. A failure without an answer, or an unexpected one, is logged.
 */
export function failureTexts(error: unknown, fallback: string): string[] {
  if (error instanceof ApiError) {
    const details = error.details.map((entry) => entry.detail).filter((detail) => detail.trim() !== '');
    if (details.length > 0) return [...new Set(details)];
    return [error.serverMessage ?? fallback];
  }
  if (!(error instanceof NetworkError)) console.error(error);
  return [fallback];
}
