import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session';
import { hasPermission, isAdmin, sessionPermissions, sessionRoles } from '@/lib/permissions/permissions';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl';

export interface EditorAccess {
  allowed: boolean;
  admin: boolean;
  clientId: string | null;
  modules: readonly string[];
}

/**
 * The current user's standing for one builder page. Without `permission` the page shows the
 * 403 text and goes to the dashboard (spec 001 section 6), as the API client does on a 403.
 */
export function useEditorAccess(permission: string): EditorAccess {
  const state = useSession();
  const navigate = useNavigate();
  const roles = sessionRoles(state);
  const allowed = hasPermission(sessionPermissions(state), roles, permission);
  // Signed-out users are the route guard's business (login), not a 403.
  const decided = state.status === 'authenticated';

  useEffect(() => {
    if (!decided || allowed) return;
    showToast(nl.errors.forbidden, { severity: 'error' });
    navigate(paths.dashboard.build(), { replace: true });
  }, [decided, allowed, navigate]);

  const session = state.status === 'authenticated' ? state.session : null;
  return {
    allowed,
    admin: isAdmin(roles),
    clientId: session?.currentClientId ?? null,
    modules: session?.client?.modules ?? [],
  };
}
