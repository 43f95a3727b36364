import { USER_INFO_REFRESH_MS } from '@/config/app';
import { nl } from '@/messages/nl';
import { api, ApiError } from '@/lib/api';
import { clearDeviceOnLogout } from '@/lib/offline/logout';
import { clearApiCaches } from '@/lib/pwa/api-caches';
import type { ClientAccess, ClientDetails, ClientSummary, LoginResponse, UserInfo } from '@/lib/api/types';
import {
  clearSession,
  getSession,
  markUserInfoFetched,
  setAuthenticated,
  updateSession,
  userInfoFetchedAt,
} from './session';
import { LAST_CLIENT_KEY, pickClient, type StoredSession } from './session-storage';

export type LoginResult = { ok: true } | { ok: false; message: string; severity: 'error' | 'warning' };

/** Signs in, stores the session and loads the chosen client's roles and permissions. */
export async function login(email: string, password: string): Promise<LoginResult> {
  // Every call of the login sequence leaves 401/403 to us: a failing login is shown on the
  // form, it does not trigger the global logout.
  const quiet = { handleAuthErrors: false } as const;
  let apiKey: string | undefined;
  try {
    const answer = await api.request<LoginResponse>('/api/user/login', {
      method: 'POST',
      form: { username: email, password },
      anonymous: true,
      ...quiet,
    });
    if (!answer.status || !answer.api_key) {
      return { ok: false, message: answer.message || nl.auth.loginFailed, severity: 'error' };
    }
    apiKey = answer.api_key;
    const user = await api.request<UserInfo>('/api/user/info', { apiKey, ...quiet });
    markUserInfoFetched(Date.now());
    const client = pickClient(user.clients, localStorage.getItem(LAST_CLIENT_KEY));
    if (!client) {
      await revoke(apiKey);
      return { ok: false, message: nl.auth.noClients, severity: 'warning' };
    }
    const { access, details } = await loadClient(client.id, { apiKey, ...quiet });
    setAuthenticated({
      apiKey,
      user: toSessionUser(user),
      currentClientId: client.id,
      access,
      client: details,
    });
    localStorage.setItem(LAST_CLIENT_KEY, client.id);
    return { ok: true };
  } catch (error) {
    // A key obtained before a later step failed must not stay valid on the server.
    if (apiKey) await revoke(apiKey);
    const message = error instanceof ApiError && error.serverMessage ? error.serverMessage : nl.auth.loginFailed;
    return { ok: false, message, severity: 'error' };
  }
}

let logoutInFlight: Promise<void> | null = null;

/**
 * Revokes the token (failures ignored: the user must be able to leave offline), forgets the
 * session, then clears what the server has from the device (decision 012): request caches, synced
 * saved registrations, cached forms and folder trees, remembered inputs. Unsynced registrations
 * stay for their owner's next login. The session goes first, so no sync can write back meanwhile.
 */
export function logout(): Promise<void> {
  logoutInFlight ??= (async () => {
    const state = getSession();
    if (state.status === 'authenticated') await revoke(state.session.apiKey);
    clearSession();
    await Promise.all([
      clearApiCaches(),
      // A broken device store must not keep the user signed in; what stays is only ever server data.
      clearDeviceOnLogout().catch((error: unknown) => console.error('clearing the device at logout failed', error)),
    ]);
  })().finally(() => {
    logoutInFlight = null;
  });
  return logoutInFlight;
}

export type RefreshResult = 'ok' | 'no-clients';

/** Delay until the next user-info refresh is due (spec: every 60 s while signed in). */
export function msUntilUserInfoRefresh(now: number): number {
  return Math.max(0, userInfoFetchedAt() + USER_INFO_REFRESH_MS - now);
}

/**
 * Refetches user info (clients, global roles, server notification) and the current client's
 * roles and permissions, so rights a manager changes apply within a minute. When the current
 * client was taken away, the first remaining client becomes current.
 */
export async function refreshUserInfo(): Promise<RefreshResult> {
  markUserInfoFetched(Date.now());
  const user = await api.request<UserInfo>('/api/user/info');
  if (user.clients.length === 0) return 'no-clients';
  const state = getSession();
  if (state.status !== 'authenticated') return 'ok';
  const stillMember = user.clients.some((client) => client.id === state.session.currentClientId);
  updateSession((session) => ({ ...session, user: toSessionUser(user) }));
  if (!stillMember) {
    const first = user.clients[0];
    if (first) await selectClient(first.id);
  } else if (state.session.currentClientId) {
    await reloadClient(state.session.currentClientId);
  }
  return 'ok';
}

/** Makes `clientId` the current client and loads its permissions; returns it for the toast. */
export async function selectClient(clientId: string): Promise<ClientSummary> {
  const state = getSession();
  if (state.status !== 'authenticated') throw new Error('selectClient needs a signed-in user');
  const client = state.session.user.clients.find((c) => c.id === clientId);
  if (!client) throw new Error(`client ${clientId} is not one of the user's clients`);
  const { access, details } = await loadClient(clientId);
  updateSession((session) => ({ ...session, currentClientId: clientId, access, client: details }));
  localStorage.setItem(LAST_CLIENT_KEY, clientId);
  return client;
}

async function reloadClient(clientId: string): Promise<void> {
  const { access, details } = await loadClient(clientId);
  updateSession((session) =>
    session.currentClientId === clientId ? { ...session, access, client: details } : session,
  );
}

async function loadClient(
  clientId: string,
  options: { apiKey?: string; handleAuthErrors?: boolean } = {},
): Promise<{ access: ClientAccess; details: ClientDetails }> {
  const id = encodeURIComponent(clientId);
  const [access, details] = await Promise.all([
    api.request<ClientAccess>(`/api/client/${id}/info`, options),
    api.request<ClientDetails>(`/api/client/${id}`, options),
  ]);
  return { access, details };
}

async function revoke(apiKey: string): Promise<void> {
  try {
    await api.request('/api/user/logout', { method: 'POST', apiKey, handleAuthErrors: false });
  } catch {
    // Offline or already revoked: the local session is forgotten either way.
  }
}

function toSessionUser(user: UserInfo): StoredSession['user'] {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    roles: user.roles ?? [],
    clients: user.clients,
    serverNotification: user.server_notification ?? null,
    ...(user.environment ? { environment: user.environment } : {}),
  };
}
