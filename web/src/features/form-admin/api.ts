/**
 * The form builder's admin calls (ops/decisions/010-form-builder-api.md), through the app's one
 * API client. Their shapes come from the API document (`lib/api/types.ts`).
 */
import { api } from '@/lib/api';
import type { AdminForm, ApiSchemas, Refine } from '@/lib/api/types';

export type { AdminForm };

const enc = encodeURIComponent;

/** A folder with all its forms (screen 5), or with none (folder management, folder selects). */
export type AdminFolder = ApiSchemas['FolderJson'];

/** One stored version of a form, newest first. */
export type Revision = ApiSchemas['RevisionEntry'];

/** A user of the client, marked when the form is given to them. */
export type FormUser = ApiSchemas['FormUser'];

/** A group of the client, marked when the form is given to it. */
export type FormGroup = ApiSchemas['FormGroup'];

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

/** Per Word file of the e-mail settings: whether the server has processed it. */
export type FormMetadata = Refine<ApiSchemas['Metadata'], { email_word_files_processed: Record<string, boolean> }>;

export function loadFormMetadata(formId: string): Promise<FormMetadata> {
  return api.request<FormMetadata>(`/api/form/${enc(formId)}/metadata`);
}
