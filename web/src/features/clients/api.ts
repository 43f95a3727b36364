/**
 * The client screens' calls (spec 002 section 7, "Session and client information"), through the
 * app's one API client. The `api/...` answers come from the API document (`lib/api/types.ts`).
 *
 * The JSON:API list and creation of clients are typed here by hand: their routes are not in
 * the committed API document yet. Once they are, these types give way to the document's
 * (`ClientList`, `ClientDocument`, `NewClientDocument`) and only the functions stay.
 */
import { api, ApiError, NetworkError } from '@/lib/api';
import type { ApiSchemas, ClientAccess, ClientDetails, UserInfo } from '@/lib/api/types';
import type { Batch } from '@/lib/batches';

export type { ClientAccess, ClientDetails };

const enc = encodeURIComponent;

/** JSON:API calls send and ask for this media type (spec 002 section 7). */
const JSON_API = 'application/vnd.api+json';

/** A page of the admins' client list (spec 002 section 9 does not say; the server's maximum). */
export const CLIENT_PAGE_SIZE = 50;

// `api/...` calls.

/** The user's own clients (`GET api/user/info`), fresh rather than as the session last saw them. */
export async function loadOwnClients(signal?: AbortSignal): Promise<UserInfo['clients']> {
  return (await api.request<UserInfo>('/api/user/info', { signal })).clients;
}

/** `GET api/client/{id}`: name, credits, modules and the low-credit limit. */
export function loadClientDetails(clientId: string, signal?: AbortSignal): Promise<ClientDetails> {
  return api.request<ClientDetails>(`/api/client/${enc(clientId)}`, { signal });
}

/** `GET api/client/{id}/info`: the user's roles and permissions in that client. */
export function loadClientAccess(clientId: string, signal?: AbortSignal): Promise<ClientAccess> {
  return api.request<ClientAccess>(`/api/client/${enc(clientId)}/info`, { signal });
}

/**
 * `POST api/client/{id}/delete`: starts the client's removal as a batch. A 409 (other work of
 * the client still runs) rejects with the server's message.
 */
export function startClientRemoval(clientId: string): Promise<Batch> {
  return api.request<Batch>(`/api/client/${enc(clientId)}/delete`, { method: 'POST' });
}

// JSON:API: `jsonapi/client/client`.

export interface IntroText {
  value: string;
  format: string;
}

/** The attributes of a `client--client` resource the screens read. */
export interface ClientAttributes {
  name: string;
  field_credits: number;
  modules: string[];
  field_low_credit_email_limit: number;
  registrations_count: number;
  terms_and_conditions_required: boolean;
  user_register_intro_text: IntroText | null;
}

export interface ClientResource {
  type: 'client--client';
  id: string;
  attributes: ClientAttributes;
}

interface Link {
  href: string;
}

/** `next` and `prev` are there only when there is such a page. */
export interface ClientListDocument {
  data: ClientResource[];
  links: { self: Link; next?: Link | null; prev?: Link | null };
}

interface ClientDocument {
  data: ClientResource;
}

/** One page of the clients by name, starting at `offset`. */
export function loadClientPage(offset: number, signal?: AbortSignal): Promise<ClientListDocument> {
  const query = new URLSearchParams({ sort: 'name', 'page[offset]': String(offset), 'page[limit]': String(CLIENT_PAGE_SIZE) });
  return api.request<ClientListDocument>(`/jsonapi/client/client?${query.toString()}`, { signal, mediaType: JSON_API });
}

/**
 * The offset of the page a list link (`links.next.href`, `links.prev.href`) points to, so the
 * app's own address can carry it; undefined without a link.
 */
export function linkOffset(link: Link | null | undefined): number | undefined {
  if (!link) return undefined;
  const offset = Number(new URL(link.href, 'http://link.invalid').searchParams.get('page[offset]') ?? 0);
  return Number.isSafeInteger(offset) && offset >= 0 ? offset : 0;
}

/** `POST jsonapi/client/client`: a new client named `name`; answers the new resource. */
export async function createClient(name: string): Promise<ClientResource> {
  const body = { data: { type: 'client--client', attributes: { name } } };
  const answer = await api.request<ClientDocument>('/jsonapi/client/client', { method: 'POST', json: body, mediaType: JSON_API });
  return answer.data;
}

/**
 * What to show of a refused call: every `detail` the server gave (JSON:API errors), else its
 * message, else `fallback`. A failure without an answer, or an unexpected one, is logged.
 */
export function failureTexts(error: unknown, fallback: string): string[] {
  if (error instanceof ApiError) {
    const details = error.details.map((entry) => entry.detail).filter((detail) => detail.trim() !== '');
    if (details.length > 0) return details;
    return [error.serverMessage ?? fallback];
  }
  if (!(error instanceof NetworkError)) console.error(error);
  return [fallback];
}

// Users of the client (spec 002 section 7, "Users and permissions").

/** A user of the client as `GET api/clients/{id}/users` lists it. */
export type ClientUser = ApiSchemas['ClientUser'];

/** `GET api/clients/{id}/users`: the client's users by name. */
export function loadClientUsers(clientId: string, signal?: AbortSignal): Promise<ClientUser[]> {
  return api.request<ClientUser[]>(`/api/clients/${enc(clientId)}/users`, { signal });
}

/** `POST api/clients/{id}/add-user`: answers the server's success text and the user's id. */
export function addClientUser(clientId: string, body: ApiSchemas['AddUser']): Promise<ApiSchemas['Added']> {
  return api.request<ApiSchemas['Added']>(`/api/clients/${enc(clientId)}/add-user`, { method: 'POST', json: body });
}

