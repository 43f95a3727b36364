import type { ApiSchemas, ClientAccess, ClientDetails, ClientSummary, FillableForm, Registration, UserInfo } from '@/lib/api/types';
import type { StoredSession } from '@/lib/auth/session-storage';
import type { SavedRegistration, SyncedRegistration } from '@/lib/offline/db';
import { json, type FakeHandler } from './fake-server';

export const DEMO: ClientSummary = { id: 'c1', uuid: 'c1', name: 'Demo Gemeente', terms_and_conditions_required: false };
export const TWEEDE: ClientSummary = { id: 'c2', uuid: 'c2', name: 'Tweede Gemeente', terms_and_conditions_required: false };

export function userInfo(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 'u-twee',
    email: 'twee@demo.eform.nl',
    username: 'twee',
    roles: [],
    clients: [DEMO, TWEEDE],
    server_notification: null,
    // No name: the admins' banner falls back to the build mode, as before the first answer.
    environment: '',
    ...overrides,
  };
}

export function clientDetails(client: ClientSummary): ClientDetails {
  return {
    ...client,
    modules: [],
    field_credits: 100,
    credits: 100,
    field_low_credit_email_limit: 0,
    terms_and_conditions_required: false,
  };
}

export function storedSession(overrides: Partial<StoredSession> = {}): StoredSession {
  return {
    apiKey: 'stored-key',
    user: { id: 'u-twee', email: 'twee@demo.eform.nl', username: 'twee', roles: [], clients: [DEMO, TWEEDE], serverNotification: null },
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

/** Form f1 'Melding' in the demo client, without elements unless `overrides` give them. */
export function fillableForm(overrides: Partial<FillableForm> = {}): FillableForm {
  return {
    form_id: 'f1',
    form_guest_id: null,
    form_name: 'Melding',
    form_type: 'default',
    folder_id: 'd1',
    client_id: DEMO.id,
    client_uuid: DEMO.uuid,
    schema: [],
    values: {},
    rules: [],
    settings: {},
    form_settings: {},
    form_summary: null,
    updated_at: Date.UTC(2026, 10, 1),
    ...overrides,
  };
}

/** The server's copy of registration t1 of form f1 in the demo client. */
export function syncedRegistration(overrides: Partial<SyncedRegistration> = {}): SyncedRegistration {
  return {
    fill_token: 't1',
    form_id: 'f1',
    client_id: DEMO.id,
    form_name: 'Melding',
    form_summary: null,
    schema: [],
    values: { naam: 'Lamp' },
    registration_updated_at: '2026-11-20T10:00:00.000Z',
    registration_saved_deleted_at: null,
    ...overrides,
  };
}

/** Registration t1 as saved on this device a minute ago and not sent yet. */
export function savedRegistration(overrides: Partial<SavedRegistration> = {}): SavedRegistration {
  return { ...syncedRegistration(), unsynced: true, conflict: null, lastChange: Date.now() - 60_000, ...overrides };
}

/** The server's answer to a send of form f1 'Melding': registration r1. */
export function registrationAnswer(overrides: Partial<Registration> = {}): Registration {
  return {
    _id: 'r1',
    form_id: 'f1',
    form_name: 'Melding',
    form_type: 'default',
    form_summary: '<p><strong>Lamp</strong> kapot</p>',
    registration_name: 'Lamp',
    registration_date: '2024-03-05T13:07:00Z',
    registration_serial_number: 1,
    registration_user_id: { username: 'twee' },
    registration_phase: null,
    registration_status: 'completed',
    registration_updated_at: '2024-03-05T13:07:00Z',
    schema: [],
    values: {},
    fill_token: 't',
    ...overrides,
  };
}

/**
 * A user as `jsonapi/user/user` answers it: username `id`, e-mail `{id}@demo.eform.nl`, seen in
 * the demo client with `roles` there and in the groups `groups` (ids).
 */
export function userResource(id: string, display_name: string, roles: string[] = [], groups: string[] = []): ApiSchemas['UserResource'] {
  return {
    type: 'user--user',
    id,
    attributes: { name: id, display_name, mail: `${id}@demo.eform.nl` },
    relationships: {
      roles: { data: roles.map((role) => ({ type: 'user_role--user_role', id: role })) },
      field_user_groups: { data: groups.map((group) => ({ type: 'user_group--user_group', id: group })) },
      field_client: { data: [{ type: 'client--client', id: DEMO.id }] },
    },
  };
}

/**
 * A datasource of the demo client as `jsonapi/eform_datasource/{kind}` answers it: `kind` is
 * map_features (in RD New unless `attributes` say otherwise) or search.
 */
export function datasourceResource(
  kind: 'map_features' | 'search',
  id: string,
  attributes: Partial<ApiSchemas['DatasourceAttributes']> = {},
  fileId: string | null = `file-${id}`,
): ApiSchemas['DatasourceResource'] {
  return {
    type: `eform_datasource--${kind}`,
    id,
    attributes: {
      name: id,
      field_crs: kind === 'map_features' ? 'EPSG:28992' : null,
      feature_count: 0,
      data_properties: [],
      import_errors: [],
      changed: '2026-11-20T10:00:00Z',
      ...attributes,
    },
    relationships: {
      client_id: { data: { type: 'client--client', id: DEMO.id } },
      ...(fileId ? { file: { data: { type: 'file--file', id: fileId } } } : {}),
    },
    ...(fileId ? { file_url: `/api/client/${DEMO.id}/file/${fileId}` } : {}),
  };
}

/** The contact fields of a purchase or credit as the server answers them: all of them, empty. */
export function emptyContact(): ApiSchemas['ContactFields'] {
  return {
    contact_company: '',
    contact_firstname: '',
    contact_lastname: '',
    contact_street: '',
    contact_postal_code: '',
    contact_city: '',
    contact_email: '',
    contact_tax_number: '',
  };
}
