/**
 * The datasource screens' calls (spec 002 section 7, "Datasources"; decision 023), through the
 * app's one API client. Answer and body shapes come from the API document (`lib/api/types.ts`).
 */
import { api } from '@/lib/api';
import type { ApiSchemas, UploadedFile } from '@/lib/api/types';
import type { Batch } from '@/lib/batches';

export { failureTexts } from '@/lib/api/failure';

const enc = encodeURIComponent;

/** JSON:API calls send and ask for this media type (spec 002 section 7). */
const JSON_API = 'application/vnd.api+json';

/** The two kinds of datasource, as the routes and the server name them. */
export const DATASOURCE_KINDS = ['map_features', 'search'] as const;
export type DatasourceKind = (typeof DATASOURCE_KINDS)[number];

export function isDatasourceKind(value: string | undefined): value is DatasourceKind {
  return (DATASOURCE_KINDS as readonly string[]).includes(value ?? '');
}

/** The coordinate systems a map features file can be in (spec 002 section 5), in the spec's order. */
export const CRS_OPTIONS = ['EPSG:4326', 'EPSG:28992'] as const;

/** Spec 002 section 9: a datasource list asks for at most 300. */
export const DATASOURCE_PAGE_LIMIT = 300;

/** The paid module map features need (the paid-feature wall). */
export const MAP_MODULE = 'map_element';

/** A datasource as `jsonapi/eform_datasource/{type}` answers it. */
export type DatasourceResource = ApiSchemas['DatasourceResource'];

/** A refused row of the last import: its number in the file (the header is row 1) and why. */
export interface ImportError {
  row: number | string;
  reason: string;
}

/** The import errors as the server keeps them (up to 1,000), read defensively: the document types them as objects. */
export function importErrors(source: DatasourceResource): ImportError[] {
  return source.attributes.import_errors.flatMap((entry) => {
    const { row, reason } = entry as { row?: unknown; reason?: unknown };
    if (typeof reason !== 'string') return [];
    return [{ row: typeof row === 'number' || typeof row === 'string' ? row : '', reason }];
  });
}

/** The kind of a resource from its JSON:API type (`eform_datasource--search`). */
export function kindOf(source: DatasourceResource): DatasourceKind {
  return source.type === 'eform_datasource--map_features' ? 'map_features' : 'search';
}

/** `GET jsonapi/eform_datasource/{type}?filter[client_id.id]=…&page[limit]=300`: one kind, by name. */
export async function loadDatasources(kind: DatasourceKind, clientId: string, signal?: AbortSignal): Promise<DatasourceResource[]> {
  const query = new URLSearchParams({ 'filter[client_id.id]': clientId, 'page[limit]': String(DATASOURCE_PAGE_LIMIT) });
  const answer = await api.request<ApiSchemas['DatasourceList']>(`/jsonapi/eform_datasource/${kind}?${query.toString()}`, {
    signal,
    mediaType: JSON_API,
  });
  return answer.data;
}

/** `GET jsonapi/eform_datasource/{type}/{id}`. */
export async function loadDatasource(kind: DatasourceKind, id: string, signal?: AbortSignal): Promise<DatasourceResource> {
  const answer = await api.request<ApiSchemas['DatasourceDocument']>(`/jsonapi/eform_datasource/${kind}/${enc(id)}`, {
    signal,
    mediaType: JSON_API,
  });
  return answer.data;
}

/** What a create or edit answers: the datasource and the import it queued (none for an edit without a new file). */
export interface SavedDatasource {
  data: DatasourceResource;
  batch: Batch | null;
}

interface SaveAnswer {
  data: DatasourceResource;
  meta?: { batch?: Batch | null };
}

export interface DatasourceInput {
  name: string;
  /** Map features only. */
  crs?: string;
  /** The uploaded file (`fid`); an edit without a new file leaves it out. */
  fileId?: string;
}

