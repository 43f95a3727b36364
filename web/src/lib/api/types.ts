/**
 * Shapes of the server's answers, derived from its OpenAPI document. `openapi.json` is the
 * document as the server generates it from its code (`eform openapi`); `schema.d.ts` is made
 * from it by `npm run api-types`, and tests fail when either is stale. So a change of an answer
 * on the server shows up here as a type error rather than in production.
 *
 * Where the document can only say "a JSON object" (a form's elements, values, rules and
 * settings; they are edited by the form builder, not typed by the server), the web app's own
 * types take their place: those are the only parts written by hand.
 */
import type { FormElement, FormValues, Rule } from '@/lib/form-logic';
import type { components } from './schema';

/** Every schema of the API document, by its name there. */
export type ApiSchemas = components['schemas'];

/**
 * `T` with the fields of `R` put in their place. The document types free-form JSON as
 * `Record<string, unknown>`, which a plain intersection cannot narrow to an interface such as
 * `FormElement` (interfaces have no index signature), so the field is replaced instead.
 */
export type Refine<T, R> = Omit<T, keyof R> & R;

/** A client as user info and login list it (with whether its terms still wait for this user). */
export type ClientSummary = ApiSchemas['ClientEntry'];

/** `POST api/user/login` (a refusal is an ErrorBody with status 401). */
export type LoginResponse = ApiSchemas['LoginAnswer'];

/** The document names these four in words; the shell shows them as alert severities. */
export type NotificationType = 'info' | 'warning' | 'error' | 'success';

export type ServerNotification = Refine<ApiSchemas['Notification'], { type: NotificationType }>;

export type UserInfo = Refine<ApiSchemas['UserInfo'], { server_notification?: ServerNotification | null }>;

/** The user's roles and permissions within one client (`GET api/client/{id}/info`). */
export type ClientAccess = ApiSchemas['ClientAccess'];

/** `GET api/client/{id}`: credits and modules. */
export type ClientDetails = ApiSchemas['ClientDetails'];

/** The one error shape of the API; `code` is `terms_required` on a client whose terms wait. */
export type ErrorBody = ApiSchemas['ErrorBody'];

/** `{"status": true, "message": ...}`: a done call with a Dutch text to show. */
export type StatusMessage = ApiSchemas['StatusMessage'];

// Fill-in side (spec 000 sections 3 and 7).

/** One entry of a form's `settings.searchable_fields`: an element path and its column label. */
export interface SearchableField {
  value: string;
  label: string;
}

/** What the web app reads of a form's free-form `settings` (spec 000 section 3). */
export interface FormSettings {
  search_enabled?: boolean;
  searchable_fields?: SearchableField[];
  guestAccess?: boolean;
  guestID?: string;
  /** Admins only (spec 000 section 6): every mail of the form goes to the developer address alone. */
  email_developer_mode?: boolean;
  email_developer_address?: string;
  [extra: string]: unknown;
}

/** A form as it is filled in (`GET api/form/{id}` and `GET api/guest/form/{guestId}`). */
export type FillableForm = Refine<
  ApiSchemas['FormJson'],
  {
    schema: FormElement[];
    /** Default values of the form builder. */
    values: FormValues;
    rules: Rule[];
    settings: FormSettings;
    form_settings: { form_complete_action?: string; [extra: string]: unknown };
  }
>;

/**
 * `GET api/form/{id}` as a form manager gets it: the same shape with the parts the document marks
 * 'admin shape' present (e-mail settings, integrations, users, ...). The builder saves it whole
 * (PATCH), so those parts go back unchanged.
 */
export type AdminForm = FillableForm;

export type FolderForm = ApiSchemas['FormSummary'];

/** One folder of `GET api/client/{id}/folder/user`, already pruned to what the user may fill in. */
export type FolderNode = ApiSchemas['FolderJson'];

/** The document names these three in words. */
export type RegistrationStatus = 'completed' | 'hold' | 'draft';

/** A registration as the server answers it (send, my registrations, one registration). */
export type Registration = Refine<
  ApiSchemas['RegistrationJson'],
  { schema: FormElement[]; values: FormValues; registration_status: RegistrationStatus }
>;

/** A user a workflow transition may hand a registration to. */
export type AssignedUser = ApiSchemas['AssignedUser'];

export type MyRegistrationsPage = Refine<ApiSchemas['MyRegistrationsPage'], { registrations: Registration[] }>;

/** One hit of a record search: serial, date, summary and the searchable fields as text, nothing more. */
export type SearchHit = ApiSchemas['SearchHit'];

/** `GET api/form/{id}/registrations/search` and its guest twin. */
export type SearchAnswer = ApiSchemas['SearchAnswer'];

/** The answer of `api/file-upload/form(-hd)`, stored as the element's value entry. */
export type UploadedFile = ApiSchemas['UploadedFile'];

// Public pages.

/** `GET jsonapi/client/client/{uuid}`: name and intro text for self-registration. */
export type PublicClient = ApiSchemas['ClientDocument'];

/** `GET api/form/{id}/anonymous`: which client a registration link's form belongs to. */
export type AnonymousForm = ApiSchemas['AnonymousForm'];

/** `GET api/user/join/{token}`: what a mailed confirmation link would do. */
export type JoinInvite = ApiSchemas['JoinInvite'];
