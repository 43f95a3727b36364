import { api, ApiError } from '@/lib/api';
import { nl } from '@/messages/nl';

export type MessageResult = { ok: boolean; message: string };

// Both calls work signed out: no api-key, and their 4xx answers are shown on the form.
const anonymous = { method: 'POST', anonymous: true, handleAuthErrors: false } as const;

/** The server always answers with the same neutral message, whether the address exists or not. */
export async function requestPasswordReset(email: string): Promise<MessageResult> {
  try {
    const answer = await api.request<{ message: string }>('/api/user/password-forgotten', {
      ...anonymous,
      json: { email },
    });
    return { ok: true, message: answer.message };
  } catch (error) {
    return { ok: false, message: failureMessage(error) };
  }
}

export async function resetPassword(token: string, password: string): Promise<MessageResult> {
  try {
    const answer = await api.request<{ message: string }>('/api/user/password-reset', {
      ...anonymous,
      json: { token, password },
    });
    return { ok: true, message: answer.message };
  } catch (error) {
    return { ok: false, message: failureMessage(error) };
  }
}

function failureMessage(error: unknown): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : nl.auth.requestFailed;
}
