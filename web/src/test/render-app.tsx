import { routes } from '@/app/router';
import { SESSION_KEY, type StoredSession } from '@/lib/auth/session-storage';
import { renderRoutes } from './render-routes';

/**
 * The whole app at `path`. A `session` is stored first, as an earlier visit left it, so the app
 * restores it the way it does on a reload; without one the visitor is signed out. Any stored
 * shape goes, to test what the app does with old or broken ones.
 */
export function renderApp(path: string, session?: StoredSession | Record<string, unknown>) {
  if (session) localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  return renderRoutes(routes, path);
}
