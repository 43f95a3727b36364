import { redirect } from 'react-router';
import { ApiError, NetworkError } from '@/lib/api';
import { paths } from '@/config/paths';
import type { ClientSummary } from '@/lib/api/types';
import { restoreSession, useSession, type SessionState } from '@/lib/auth/session';
import { hasPermission, sessionPermissions, sessionRoles } from '@/lib/permissions/permissions';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import type { Rights } from './rights';

export interface AdminSession {
  clientId: string | null;
  /** The user's clients, for copying a form to another client. */
  clients: ClientSummary[];
  rights: Rights;
}

export function adminSession(state: SessionState): AdminSession {
  const rights = { permissions: sessionPermissions(state), roles: sessionRoles(state) };
  if (state.status !== 'authenticated') return { clientId: null, clients: [], rights };
  return { clientId: state.session.currentClientId, clients: state.session.user.clients, rights };
}

export function useAdminSession(): AdminSession {
  return adminSession(useSession());
}

/**
 * For loaders: the current session when `allowed` holds, otherwise the spec's 403 reaction
 * (spec 001 section 6): the message, then the dashboard.
 */
export function requireRights(allowed: (rights: Rights) => boolean): AdminSession {
  const session = adminSession(restoreSession());
  if (!allowed(session.rights)) {
    showToast(nl.formAdmin.forbidden, { severity: 'error' });
    throw redirect(paths.dashboard.build());
  }
  return session;
}

/** The server's Dutch message when it sent one, otherwise the screen's own failure text. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/**
 * A failed call's toast. A 403 already showed the no-rights message and left for the dashboard
 * (the API client's signal), so it gets no second toast.
 */
export function reportFailure(error: unknown, fallback: string, { useServerMessage = false } = {}): void {
  if (error instanceof ApiError && error.status === 403) return;
  if (!(error instanceof ApiError) && !(error instanceof NetworkError)) console.error(error);
  showToast(useServerMessage ? failureText(error, fallback) : fallback, { severity: 'error' });
}

/** A loader that only lets users with `permission` through (the 403 reaction otherwise). */
export function permissionLoader(permission: string): () => null {
  return () => {
    requireRights((rights) => hasPermission(rights.permissions, rights.roles, permission));
    return null;
  };
}
