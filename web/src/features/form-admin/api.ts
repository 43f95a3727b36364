/**
 * The form builder's admin calls (ops/decisions/010-form-builder-api.md), through the app's one
 * API client. Shapes follow that record exactly.
 */
import { api } from '@/lib/api';
import type { FillableForm } from '@/lib/api/types';

const enc = encodeURIComponent;

export interface AdminFormSummary {
  form_id: string;
  form_name: string;
  form_type: string;
  folder_id: string;
  /** Epoch ms; null while unpublished. */
  published_at: number | null;
  updated_at: number;
}

export interface AdminFolder {
  folder_id: string;
  folder_name: string;
  folder_hidden: boolean;
  /** Parent folder id; null at the top. */
  form_folder: string | null;
  children: AdminFolder[];
  forms: AdminFormSummary[];
}

export type FormAccessEntry = { user_id: string } | { group_id: string };

/** `GET api/form/{id}` as a manager sees it: the fill-in form plus the builder's parts. */
export interface AdminForm extends Omit<FillableForm, 'published_at' | 'updated_at'> {
  email_settings: unknown;
  webhook_integrations: unknown;
  /** '1' for workflow forms, null otherwise. */
  registration_phase: string | null;
  /** Username of the last editor. */
  user: string | null;
  users: FormAccessEntry[];
  published_at: number | null;
  updated_at: number | null;
}

export interface Revision {
  revision_id: string;
  updated_at: number;
  user: { username: string | null } | null;
}

export interface FormUser {
  user_id: string;
  email: string;
  username: string;
  assigned: boolean;
}

export interface FormGroup {
  group_id: string;
  name: string;
  assigned: boolean;
}

// Folders.

/** Every folder with all its forms (screen 5). */
export function loadFormTree(clientId: string): Promise<AdminFolder[]> {
  return api.request<AdminFolder[]>(`/api/client/${enc(clientId)}/folder`);
}

/** Every folder, forms left out: folder management and folder selects. */
export function loadFolderTree(clientId: string): Promise<AdminFolder[]> {
  return api.request<AdminFolder[]>(`/api/client/${enc(clientId)}/folder/admin`);
}

export function createFolder(
  clientId: string,
  body: { folder_name: string; form_folder: string | null; hidden: boolean },
): Promise<AdminFolder> {
  return api.request<AdminFolder>(`/api/client/${enc(clientId)}/folder`, { method: 'POST', json: body });
}

export function deleteFolder(clientId: string, folderId: string): Promise<unknown> {
  return api.request(`/api/client/${enc(clientId)}/folder/${enc(folderId)}`, { method: 'DELETE' });
}

export function setFolderHidden(folderId: string, hidden: boolean): Promise<AdminFolder> {
  return api.request<AdminFolder>(`/api/folder/${enc(folderId)}/set-hidden`, { method: 'PATCH', json: { hidden } });
}

export function renameFolder(folderId: string, folder_name: string): Promise<AdminFolder> {
  return api.request<AdminFolder>(`/api/folder/${enc(folderId)}/rename`, { method: 'PATCH', json: { folder_name } });
}

// Forms.

export function loadAdminForm(formId: string): Promise<AdminForm> {
  return api.request<AdminForm>(`/api/form/${enc(formId)}`);
}

export function createForm(body: {
  form_name: string;
  form_type: string;
  folder_id: string;
  client_id: string;
}): Promise<AdminForm> {
  // Spec 001 section 4: a new form starts with an empty schema.
  return api.request<AdminForm>('/api/form', { method: 'POST', json: { ...body, schema: [], rules: [], values: {} } });
}

/** Saves the whole form; the server stores a revision and answers the form as saved. */
export function saveForm(form: AdminForm): Promise<AdminForm> {
  return api.request<AdminForm>(`/api/form/${enc(form.form_id)}`, { method: 'PATCH', json: form });
}

export function deleteForm(formId: string): Promise<unknown> {
  return api.request(`/api/form/${enc(formId)}`, { method: 'DELETE' });
}

export function publishForm(formId: string, publish: boolean): Promise<AdminForm> {
  return api.request<AdminForm>(`/api/form/${enc(formId)}/${publish ? 'publish' : 'unpublish'}`, {
    method: 'POST',
    json: [formId],
  });
}

export function loadRevisions(formId: string): Promise<Revision[]> {
  return api.request<Revision[]>(`/api/form/${enc(formId)}/revisions`);
}

export function restoreRevision(formId: string, revisionId: string): Promise<AdminForm> {
  return api.request<AdminForm>(`/api/form/${enc(formId)}/revision-restore/${enc(revisionId)}`);
}

export function loadFormUsers(formId: string): Promise<FormUser[]> {
  return api.request<FormUser[]>(`/api/form/${enc(formId)}/get_users`);
}

export function setFormUser(formId: string, userId: string, assigned: boolean): Promise<AdminForm> {
  const action = assigned ? 'add_user' : 'remove_user';
  return api.request<AdminForm>(`/api/form/${enc(formId)}/${action}/${enc(userId)}`, { method: 'POST' });
}

export function loadFormGroups(formId: string): Promise<FormGroup[]> {
  return api.request<FormGroup[]>(`/api/form/${enc(formId)}/get_user_groups`);
}

export function setFormGroup(formId: string, groupId: string, assigned: boolean): Promise<AdminForm> {
  const action = assigned ? 'add_user_group' : 'remove_user_group';
  return api.request<AdminForm>(`/api/form/${enc(formId)}/${action}/${enc(groupId)}`, { method: 'POST' });
}

export function copyForm(formId: string, body: { client_id: string; folder_id: string }): Promise<AdminForm> {
  return api.request<AdminForm>(`/api/form/${enc(formId)}/copy`, { method: 'POST', json: body });
}

export interface FormMetadata {
  /** Per Word file of the e-mail settings: whether the server has processed it. */
  email_word_files_processed: Record<string, boolean>;
}

export function loadFormMetadata(formId: string): Promise<FormMetadata> {
  return api.request<FormMetadata>(`/api/form/${enc(formId)}/metadata`);
}
