/**
 * The client screens' calls (spec 002 section 7, "Session and client information"), through the
 * app's one API client. Every answer and body shape comes from the API document
 * (`lib/api/types.ts`), the JSON:API routes included.
 */
import { api } from '@/lib/api';
import type { ApiSchemas, ClientAccess, ClientDetails, UserInfo } from '@/lib/api/types';
import type { Batch } from '@/lib/batches';
import type { Purchase } from '@/lib/purchases';

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

// Snapshots of whole clients, for admins (decision 021).

/** A snapshot being made: its batch, and the link (with a token) that fetches the file once done. */
export type SnapshotStarted = ApiSchemas['SnapshotStarted'];

/** A restore being made: its batch, and the client it restores. */
export type RestoreStarted = ApiSchemas['RestoreStarted'];

/**
 * `POST api/client/{id}/snapshot`: starts a snapshot of the client as a batch. A 409 (the client
 * is being removed or restored) rejects with the server's message.
 */
export function startClientSnapshot(clientId: string): Promise<SnapshotStarted> {
  return api.request<SnapshotStarted>(`/api/client/${enc(clientId)}/snapshot`, { method: 'POST' });
}

export interface RestoreOptions {
  /** Replace the client when it exists (otherwise the server answers 409). */
  replace: boolean;
  signal?: AbortSignal;
  /** Bytes of the snapshot sent so far. */
  onUploadProgress?(loaded: number, total: number): void;
}

/**
 * `POST api/clients/snapshot`: uploads a snapshot (multipart, over XHR for the progress) and
 * starts its restore as a batch; `replace` is `true` or `false`. 409 (the client exists, or
 * is busy) and 422 (not a snapshot) reject with the server's message.
 */
export function restoreClientSnapshot(file: File, { replace, signal, onUploadProgress }: RestoreOptions): Promise<RestoreStarted> {
  const formData = new FormData();
  formData.append('replace', replace ? 'true' : 'false');
  formData.append('file', file, file.name);
  return api.upload<RestoreStarted>('/api/clients/snapshot', { formData, signal, onUploadProgress });
}

// JSON:API: `jsonapi/client/client`.

/**
 * A client as `jsonapi/client/client` answers it. Platform users and users with 'eform view
 * client' get every attribute and the terms list; anyone else only name and intro text, which
 * is why the document marks the rest optional.
 */
export type ClientResource = ApiSchemas['Resource'];

/** `next` and `prev` are there only when there is such a page. */
export type ClientListDocument = ApiSchemas['ClientList'];

type ClientDocument = ApiSchemas['ClientDocument'];

type Link = ApiSchemas['Link'];

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
  const body: ApiSchemas['NewClientDocument'] = { data: { type: 'client--client', attributes: { name } } };
  const answer = await api.request<ClientDocument>('/jsonapi/client/client', { method: 'POST', json: body, mediaType: JSON_API });
  return answer.data;
}

/** `GET jsonapi/client/client/{id}`: the whole client (screen 6 reads its intro text and terms list). */
export async function loadClient(clientId: string, signal?: AbortSignal, handleAuthErrors = true): Promise<ClientResource> {
  return (await api.request<ClientDocument>(`/jsonapi/client/client/${enc(clientId)}`, { signal, mediaType: JSON_API, handleAuthErrors })).data;
}

/** What screen 6 saves of a client. */
export interface ClientPatch {
  name: string;
  field_low_credit_email_limit: number;
  /** HTML; the server sanitises it (`filtered_html`), and an empty text removes it. */
  introText: string;
  user_register_enabled: boolean;
  /** Platform users only: the server refuses modules from anyone else. */
  modules?: string[];
  /** Platform users only: the ids of the users who must accept the terms. */
  termsUsers?: string[];
}

/**
 * `PATCH jsonapi/client/client/{id}`: name, low-credit limit, intro text and self-registration;
 * modules and the terms list only when `patch` has them (platform users). Answers the saved client.
 */
export async function updateClient(clientId: string, patch: ClientPatch): Promise<ClientResource> {
  const body: ApiSchemas['ClientPatchDocument'] = {
    data: {
      type: 'client--client',
      id: clientId,
      attributes: {
        name: patch.name,
        field_low_credit_email_limit: patch.field_low_credit_email_limit,
        user_register_intro_text: { value: patch.introText, format: 'filtered_html' },
        user_register_enabled: patch.user_register_enabled,
        ...(patch.modules !== undefined ? { modules: patch.modules } : {}),
      },
      ...(patch.termsUsers !== undefined
        ? { relationships: { terms_and_conditions_users: { data: patch.termsUsers.map((id) => ({ type: 'user--user', id })) } } }
        : {}),
    },
  };
  const answer = await api.request<ClientDocument>(`/jsonapi/client/client/${enc(clientId)}`, { method: 'PATCH', json: body, mediaType: JSON_API });
  return answer.data;
}