/** `PATCH api/clients/{id}/remove-user/{userId}`: the user leaves the client. */
export function removeClientUser(clientId: string, userId: string): Promise<ApiSchemas['Removed']> {
  return api.request<ApiSchemas['Removed']>(`/api/clients/${enc(clientId)}/remove-user/${enc(userId)}`, { method: 'PATCH' });
}

/** `GET api/clients/{id}/user/{userId}/resend-welcome-mail`. */
export function resendWelcomeMail(clientId: string, userId: string): Promise<ApiSchemas['WelcomeSent']> {
  return api.request<ApiSchemas['WelcomeSent']>(`/api/clients/${enc(clientId)}/user/${enc(userId)}/resend-welcome-mail`);
}

export type PermissionResource = ApiSchemas['PermissionResource'];

/** The one `user_permission` of a user in a client, if there is one. */
export async function loadUserPermission(clientId: string, userId: string, signal?: AbortSignal): Promise<PermissionResource | undefined> {
  const query = new URLSearchParams({ 'filter[client.id]': clientId, 'filter[user.id]': userId });
  const list = await api.request<ApiSchemas['PermissionList']>(`/jsonapi/user_permission/user_permission?${query.toString()}`, {
    signal,
    mediaType: JSON_API,
  });
  return list.data[0];
}

/** `PATCH jsonapi/user_permission/user_permission/{id}`: the user's new roles in the client. */
export function saveUserRoles(permissionId: string, roles: string[]): Promise<ApiSchemas['PermissionDocument']> {
  const body = { data: { type: 'user_permission--user_permission', id: permissionId, attributes: { roles } } };
  return api.request<ApiSchemas['PermissionDocument']>(`/jsonapi/user_permission/user_permission/${enc(permissionId)}`, {
    method: 'PATCH',
    json: body,
    mediaType: JSON_API,
  });
}

// User groups (spec 002 section 7, "User groups").

export type GroupResource = ApiSchemas['GroupResource'];

/** `GET jsonapi/user_group/user_group?filter[client.id]=…`: the client's groups. */
export async function loadClientGroups(clientId: string, signal?: AbortSignal): Promise<GroupResource[]> {
  const query = new URLSearchParams({ 'filter[client.id]': clientId });
  const list = await api.request<ApiSchemas['GroupList']>(`/jsonapi/user_group/user_group?${query.toString()}`, { signal, mediaType: JSON_API });
  return list.data;
}

/** `POST jsonapi/user_group/user_group`: a new group `label` of the client. */
export async function createGroup(clientId: string, label: string): Promise<GroupResource> {
  const body = {
    data: { type: 'user_group--user_group', attributes: { label }, relationships: { client: { data: { type: 'client--client', id: clientId } } } },
  };
  return (await api.request<ApiSchemas['GroupDocument']>('/jsonapi/user_group/user_group', { method: 'POST', json: body, mediaType: JSON_API })).data;
}

/** `DELETE jsonapi/user_group/user_group/{id}` (204). */
export async function deleteGroup(groupId: string): Promise<void> {
  await api.request<unknown>(`/jsonapi/user_group/user_group/${enc(groupId)}`, { method: 'DELETE', mediaType: JSON_API });
}

/** A member of a group, as `include=users` names it. */
export interface GroupMember {
  id: string;
  name: string;
}

export interface GroupWithMembers {
  group: GroupResource;
  members: GroupMember[];
}

/** `GET jsonapi/user_group/user_group/{id}?include=users`: the group and its members by name. */
export async function loadGroup(groupId: string, signal?: AbortSignal): Promise<GroupWithMembers> {
  const answer = await api.request<ApiSchemas['GroupDocument']>(`/jsonapi/user_group/user_group/${enc(groupId)}?include=users`, {
    signal,
    mediaType: JSON_API,
  });
  const members = (answer.included ?? []).map((user) => ({ id: user.id, name: user.attributes.display_name || user.attributes.name }));
  return { group: answer.data, members };
}

/** `PATCH jsonapi/user_group/user_group/{id}`: the group's new name. */
export async function renameGroup(groupId: string, label: string): Promise<GroupResource> {
  const body = { data: { type: 'user_group--user_group', id: groupId, attributes: { label } } };
  const answer = await api.request<ApiSchemas['GroupDocument']>(`/jsonapi/user_group/user_group/${enc(groupId)}`, {
    method: 'PATCH',
    json: body,
    mediaType: JSON_API,
  });
  return answer.data;
}

export type GroupForm = ApiSchemas['GroupForm'];

/** `GET api/user-groups/{id}/forms`: the forms the group opens to its members. */
export function loadGroupForms(groupId: string, signal?: AbortSignal): Promise<GroupForm[]> {
  return api.request<GroupForm[]>(`/api/user-groups/${enc(groupId)}/forms`, { signal });
}

/** `POST api/user-groups/{id}/add-user/{userId}`, the body a list holding the user id (spec 002 section 7). */
export function addGroupMember(groupId: string, userId: string): Promise<ApiSchemas['GroupMessage']> {
  return api.request<ApiSchemas['GroupMessage']>(`/api/user-groups/${enc(groupId)}/add-user/${enc(userId)}`, { method: 'POST', json: [userId] });
}

/** `DELETE api/user-groups/{id}/remove-user/{userId}`. */
export function removeGroupMember(groupId: string, userId: string): Promise<ApiSchemas['GroupMessage']> {
  return api.request<ApiSchemas['GroupMessage']>(`/api/user-groups/${enc(groupId)}/remove-user/${enc(userId)}`, { method: 'DELETE' });
}
