import type { ClientAccess, ClientDetails, ClientSummary, ServerNotification } from '@/lib/api/types';

/** What survives a reload: enough to render the shell and decide guards offline. */
export interface StoredSession {
  apiKey: string;
  user: {
    id: string;
    email: string;
    /**
     * The server's username ('invuller' in summaries). Optional: sessions stored by an older build
     * lack it and must stay valid offline; the next user-info refresh fills it in.
     */
    username?: string;
    roles: string[];
    clients: ClientSummary[];
    serverNotification: ServerNotification | null;
    /** Deployment environment reported by the server, when it reports one. */
    environment?: string;
  };
  currentClientId: string | null;
  /** Roles and permissions in the current client. */
  access: ClientAccess;
  /** Credits and modules of the current client, when loaded. */
  client: ClientDetails | null;
}

export type RestoredSession =
  | { kind: 'none' }
  /** Auth state written by the previous app generation, which kept an OAuth access_token. */
  | { kind: 'legacy' }
  | { kind: 'session'; session: StoredSession };

export const SESSION_KEY = 'eform.auth';
/** Kept across logouts so the next login reopens the client the user worked in last. */
export const LAST_CLIENT_KEY = 'eform.last-client';

export function readStoredSession(storage: Storage): RestoredSession {
  const raw = storage.getItem(SESSION_KEY);
  if (raw === null) return { kind: 'none' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { kind: 'none' };
  }
  if (!isRecord(parsed)) return { kind: 'none' };
  if ('access_token' in parsed) return { kind: 'legacy' };
  return isStoredSession(parsed) ? { kind: 'session', session: parsed } : { kind: 'none' };
}

export function writeStoredSession(storage: Storage, session: StoredSession): void {
  storage.setItem(SESSION_KEY, JSON.stringify(session));
}

export function clearStoredSession(storage: Storage): void {
  storage.removeItem(SESSION_KEY);
}

/** The client to work in after login: the last one used if the user still has it, else the first. */
export function pickClient(clients: readonly ClientSummary[], preferredId: string | null): ClientSummary | null {
  return clients.find((client) => client.id === preferredId) ?? clients[0] ?? null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

// A stored session from an older build of this app may lack fields; such a session is dropped
// (the user signs in again) rather than half-trusted.
function isStoredSession(value: Record<string, unknown>): value is Record<string, unknown> & StoredSession {
  const { apiKey, user, currentClientId, access } = value;
  if (typeof apiKey !== 'string' || apiKey === '') return false;
  if (!isRecord(user) || typeof user.email !== 'string' || typeof user.id !== 'string') return false;
  if (!isStringArray(user.roles) || !Array.isArray(user.clients)) return false;
  if (currentClientId !== null && typeof currentClientId !== 'string') return false;
  if (!isRecord(access) || !isStringArray(access.roles) || !isStringArray(access.permissions)) return false;
  return true;
}