export { failureTexts } from '@/lib/api/failure';

// Users of the client (spec 002 section 7, "Users and permissions").

/** A user of the client as `GET api/clients/{id}/users` lists it. */
export type ClientUser = ApiSchemas['ClientUser'];

/** `GET api/clients/{id}/users`: the client's users by name ('eform client add users'). */
export function loadClientUsers(clientId: string, signal?: AbortSignal): Promise<ClientUser[]> {
  return api.request<ClientUser[]>(`/api/clients/${enc(clientId)}/users`, { signal });
}

/** A page of `jsonapi/user/user` holds at most this many users (the server's maximum). */
export const USER_PAGE_SIZE = 50;

/** What a list of the client's users shows of each (`jsonapi/user/user`, `mail` as `email`). */
export interface ClientUserSummary {
  id: string;
  display_name: string;
  email: string;
}

function userSummary(user: ApiSchemas['UserResource']): ClientUserSummary {
  return { id: user.id, display_name: user.attributes.display_name, email: user.attributes.mail };
}

/**
 * Every user of the client by name: `GET jsonapi/user/user?filter[field_client.id]=…`, page after
 * page for as long as `links.next` points further ('eform client add users' or 'eform edit
 * client'). With `handleAuthErrors` false a 403 only rejects, for a screen that can do without.
 */
export async function loadAllClientUsers(clientId: string, signal?: AbortSignal, handleAuthErrors = true): Promise<ClientUserSummary[]> {
  const users: ClientUserSummary[] = [];
  let offset: number | undefined = 0;
  while (offset !== undefined) {
    const query = new URLSearchParams({
      'filter[field_client.id]': clientId,
      sort: 'name',
      'page[offset]': String(offset),
      'page[limit]': String(USER_PAGE_SIZE),
    });
    const page = await api.request<ApiSchemas['UserList']>(`/jsonapi/user/user?${query.toString()}`, { signal, mediaType: JSON_API, handleAuthErrors });
    users.push(...page.data.map(userSummary));
    const next = linkOffset(page.links.next);
    // Only forward: a link back to this page or before it would never end the loop.
    offset = next !== undefined && next > offset ? next : undefined;
  }
  return users;
}

/** A group a user is in, with the client it belongs to. */
export interface UserGroupMembership {
  id: string;
  label: string;
  clientId: string;
  /** Empty when the answer did not include the client. */
  clientName: string;
}

/** A user with their groups and roles, as far as the caller may see them. */
export interface UserWithGroups {
  user: ClientUserSummary;
  /** In the order of the user's `field_user_groups`. */
  groups: UserGroupMembership[];
  /** Global roles and the roles in the clients the caller sees, merged (the server does not say which is where). */
  roles: { id: string; label: string }[];
}

/**
 * `GET jsonapi/user/user/{id}?include=field_user_groups.client,roles`: the user with the groups
 * they are in (with each group's client) and their roles, read from `included`. Only what the
 * caller may see: groups of other clients are not there, and a user seen nowhere is a 404.
 */
