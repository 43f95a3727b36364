/**
 * The form builder's calls (ops/decisions/010): the whole admin form, favourites and the
 * editor's uploads. The rules editor loads and saves through these too.
 */
import { api, ApiError } from '@/lib/api';
import type { AdminForm, UploadedFile } from '@/lib/api/types';
import type { FormElement } from '@/lib/form-logic';

export type { AdminForm };

export interface FavouriteElement {
  uuid: string;
  favoriteName: string;
  element: FormElement;
}

const enc = encodeURIComponent;

export function loadAdminForm(formId: string, signal?: AbortSignal): Promise<AdminForm> {
  return api.request<AdminForm>(`/api/form/${enc(formId)}`, { signal });
}

/** PATCH with the whole form (decision 010); the answer is the stored form. */
export function saveAdminForm(form: AdminForm): Promise<AdminForm> {
  return api.request<AdminForm>(`/api/form/${enc(form.form_id)}`, { method: 'PATCH', json: form });
}

export function loadFavourites(clientId: string): Promise<FavouriteElement[]> {
  return api.request<FavouriteElement[]>(`/api/client/${enc(clientId)}/favorite-elements`);
}

export function addFavourite(clientId: string, favoriteName: string, element: FormElement): Promise<FavouriteElement> {
  return api.request<FavouriteElement>(`/api/client/${enc(clientId)}/favorite-elements`, {
    method: 'POST',
    json: { favoriteName, element },
  });
}

export function removeFavourite(clientId: string, uuid: string): Promise<unknown> {
  return api.request(`/api/client/${enc(clientId)}/favorite-elements/${enc(uuid)}`, { method: 'DELETE' });
}

/**
 * `POST /api/file-upload/imagetag` or `/static-file?client_id=...`, multipart `file`. The client
 * goes in the query string: the server authorises the upload before it reads the body.
 */
export function uploadEditorFile(kind: 'imageTag' | 'staticFile', clientId: string, file: File): Promise<UploadedFile> {
  const formData = new FormData();
  formData.append('file', file, file.name);
  const path = kind === 'imageTag' ? '/api/file-upload/imagetag' : '/api/file-upload/static-file';
  return api.upload<UploadedFile>(`${path}?${new URLSearchParams({ client_id: clientId })}`, { formData });
}

/** The server's 422 details as lines to show ('pointer: detail'), or its message. */
export function errorLines(error: unknown): string[] {
  if (!(error instanceof ApiError)) return [];
  const details = error.details.map((detail) =>
    detail.source?.pointer ? `${detail.source.pointer}: ${detail.detail}` : detail.detail,
  );
  return details.length > 0 ? details : error.serverMessage ? [error.serverMessage] : [];
}


export interface DatasourceSummary {
  id: string;
  name: string;
}

/** `GET api/datasource/list/{map_features|search}/{client}`. */
export function loadDatasources(kind: 'map_features' | 'search', clientId: string): Promise<DatasourceSummary[]> {
  return api.request<DatasourceSummary[]>(`/api/datasource/list/${kind}/${enc(clientId)}`);
}

/** `GET api/forms/published/{client}`: the forms a linkedForm element can open. */
export function loadPublishedForms(clientId: string): Promise<{ value: string; label: string }[]> {
  return api
    .request<{ form: { form_id: string; form_name: string } }[]>(`/api/forms/published/${enc(clientId)}`)
    .then((list) => list.map(({ form }) => ({ value: form.form_id, label: form.form_name })));
}
