import type { SessionState } from '@/lib/auth/session';
import type { StoredSession } from '@/lib/auth/session-storage';

export const ADMIN_ROLE = 'admin';

/** Global roles plus the roles held in the current client. */
export function rolesOf({ user, access }: StoredSession): string[] {
  return [...new Set([...user.roles, ...access.roles])];
}

export function sessionRoles(state: SessionState): string[] {
  return state.status === 'authenticated' ? rolesOf(state.session) : [];
}

export function sessionPermissions(state: SessionState): string[] {
  return state.status === 'authenticated' ? state.session.access.permissions : [];
}

export function isAdmin(roles: readonly string[]): boolean {
  return roles.includes(ADMIN_ROLE);
}

/** Role admin holds every permission (spec 000 section 6). */
export function hasPermission(
  permissions: readonly string[],
  roles: readonly string[],
  permission: string,
): boolean {
  return isAdmin(roles) || permissions.includes(permission);
}

export function hasAnyPermission(
  permissions: readonly string[],
  roles: readonly string[],
  wanted: readonly string[],
): boolean {
  return wanted.some((permission) => hasPermission(permissions, roles, permission));
}
