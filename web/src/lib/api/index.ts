import { getSession } from '@/lib/auth/session';
import { reportServerReachable } from '@/lib/offline/connectivity';
import { createSignal } from '@/lib/signal';
import { createApiClient } from './client';
import { takeEarlyResponse } from './early-requests';

export { ApiError, isTermsRequired, isUnreachableError, NetworkError, uploadRefusal } from './errors';
export type * from './types';

/** Raised on a 401 from an authenticated call; the app navigates to logout. */
export const unauthorizedSignal = createSignal();
/** Raised on a 403; the app shows the no-rights message and returns to the dashboard. */
export const forbiddenSignal = createSignal();
/** Raised on a 403 `terms_required` instead; the app reloads user info so the terms wall shows. */
export const termsRequiredSignal = createSignal();

/** The app's API client: same origin, api-key from the current session. */
export const api = createApiClient({
  // A request the first screen's code started before the app was in is taken, not made again;
  // if it failed, it is made again now (decision 029).
  fetch: (input, init) => takeEarlyResponse(input, init)?.catch(() => fetch(input, init)) ?? fetch(input, init),
  getApiKey: () => {
    const state = getSession();
    return state.status === 'authenticated' ? state.session.apiKey : null;
  },
  onUnauthorized: () => unauthorizedSignal.emit(),
  onForbidden: () => forbiddenSignal.emit(),
  onTermsRequired: () => termsRequiredSignal.emit(),
  onReachability: reportServerReachable,
});
