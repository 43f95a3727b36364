import { isTermsRequired } from '@/lib/api';
import type { ClientSummary } from '@/lib/api/types';
import { refreshUserInfo } from './auth-service';
import { getSession, subscribeSession, type SessionState } from './session';

/**
 * The current client when it requires this user to accept its terms (spec 000 screen 15): the
 * terms wall shows for it, and the server refuses its content with a 403 `terms_required`.
 */
export function pendingTermsClient(state: SessionState): ClientSummary | null {
  if (state.status !== 'authenticated') return null;
  const { user, currentClientId } = state.session;
  const client = user.clients.find((candidate) => candidate.id === currentClientId);
  return client?.terms_and_conditions_required ? client : null;
}

/** Resolves once no terms wait for the current client (at once when none do); rejects on abort. */
export function termsAccepted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!signal.aborted && pendingTermsClient(getSession())) return;
      unsubscribe();
      signal.removeEventListener('abort', check);
      if (signal.aborted) reject(signal.reason);
      else resolve();
    };
    const unsubscribe = subscribeSession(check);
    signal.addEventListener('abort', check);
    check();
  });
}

let refreshing: Promise<void> | null = null;

/**
 * After a 403 `terms_required`: reloads user info, which says which client's terms wait, so the
 * wall comes up. Calls made together (a screen and the shell) share one reload. A failed reload
 * is only logged: the wall then shows with the next user-info refresh.
 */
export function refreshForTerms(): Promise<void> {
  refreshing ??= refreshUserInfo()
    .then(() => undefined)
    .catch((error: unknown) => console.error('reloading user info for the terms failed', error))
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/**
 * Runs a screen's loader of the client's content only once the client's terms are accepted, so
 * nothing is fetched while the wall is up. When the server refuses with `terms_required` all the
 * same (the terms became required after user info was read), the wall comes up and the loader
 * runs again once they are accepted. A second refusal (the content belongs to another client
 * whose terms wait) reaches the route's error boundary with the server's text.
 */
export async function afterTermsAccepted<T>(load: () => Promise<T>, signal: AbortSignal): Promise<T> {
  await termsAccepted(signal);
  try {
    return await load();
  } catch (error) {
    if (!isTermsRequired(error)) throw error;
    await refreshForTerms();
    await termsAccepted(signal);
    return load();
  }
}
