/** Shapes of the server answers used by the app shell (spec 000 section 7, 002 section 7). */
import type { FormElement, FormValues, Rule } from '@/lib/form-logic';

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

// Fill-in side (spec 000 sections 3 and 7).

export interface SearchableField {
  value: string;
  label: string;
}

/** A form as it is filled in (`GET api/form/{id}` and `GET api/guest/form/{guestId}`). */
export interface FillableForm {
  form_id: string;
  form_guest_id: string | null;
  form_name: string;
  form_type: string;
  folder_id: string | null;
  client_id: string;
  client_uuid: string;
  schema: FormElement[];
  /** Default values of the form builder. */
  values: FormValues | null;
  rules: Rule[] | null;
  settings: {
    search_enabled?: boolean;
    searchable_fields?: SearchableField[];
    guestAccess?: boolean;
    guestID?: string;
    [extra: string]: unknown;
  } | null;
  form_settings: { form_complete_action?: string; [extra: string]: unknown } | null;
  form_summary: string | null;
  registrationNameToken?: string | null;
  /** Epoch ms (decision 010). */
  published_at?: number | null;
  /** Epoch ms (decision 010). */
  updated_at?: number | null;
}

export interface FolderForm {
  form_id: string;
  form_name: string;
  form_type: string;
}

/** One folder of `GET api/client/{id}/folder/user`, already pruned to what the user may fill in. */
export interface FolderNode {
  folder_id: string;
  folder_name: string;
  folder_hidden: boolean;
  children: FolderNode[];
  forms: FolderForm[];
}

/** A registration as the server answers it (send, my registrations, search). */
export interface Registration {
  _id: string;
  form_id: string;
  form_name: string;
  form_type: string;
  /** Sanitized HTML. */
  form_summary: string | null;
  registration_name: string | null;
  /** RFC 3339, UTC. */
  registration_date: string;
  /** A number per client, assigned when the registration is stored. */
  registration_serial_number: number;
  registration_user_id: { username: string | null } | null;
  registration_phase: string | null;
  registration_status: 'completed' | 'hold' | 'draft';
  registration_updated_at: string;
  schema: FormElement[];
  values: FormValues;
  fill_token: string | null;
  /** Only in `api/my-registrations`, which spans every client of the user. */
  client_id?: string;
}

export interface MyRegistrationsPage {
  registrations: Registration[];
  pages_count: number;
  registrations_count: number;
}

/** The answer of `api/file-upload/form(-hd)`, stored as the element's value entry. */
export interface UploadedFile {
  fid: string;
  url: string;
  filename: string;
  filemime: string;
  filesize: number;
}
