import { api } from '@/lib/api';
import type { AdminForm, ApiSchemas, Refine, Registration } from '@/lib/api/types';
import type { FormValues } from '@/lib/form-logic';

const enc = encodeURIComponent;

/** One row of the list: what the table shows, values included, no schema. */
export type RegistrationRow = Refine<ApiSchemas['RegistrationRow'], { values: FormValues }>;

export type RegistrationsPage = Refine<ApiSchemas['RegistrationsPage'], { registrations: RegistrationRow[] }>;

/** A download on the job queue (spec 001 section 3 'Download queue'), and where it stands. */
export type DownloadQueue = ApiSchemas['DownloadQueue'];

export type ExportKind = 'csv' | 'csv-with-attachments';

const registrations = (formId: string) => `/api/form/${enc(formId)}/registrations`;

export function loadRegistrations(formId: string, query: string, signal?: AbortSignal): Promise<RegistrationsPage> {
  return api.request<RegistrationsPage>(`${registrations(formId)}?${query}`, { signal });
}

/** One registration in the admin shape (trash, hook statuses, workflow moves). */
export function loadRegistration(formId: string, registrationId: string, signal?: AbortSignal): Promise<Registration> {
  return api.request<Registration>(`${registrations(formId)}/${enc(registrationId)}`, { signal });
}

/** `GET .../download-emails`: where the zip of what the registration's e-mails carried is. */
export function emailsDownload(formId: string, registrationId: string): Promise<{ status: string; url: string }> {
  return api.request(`${registrations(formId)}/${enc(registrationId)}/download-emails`);
}

/**
 * The zip behind the address download-emails gave. The server hands it out with the same
 * sign-in (the api-key header), which a plain link cannot send, so it is fetched here.
 */
export function fetchEmailsZip(url: string): Promise<Blob> {
  return api.requestBlob(url);
}

/** Trash, untrash or resend: each answers `{status: 'success'}`. */
export function registrationAction(formId: string, registrationId: string, action: 'trash' | 'untrash' | 'resend'): Promise<unknown> {
  return api.request(`${registrations(formId)}/${enc(registrationId)}/${action}`);
}

export function startDownload(formId: string, kind: ExportKind, query: string): Promise<DownloadQueue> {
  return api.request<DownloadQueue>(`${registrations(formId)}/queue/download/${kind}?${query}`);
}

export function downloadProgress(formId: string, queueId: string): Promise<DownloadQueue> {
  return api.request<DownloadQueue>(`${registrations(formId)}/queue/progress/${enc(queueId)}`);
}

export function cancelDownload(formId: string, queueId: string): Promise<unknown> {
  return api.request(`${registrations(formId)}/queue/${enc(queueId)}`, { method: 'DELETE' });
}

/** Saves the weekly or monthly mail setting alone (it needs only its own permission). */
export function savePeriodicMail(formId: string, setting: PeriodicMailSetting): Promise<AdminForm> {
  return api.request(`/api/form/${enc(formId)}`, { method: 'PATCH', json: { settings: { weeklyRegistrationMail: setting } } });
}

/** `settings.weeklyRegistrationMail` (spec 001 section 3). */
export interface PeriodicMailSetting {
  enabled: boolean;
  period: 'weekly' | 'monthly';
  /** 1 (Monday) to 7 (Sunday). */
  day: number;
  recipients: { email: string }[];
}
