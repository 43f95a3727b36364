/**
 * Saving the E-mails and Integraties tabs: `PATCH api/form/{id}` with only the part the tab
 * edits (decision 010: a part sent is a part changed, each with its own permission), so a save
 * here never overwrites what another tab changed meanwhile.
 */
import { api, ApiError } from '@/lib/api';
import type { AdminForm, UploadedFile } from '@/lib/api/types';
import { serverProblems, type NotificationPart, type Problems } from './problems';

export type { AdminForm };

/** What a tab's route action answers its page. */
export type SaveResult =
  | { status: 'saved'; form: AdminForm }
  /** 422: problems at their paths in the list, the rest as lines. */
  | { status: 'invalid'; problems: Problems; other: string[] }
  /** Anything else; `quiet` when the app already reacted (403: message and dashboard). */
  | { status: 'failed'; quiet: boolean };

export async function savePart(formId: string, part: NotificationPart, value: unknown): Promise<SaveResult> {
  try {
    const form = await api.request<AdminForm>(`/api/form/${encodeURIComponent(formId)}`, {
      method: 'PATCH',
      json: { [part]: value },
    });
    return { status: 'saved', form };
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) {
      const { problems, other } = serverProblems(part, error.details);
      return { status: 'invalid', problems, other };
    }
    if (!(error instanceof ApiError)) console.warn(`saving ${part} failed`, error);
    return { status: 'failed', quiet: error instanceof ApiError && (error.status === 403 || error.status === 401) };
  }
}

/** The action of a tab: the page submits `{ [part]: list }` as JSON. */
export async function savePartAction(request: Request, formId: string | undefined, part: NotificationPart): Promise<SaveResult> {
  const body = (await request.json()) as Record<string, unknown> | null;
  return savePart(formId ?? '', part, body?.[part] ?? []);
}

/**
 * `POST /api/file-upload/email-word?client_id=...`, multipart `file`: a .docx template for an
 * e-mail's Word attachment. The client goes in the query string, as for the editor's uploads:
 * the server authorises the upload before it reads the body.
 */
export function uploadWordTemplate(
  clientId: string,
  file: File,
  options: { signal?: AbortSignal; onUploadProgress?(loaded: number, total: number): void } = {},
): Promise<UploadedFile> {
  const formData = new FormData();
  formData.append('file', file, file.name);
  return api.upload<UploadedFile>(`/api/file-upload/email-word?${new URLSearchParams({ client_id: clientId })}`, { formData, ...options });
}

/**
 * `GET /api/process-word-file/{form_id}/{file_id}`: queues the processing of an uploaded
 * template; the form's metadata says when it is done (the form shell shows the banner meanwhile).
 */
export function processWordFile(formId: string, fileId: string): Promise<unknown> {
  return api.request(`/api/process-word-file/${encodeURIComponent(formId)}/${encodeURIComponent(fileId)}`);
}
