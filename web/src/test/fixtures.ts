import type { ClientAccess, ClientDetails, UserInfo } from '@/lib/api/types';
import type { StoredSession } from '@/lib/auth/session-storage';
import { json, type FakeHandler } from './fake-server';

export const DEMO = { id: 'c1', uuid: 'c1', name: 'Demo Gemeente' };
export const TWEEDE = { id: 'c2', uuid: 'c2', name: 'Tweede Gemeente' };

export function userInfo(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 'u-twee',
    email: 'twee@demo.eform.nl',
    username: 'twee',
    roles: [],
    clients: [DEMO, TWEEDE],
    server_notification: null,
    ...overrides,
  };
}

export function clientDetails(client: { id: string; uuid: string; name: string }): ClientDetails {
  return {
    ...client,
    modules: [],
    field_credits: 100,
    credits: 100,
    registrations_count: 0,
    terms_and_conditions_required: false,
  };
}

export function storedSession(overrides: Partial<StoredSession> = {}): StoredSession {
  return {
    apiKey: 'stored-key',
    user: { id: 'u-twee', email: 'twee@demo.eform.nl', roles: [], clients: [DEMO, TWEEDE], serverNotification: null },
    currentClientId: DEMO.id,
    access: { roles: ['form_filler'], permissions: [] },
    client: clientDetails(DEMO),
    ...overrides,
  };
}

/** Handlers of a healthy server for the twee@ user, with `access` per client id. */
export function demoServer(access: Record<string, ClientAccess> = {}, info: UserInfo = userInfo()) {
  const handlers: Record<string, FakeHandler> = {
    'POST /api/user/login': () =>
      json(200, { status: true, api_key: 'fresh-key', id: info.id, email: info.email, clients: info.clients, message: '' }),
    'GET /api/user/info': () => json(200, info),
    'POST /api/user/logout': () => json(200, {}),
  };
  for (const client of info.clients) {
    handlers[`GET /api/client/${client.id}/info`] = () =>
      json(200, access[client.id] ?? { roles: ['form_filler'], permissions: [] });
    handlers[`GET /api/client/${client.id}`] = () => json(200, clientDetails(client));
  }
  return handlers;
}
