import { api, ApiError } from '@/lib/api';
import { nl } from '@/messages/nl';

interface JsonApiClient {
  data: {
    type: string;
    id: string;
    attributes: { name: string; user_register_intro_text: { value: string; format?: string } | null };
  };
}

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
  const answer = await api.request<JsonApiClient>(`/jsonapi/client/client/${enc(uuid)}`, anonymous);
  const { attributes } = answer.data;
  return { uuid: answer.data.id, name: attributes.name, introText: attributes.user_register_intro_text?.value ?? null };
}

export function loadAnonymousForm(formId: string): Promise<{ client_uuid: string; form_id: string; form_name: string }> {
  return api.request(`/api/form/${enc(formId)}/anonymous`, anonymous);
}

export type RegisterResult = { ok: true; message: string } | { ok: false; message: string };

export async function registerUser(email: string, clientUuid: string, formId: string | undefined): Promise<RegisterResult> {
  try {
    const answer = await api.request<{ message?: string }>('/api/user/register/', {
      method: 'POST',
      json: { email, client_uuid: clientUuid, ...(formId ? { form_id: formId } : {}) },
      ...anonymous,
    });
    return { ok: true, message: answer?.message ?? '' };
  } catch (error) {
    return { ok: false, message: error instanceof ApiError ? error.message : nl.errors.unexpected };
  }
}
