import { matchRoutes } from 'react-router';
import { paths, type RouteAccess } from '@/config/paths';
import { isAdmin, sessionRoles } from '@/lib/permissions/permissions';
import type { SessionState } from './session';

/**
 * Where a visitor must go instead of the requested route, or null to let them in
 * (spec 000 section 2, route guards). Call only after the session has been restored.
 */
export function resolveGuard(access: RouteAccess, state: SessionState): string | null {
  if (state.status === 'unrestored') {
    throw new Error('resolveGuard called before the session was restored');
  }
  // The legacy state is sent to logout, which clears it; public routes (guest links, the logout
  // screen itself) stay reachable so they do not loop.
  if (state.status === 'legacy') return access === 'public' ? null : paths.logout.path;
  const signedIn = state.status === 'authenticated';
  switch (access) {
    case 'auth':
      return signedIn ? null : paths.login.path;
    case 'admin':
      return signedIn && isAdmin(sessionRoles(state)) ? null : paths.login.path;
    case 'guest':
      return signedIn ? paths.dashboard.path : null;
    case 'public':
      return null;
  }
}

/** The home route: dashboard when signed in, otherwise login. */
export function homeTarget(state: SessionState): string {
  if (state.status === 'legacy') return paths.logout.path;
  return state.status === 'authenticated' ? paths.dashboard.path : paths.login.path;
}

// The spec's route table as matchable routes, the access in `handle`; matched with the router's
// own ranking, so '/clients/admin' is client_list_admin and not client '/clients/:client_id'.
const specRoutes = Object.values(paths).map((def) => ({ path: def.path, handle: def.access }));

/**
 * Access of the spec route `pathname` belongs to, or 'public' for paths outside the spec. Lets the
 * 404 fallback guard spec routes whose screens do not exist yet: a signed-out visitor of
 * /folders is sent to login rather than told that the page does not exist.
 */
export function accessForPath(pathname: string): RouteAccess {
  const matches = matchRoutes(specRoutes, pathname);
  return (matches?.at(-1)?.route.handle as RouteAccess | undefined) ?? 'public';
}
