import { ApiError } from '@/lib/api';

/**
 * The screen's failure text followed by the server's Dutch reason, when it refused for one
 * (4xx: not completed, nothing to download); a server failure's text says nothing more.
 */
export function withReason(text: string, error: unknown): string {
  const reason = error instanceof ApiError && error.status < 500 ? error.serverMessage : undefined;
  return reason && reason !== text ? `${text} ${reason}` : text;
}
