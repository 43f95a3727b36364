import { api, ApiError } from '@/lib/api';
import type { AnonymousForm, JoinInvite, PublicClient as PublicClientDocument, StatusMessage } from '@/lib/api/types';
import { nl } from '@/messages/nl';

export interface PublicClient {
  uuid: string;
  name: string;
  /** HTML; sanitized where it is shown. */
  introText: string | null;
}

// Every call here is made signed out: a 401 or 403 is an answer, not a lost session.
const anonymous = { anonymous: true, handleAuthErrors: false } as const;
const enc = encodeURIComponent;

export async function loadPublicClient(uuid: string): Promise<PublicClient> {
  const answer = await api.request<PublicClientDocument>(`/jsonapi/client/client/${enc(uuid)}`, anonymous);
  const { attributes } = answer.data;
  return { uuid: answer.data.id, name: attributes.name, introText: attributes.user_register_intro_text?.value ?? null };
}

export function loadAnonymousForm(formId: string): Promise<AnonymousForm> {
  return api.request<AnonymousForm>(`/api/form/${enc(formId)}/anonymous`, anonymous);
}

export type MessageResult = { ok: true; message: string } | { ok: false; message: string };

/** The server's text for a refusal (an invalid link, too many attempts), else ours. */
function failureMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : nl.errors.unexpected;
}

/**
 * `POST api/user/register/`. The answer's text is shown on completion; it is the same for a new
 * address and for an existing account (which gets a mail to confirm joining instead), so the
 * page cannot be used to find out who has an account.
 */
export async function registerUser(email: string, clientUuid: string, formId: string | undefined): Promise<MessageResult> {
  try {
    const answer = await api.request<StatusMessage>('/api/user/register/', {
      method: 'POST',
      json: { email, client_uuid: clientUuid, ...(formId ? { form_id: formId } : {}) },
      ...anonymous,
    });
    return { ok: true, message: answer.message };
  } catch (error) {
    return { ok: false, message: failureMessage(error) };
  }
}

export type JoinLink = { ok: true; invite: JoinInvite } | { ok: false; message: string };

/** `GET api/user/join/{token}`: what the mailed link would do; a used or expired link is a 404 with its reason. */
export async function loadJoinInvite(token: string): Promise<JoinLink> {
  try {
    return { ok: true, invite: await api.request<JoinInvite>(`/api/user/join/${enc(token)}`, anonymous) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { ok: false, message: failureMessage(error) };
    throw error;
  }
}

/** `POST api/user/join`: the account holder confirms; the account joins the client. */
export async function confirmJoin(token: string): Promise<MessageResult> {
  try {
    const answer = await api.request<StatusMessage>('/api/user/join', { method: 'POST', json: { token }, ...anonymous });
    return { ok: true, message: answer.message };
  } catch (error) {
    return { ok: false, message: failureMessage(error) };
  }
}
