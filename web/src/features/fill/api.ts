import { api, ApiError, isUnreachableError, NetworkError, uploadRefusal } from '@/lib/api';
import type { ApiSchemas, AssignedUser, ClientDetails, FillableForm, FolderNode, Registration, SearchAnswer, SearchHit, UploadedFile } from '@/lib/api/types';
import type { FormValues } from '@/lib/form-logic';
import { cachedDatasource, cachedFolderTree, cachedForm } from '@/lib/offline/offline-cache';
import { nl } from '@/messages/nl';
import { toSearchItems, type SearchItem } from './search-items';

/** Who sends: a signed-in user of a client, or a guest through a form's guest id. */
export type SendTarget = { kind: 'user'; clientId: string } | { kind: 'guest'; guestId: string };

const enc = encodeURIComponent;

/** Calls through a guest link: signed out, so a 401 or 403 is an answer, not a lost session. */
const AS_GUEST = { anonymous: true, handleAuthErrors: false } as const;

/** The user's folder tree; without an answer from the server, the copy last loaded on this device. */
export function loadFolders(clientId: string): Promise<FolderNode[]> {
  return cachedFolderTree(clientId, () => api.request<FolderNode[]>(`/api/client/${enc(clientId)}/folder/user`));
}

/** A form to fill in; without an answer from the server, the copy kept when it was last opened. */
export function loadForm(formId: string): Promise<FillableForm> {
  return cachedForm(formId, () => api.request<FillableForm>(`/api/form/${enc(formId)}`));
}

/** Search lists asked for and not answered yet, so elements on one datasource share one request. */
const pendingSearchLists = new Map<string, Promise<SearchItem[]>>();

/**
 * `GET api/datasource/{id}?format=search`: a search datasource's whole list, fetched once and
 * matched on the device. Without an answer from the server: the service worker's copy, else the
 * device's copy of at most 7 days (spec 000 section 9), else the request's error.
 */
export function loadSearchItems(datasourceId: string): Promise<SearchItem[]> {
  const pending = pendingSearchLists.get(datasourceId);
  if (pending) return pending;
  const request = cachedDatasource(datasourceId, () => api.request<unknown>(`/api/datasource/${enc(datasourceId)}?format=search`))
    .then(toSearchItems)
    .finally(() => pendingSearchLists.delete(datasourceId));
  pendingSearchLists.set(datasourceId, request);
  return request;
}

/** `GET api/form/{id}/assigned-users`: who may fill the form in (workflow transitions hand to them). */
export function loadAssignedUsers(formId: string): Promise<AssignedUser[]> {
  return api.request<AssignedUser[]>(`/api/form/${enc(formId)}/assigned-users`);
}

/** One row of `GET api/assigned-registrations` (spec 000 screen 9). */
export type AssignedRow = ApiSchemas['AssignedRow'];

/** The workflow registrations waiting for the signed-in user, in every client. */
export async function loadAssignedRegistrations(): Promise<AssignedRow[]> {
  const answer = await api.request<ApiSchemas['AssignedList']>('/api/assigned-registrations');
  return answer.registrations;
}

/** `GET api/assigned-registration/{id}`: a workflow registration waiting for this user. */
export function loadAssignedRegistration(registrationId: string): Promise<Registration> {
  return api.request<Registration>(`/api/assigned-registration/${enc(registrationId)}`);
}

export function loadGuestForm(guestId: string): Promise<FillableForm> {
  return api.request<FillableForm>(`/api/guest/form/${enc(guestId)}`, AS_GUEST);
}

/**
 * Credits of the form's client, for the out-of-credits warning. A refusal only means no warning:
 * it must not send the user to the dashboard like a 403 elsewhere does.
 */
export function loadClientCredits(clientId: string): Promise<number> {
  return api
    .request<ClientDetails>(`/api/client/${enc(clientId)}`, { handleAuthErrors: false })
    .then((client) => client.credits);
}

/**
 * Record search (spec 000 screens 11 and 17): `field` is an element path ('a.b'), sent with ':'
 * for '.' as the server wants. Signed-in users search through the form, guests through its guest
 * link, signed out. Either way the server answers only the searchable fields and the summary.
 */
export async function searchRegistrations(target: SendTarget, formId: string, field: string, term: string): Promise<SearchHit[]> {
  const query = new URLSearchParams({ [field.replaceAll('.', ':')]: term });
  const form = target.kind === 'user' ? `/api/form/${enc(formId)}` : `/api/guest/form/${enc(target.guestId)}`;
  const answer = await api.request<SearchAnswer>(`${form}/registrations/search?${query}`, target.kind === 'guest' ? AS_GUEST : {});
  return answer.registrations;
}

export type SendProgress =
  /** Files kept on the device go first (decision 014). */
  | { phase: 'files'; number: number; total: number; percent: number }
  | { phase: 'sending'; percent: number }
  | { phase: 'server-processing' };

export type SendOutcome =
  /** Stored (201), or an identical resend of the same fill token (200: the original). */
  | { kind: 'sent'; registration: Registration }
  /**
   * 409: this fill token was used for different data (the caller takes a new token); for a
   * workflow registration sent on, also: it moved on meanwhile (the server's message says so).
   */
  | { kind: 'duplicate'; message?: string }
  /** 422 with field errors, keyed like the form's errors ('name' or 'subform.N.name'). */
  | { kind: 'invalid'; fieldErrors: Record<string, string> }
  | { kind: 'failed'; message: string };

