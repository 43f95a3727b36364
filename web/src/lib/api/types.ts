/** Shapes of the server answers used by the app shell (spec 000 section 7, 002 section 7). */

export interface ClientSummary {
  id: string;
  uuid: string;
  name: string;
  terms_and_conditions_required?: boolean;
}

export interface LoginResponse {
  status: boolean;
  api_key?: string;
  id?: string;
  email?: string;
  clients?: ClientSummary[];
  message?: string;
}

export type NotificationType = 'info' | 'warning' | 'error' | 'success';

export interface ServerNotification {
  type: NotificationType;
  message: string;
}

export interface UserInfo {
  id: string;
  email: string;
  username: string;
  /** Global roles; `admin` holds every permission in every client. */
  roles: string[];
  clients: ClientSummary[];
  server_notification: ServerNotification | null;
  /** Name of the server's deployment environment, for the admins' environment banner. */
  environment?: string;
}

/** The user's roles and permissions within one client (`GET api/client/{id}/info`). */
export interface ClientAccess {
  roles: string[];
  permissions: string[];
}

export interface ClientDetails {
  id: string;
  uuid: string;
  name: string;
  modules: string[];
  field_credits: number;
  credits: number;
  registrations_count: number;
  terms_and_conditions_required: boolean;
}

export interface ErrorBody {
  message?: string;
  errors?: { detail: string; source?: { pointer?: string } }[];
}
