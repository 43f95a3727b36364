import { api } from '@/lib/api';
import type { MyRegistrationsPage, Registration } from '@/lib/api/types';

/** The server's page size of `api/my-registrations`. */
export const SERVER_PAGE_SIZE = 50;

export function loadMyRegistrations(page: number, signal?: AbortSignal): Promise<MyRegistrationsPage> {
  return api.request<MyRegistrationsPage>(`/api/my-registrations?page=${page}`, { signal });
}

/**
 * `GET api/form/{form_id}/registrations/{registration_id}` (spec 000 section 7): one registration,
 * for its sender or a manager of the form's registrations; others get a 403, unknown ones a 404.
 */
export function loadRegistration(formId: string, registrationId: string, signal?: AbortSignal): Promise<Registration> {
  return api.request<Registration>(`/api/form/${encodeURIComponent(formId)}/registrations/${encodeURIComponent(registrationId)}`, { signal });
}

/** The server pages (0-based) that hold rows [page * size, (page + 1) * size); size -1 is all. */
export function serverPagesFor(page: number, size: number, total: number): number[] {
  if (total <= 0) return [0];
  const first = size === -1 ? 0 : Math.floor((page * size) / SERVER_PAGE_SIZE);
  const lastRow = size === -1 ? total - 1 : Math.min((page + 1) * size, total) - 1;
  const last = Math.floor(Math.max(lastRow, 0) / SERVER_PAGE_SIZE);
  return Array.from({ length: Math.max(last - first + 1, 1) }, (_, index) => first + index);
}