export interface SendPayload {
  form_id: string;
  client_id: string;
  fill_token: string;
  values: FormValues;
  /** A workflow registration sent on in its current phase. */
  registration_id?: string;
}

/**
 * Sends a registration. The only way a registration leaves the device, so offline saving and
 * sync (a later issue) hook in here. The same fill token makes a retry of the same data safe.
 */
export async function sendRegistration(
  target: SendTarget,
  payload: SendPayload,
  onProgress: (progress: SendProgress) => void,
): Promise<SendOutcome> {
  const path = target.kind === 'user' ? '/api/registration/' : `/api/guest/form/${enc(target.guestId)}`;
  onProgress({ phase: 'sending', percent: 0 });
  try {
    const registration = await api.upload<Registration>(path, {
      json: payload,
      anonymous: target.kind === 'guest',
      onUploadProgress(loaded, total) {
        if (total > 0 && loaded >= total) onProgress({ phase: 'server-processing' });
        else onProgress({ phase: 'sending', percent: total > 0 ? Math.floor((loaded / total) * 100) : 0 });
      },
    });
    return { kind: 'sent', registration };
  } catch (error) {
    if (!(error instanceof ApiError)) {
      if (!(error instanceof NetworkError)) console.error('sending the registration failed', error);
      return { kind: 'failed', message: nl.fill.sendFailed };
    }
    if (error.status === 409) return { kind: 'duplicate', message: error.serverMessage };
    const fieldErrors = fieldErrorsOf(error);
    if (error.status === 422 && Object.keys(fieldErrors).length > 0) return { kind: 'invalid', fieldErrors };
    return { kind: 'failed', message: error.serverMessage ?? nl.fill.sendFailed };
  }
}

/** '/values/name' -> 'name'; '/values/subform/2/name' -> 'subform.2.name'. */
export function fieldErrorsOf(error: ApiError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const detail of error.details) {
    const pointer = detail.source?.pointer;
    if (!pointer?.startsWith('/values/')) continue;
    const key = pointer.slice('/values/'.length).split('/').map(unescapePointer).join('.');
    errors[key] ??= detail.detail;
  }
  return errors;
}

// JSON pointer escapes (RFC 6901).
function unescapePointer(segment: string): string {
  return segment.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** Spec 000 section 5: each file at most 20 MB. */
export const MAX_FILE_SIZE = 20_971_520;

/** An upload that failed, with the Dutch text to show at the file. */
export class UploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadError';
  }
}

/** The text of an upload that failed for no reason the server gave: an image's offers saving it instead (spec 000 section 8). */
export function uploadFailure(filename: string, image: boolean): string {
  return image ? nl.elements.imageUploadFailed : nl.elements.uploadFailed(filename);
}

export interface UploadOptions {
  /** Elements with hdImages upload to the HD endpoint. */
  hd: boolean;
  /** Image elements: the server accepts only images. */
  image: boolean;
  signal?: AbortSignal;
  /** The file's SHA-256: the server checks it, and answers its earlier copy instead of a second one. */
  sha256?: string;
  onProgress(percent: number): void;
}

function targetQuery(target: SendTarget): URLSearchParams {
  return new URLSearchParams(target.kind === 'user' ? { client_id: target.clientId } : { guest_id: target.guestId });
}

/**
 * Uploads one file for a form element; its answer is the element's value entry. Where the file
 * goes (client or guest form) and whether it must be an image travel in the query string: the
 * server decides on them before it reads a byte of the body.
 */
export async function uploadFile(target: SendTarget, file: Blob, filename: string, options: UploadOptions): Promise<UploadedFile> {
  if (file.size > MAX_FILE_SIZE) throw new UploadError(nl.elements.fileTooLarge);
  const query = targetQuery(target);
  if (options.image) query.set('kind', 'image');
  if (options.sha256) query.set('sha256', options.sha256);
  const formData = new FormData();
  formData.append('file', file, filename);
  try {
    return await api.upload<UploadedFile>(`${options.hd ? '/api/file-upload/form-hd' : '/api/file-upload/form'}?${query}`, {
      formData,
      anonymous: target.kind === 'guest',
      signal: options.signal,
      onUploadProgress: (loaded, total) => options.onProgress(total > 0 ? Math.floor((loaded / total) * 100) : 0),
    });
  } catch (error) {
    // Aborted, or no answer: the caller decides (a signed-in user keeps the file on the device).
    if (options.signal?.aborted || isUnreachableError(error)) throw error;
    throw new UploadError(uploadRefusal(error) ?? uploadFailure(filename, options.image));
  }
}

/**
 * The file with these bytes this uploader sent before, if the server has it (decision 014): a
 * file kept on the device is never uploaded twice, whatever happened to an earlier attempt.
 */
export async function findUploadedFile(target: SendTarget, sha256: string): Promise<UploadedFile | null> {
  try {
    return await api.request<UploadedFile>(`/api/file-upload/by-hash/${enc(sha256)}?${targetQuery(target)}`, target.kind === 'guest' ? AS_GUEST : {});
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