export async function loadUserWithGroups(userId: string, signal?: AbortSignal): Promise<UserWithGroups> {
  const query = new URLSearchParams({ include: 'field_user_groups.client,roles' });
  const answer = await api.request<ApiSchemas['UserDocument']>(`/jsonapi/user/user/${enc(userId)}?${query.toString()}`, {
    signal,
    mediaType: JSON_API,
  });
  const included = answer.included ?? [];
  const find = (type: string, id: string) => included.find((resource) => resource.type === type && resource.id === id);
  const { relationships } = answer.data;
  const groups = relationships.field_user_groups.data.flatMap((ref) => {
    const group = find('user_group--user_group', ref.id);
    if (!group) return [];
    const clientId = group.relationships?.client.data.id ?? '';
    return [{ id: ref.id, label: group.attributes.label ?? '', clientId, clientName: find('client--client', clientId)?.attributes.name ?? '' }];
  });
  const roles = relationships.roles.data.map((ref) => ({ id: ref.id, label: find('user_role--user_role', ref.id)?.attributes.label ?? ref.id }));
  return { user: userSummary(answer.data), groups, roles };
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

// Credits, bundles, modules and orders (spec 002 section 7, "Credits, bundles, modules"; decision 022).

/** A bundle of the client's ledger: bought, or added by hand. */
export type CreditResource = ApiSchemas['CreditResource'];

/** `GET jsonapi/eform_credit/eform_credit?filter[client_id.id]=…`: the ledger, newest first ('view credit entities'). */
export async function loadCredits(clientId: string, signal?: AbortSignal): Promise<CreditResource[]> {
  const query = new URLSearchParams({ 'filter[client_id.id]': clientId });
  const list = await api.request<ApiSchemas['CreditList']>(`/jsonapi/eform_credit/eform_credit?${query.toString()}`, { signal, mediaType: JSON_API });
  return list.data;
}

/** The contact fields every buy form and the manual addition send (spec 002 section 5); the tax number too, empty when none. */
export type Contact = Required<ApiSchemas['ContactFields']>;

/** What an admin adds by hand (screen 10). */
export interface ManualCredits {
  name: string;
  contact: Contact;
  credits_total: number;
  /** `YYYY-MM-DD`, the last day they count; the server takes two years ahead without one. */
  credit_expire_date?: string;
}

/**
 * `POST jsonapi/eform_credit/eform_credit` ('admin add client credits'): the attributes with the
 * contact fields and their address in one line (`contact_address`, spec 002 section 7), the
 * client as relationship `client_id`. Held registrations are released by the server.
 */
export async function createCredit(clientId: string, credits: ManualCredits): Promise<CreditResource> {
  const { contact } = credits;
  const body = {
    data: {
      type: 'eform_credit--eform_credit',
      attributes: {
        name: credits.name,
        ...contact,
        contact_address: contactAddress(contact),
        credits_total: credits.credits_total,
        ...(credits.credit_expire_date ? { credit_expire_date: credits.credit_expire_date } : {}),
      },
      relationships: { client_id: { data: { type: 'client--client', id: clientId } } },
    },
  };
  const answer = await api.request<ApiSchemas['CreditDocument']>('/jsonapi/eform_credit/eform_credit', { method: 'POST', json: body, mediaType: JSON_API });
  return answer.data;
}

/** The address in one line, as the server writes `contact_address`: 'Straat 1, 1234 AB Plaats'. */
export function contactAddress(contact: Contact): string {
  return [contact.contact_street.trim(), `${contact.contact_postal_code.trim()} ${contact.contact_city.trim()}`.trim()]
    .filter((part) => part !== '')
    .join(', ');
}

/** A bundle on offer: prices in cents, exclusive of VAT. */
export type Bundle = ApiSchemas['BundleJson'];

/** `GET api/clients/{id}/credit-bundles`: the bundles on offer ('add client credits'). */
export function loadBundles(clientId: string, signal?: AbortSignal): Promise<Bundle[]> {
  return api.request<Bundle[]>(`/api/clients/${enc(clientId)}/credit-bundles`, { signal });
}

/** The answer to an order: the server's text and where the buyer goes on to (`checkout-url`). */
export type Ordered = ApiSchemas['Ordered'];

/** `POST api/clients/{id}/credit-buy`: the bundle, the contact fields and the ticked terms. */
export function buyCredits(clientId: string, bundle: string, contact: Contact): Promise<Ordered> {
  return api.request<Ordered>(`/api/clients/${enc(clientId)}/credit-buy`, { method: 'POST', json: { bundle, ...contact, terms: true } });
}

/** A module on offer, and whether the client holds it already. */
export type ModuleOffer = ApiSchemas['ModuleJson'];

/** `GET api/clients/{id}/modules` ('eform edit client'). */
export function loadModuleOffers(clientId: string, signal?: AbortSignal): Promise<ModuleOffer[]> {
  return api.request<ModuleOffer[]>(`/api/clients/${enc(clientId)}/modules`, { signal });
}

/** `POST api/clients/{id}/modules-buy`: `selected_module`, the contact fields and the ticked terms. */
export function buyModule(clientId: string, selected_module: string, contact: Contact): Promise<Ordered> {
  return api.request<Ordered>(`/api/clients/${enc(clientId)}/modules-buy`, { method: 'POST', json: { selected_module, ...contact, terms: true } });
}

/** `GET api/clients/{id}/purchases`: the client's orders, newest first ('view credit entities'). */
export function loadClientPurchases(clientId: string, signal?: AbortSignal): Promise<Purchase[]> {
  return api.request<Purchase[]>(`/api/clients/${enc(clientId)}/purchases`, { signal });
}
