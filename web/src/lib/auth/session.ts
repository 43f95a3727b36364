import { createStore, useStore } from '@/lib/store';
import {
  clearStoredSession,
  readStoredSession,
  writeStoredSession,
  type StoredSession,
} from './session-storage';

export type SessionState =
  /** Before the stored session has been read; guards never decide in this state. */
  | { status: 'unrestored' }
  | { status: 'anonymous' }
  /** Stored auth state of the previous app generation: the user is sent to logout. */
  | { status: 'legacy' }
  | { status: 'authenticated'; session: StoredSession };

const sessionStore = createStore<SessionState>({ status: 'unrestored' });

// When user info was last fetched or attempted, in epoch ms. In memory only: a session restored
// from storage starts at 0, so it is refreshed at once.
let fetchedAt = 0;

export function userInfoFetchedAt(): number {
  return fetchedAt;
}

export function markUserInfoFetched(now: number): void {
  fetchedAt = now;
}

export function getSession(): SessionState {
  return sessionStore.get();
}

/** The signed-in user, or undefined when signed out. */
export function signedInUser(): StoredSession['user'] | undefined {
  const state = sessionStore.get();
  return state.status === 'authenticated' ? state.session.user : undefined;
}

export function useSession(): SessionState {
  return useStore(sessionStore);
}

/** Calls `listener` after every change of the session; returns the unsubscribe. */
export function subscribeSession(listener: () => void): () => void {
  return sessionStore.subscribe(listener);
}

/** Reads the stored session once; later calls return the live state. */
export function restoreSession(storage: Storage = localStorage): SessionState {
  const current = sessionStore.get();
  if (current.status !== 'unrestored') return current;
  const restored = readStoredSession(storage);
  const next: SessionState =
    restored.kind === 'session'
      ? { status: 'authenticated', session: restored.session }
      : restored.kind === 'legacy'
        ? { status: 'legacy' }
        : { status: 'anonymous' };
  sessionStore.set(next);
  return next;
}

export function setAuthenticated(session: StoredSession, storage: Storage = localStorage): void {
  writeStoredSession(storage, session);
  sessionStore.set({ status: 'authenticated', session });
}

/** Applies `change` to the signed-in session; ignored when signed out meanwhile. */
export function updateSession(
  change: (session: StoredSession) => StoredSession,
  storage: Storage = localStorage,
): void {
  const current = sessionStore.get();
  if (current.status !== 'authenticated') return;
  setAuthenticated(change(current.session), storage);
}

export function clearSession(storage: Storage = localStorage): void {
  clearStoredSession(storage);
  fetchedAt = 0;
  sessionStore.set({ status: 'anonymous' });
}

/** For tests: forget the in-memory state so the next restore reads storage again. */
export function resetSessionForTests(): void {
  sessionStore.set({ status: 'unrestored' });
  fetchedAt = 0;
}