function body(kind: DatasourceKind, input: DatasourceInput, relationships: ApiSchemas['DatasourceBodyRelationships'], id?: string) {
  const attributes: ApiSchemas['DatasourceBodyAttributes'] = { name: input.name };
  if (kind === 'map_features') attributes.field_crs = input.crs ?? null;
  if (input.fileId) relationships.file = { data: { type: 'file--file', id: input.fileId } };
  const data: ApiSchemas['DatasourceBodyData'] = { type: `eform_datasource--${kind}`, attributes, relationships };
  if (id !== undefined) data.id = id;
  return { data };
}

/**
 * `POST jsonapi/eform_datasource/{type}`: a new datasource of the client from an uploaded file;
 * its import is queued at once. A 409 (map features without the map module) and 422 (a value
 * that cannot be saved) reject with the server's texts.
 */
export async function createDatasource(kind: DatasourceKind, clientId: string, input: DatasourceInput): Promise<SavedDatasource> {
  const answer = await api.request<SaveAnswer>(`/jsonapi/eform_datasource/${kind}`, {
    method: 'POST',
    mediaType: JSON_API,
    json: body(kind, input, { client_id: { data: { type: 'client--client', id: clientId } } }),
  });
  return { data: answer.data, batch: answer.meta?.batch ?? null };
}

/** `PATCH jsonapi/eform_datasource/{type}/{id}`: name, coordinate system and a new file (which re-imports every item). */
export async function updateDatasource(kind: DatasourceKind, id: string, input: DatasourceInput): Promise<SavedDatasource> {
  const answer = await api.request<SaveAnswer>(`/jsonapi/eform_datasource/${kind}/${enc(id)}`, {
    method: 'PATCH',
    mediaType: JSON_API,
    json: body(kind, input, {}, id),
  });
  return { data: answer.data, batch: answer.meta?.batch ?? null };
}

/** `DELETE jsonapi/eform_datasource/{type}/{id}`: the datasource and its items. */
export async function deleteDatasource(kind: DatasourceKind, id: string): Promise<void> {
  await api.request(`/jsonapi/eform_datasource/${kind}/${enc(id)}`, { method: 'DELETE', mediaType: JSON_API });
}

export interface UploadOptions {
  signal?: AbortSignal;
  onUploadProgress?(loaded: number, total: number): void;
}

/**
 * `POST /api/file-upload/datasource_source?client_id=…`, multipart `file` (over XHR for the
 * progress). The client goes in the query string: the server authorises the upload before it
 * reads the body. A file that is neither CSV nor Excel is refused with the spec's text (422).
 */
export function uploadDatasourceFile(clientId: string, file: File, { signal, onUploadProgress }: UploadOptions = {}): Promise<UploadedFile> {
  const formData = new FormData();
  formData.append('file', file, file.name);
  return api.upload<UploadedFile>(`/api/file-upload/datasource_source?${new URLSearchParams({ client_id: clientId })}`, {
    formData,
    signal,
    onUploadProgress,
  });
}

/** The source file's bytes (`file_url`, served only with the api-key). */
export function loadSourceFile(url: string): Promise<Blob> {
  return api.requestBlob(url);
}

/** An export being made: its batch, and the link (with a token) that fetches the CSV once done. */
export type DatasourceExport = ApiSchemas['ExportStarted'];

/**
 * `GET api/datasource/{id}/export`: starts an export of the datasource's items as a batch (or
 * answers the one this user has running); followed through `api/batch/process/{batchName}`.
 */
export function startDatasourceExport(id: string): Promise<DatasourceExport> {
  return api.request<DatasourceExport>(`/api/datasource/${enc(id)}/export`);
}

/** `DELETE api/datasource/{id}/export/{batchName}`: stops an export that is not done. */
export async function stopDatasourceExport(id: string, batchName: string): Promise<void> {
  await api.request(`/api/datasource/${enc(id)}/export/${enc(batchName)}`, { method: 'DELETE' });
}
