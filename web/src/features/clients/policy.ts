/**
 * What the client screens show for the user's rights (spec 002 section 6). Every client route
 * asks here: the tabs of the client shell and the checks of their loaders come from one list.
 */
import { redirect } from 'react-router';
import { paths } from '@/config/paths';
import { hasPermission, isAdmin } from '@/lib/permissions/permissions';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl';

export const CLIENT_PERMISSION = {
  view: 'eform view client',
  edit: 'eform edit client',
  addUsers: 'eform client add users',
  viewGroups: 'view user group',
  viewCredits: 'view credit entities',
  delete: 'delete client entities',
} as const;

/** The global roles of the platform's own staff: they create clients and see all of them. */
const PLATFORM_ROLES = ['admin', 'eform_employee'] as const;

export interface Rights {
  /** Permission strings in the client at hand. */
  permissions: readonly string[];
  /** Global roles plus the roles in the client at hand. */
  roles: readonly string[];
}

export function can({ permissions, roles }: Rights, permission: string): boolean {
  return hasPermission(permissions, roles, permission);
}

/** Creating a client is for platform users (admin, eform_employee), as the server decides too. */
export function isPlatformUser(globalRoles: readonly string[]): boolean {
  return globalRoles.some((role) => (PLATFORM_ROLES as readonly string[]).includes(role));
}

/** Where a client list leads back to: the admins' list of all clients, else the user's own. */
export function clientListPath(globalRoles: readonly string[]): string {
  return isAdmin(globalRoles) ? paths.client_list_admin.build() : paths.client_list_assigned.build();
}

export type ClientTabKey = 'view' | 'remove';

interface ClientTabDef {
  key: ClientTabKey;
  label: string;
  permission: string;
  /** The tab's route, absolute (`paths`). */
  to(client_id: string): string;
}

/**
 * The tabs of the client shell in the spec's order (screen 4), each with its permission. The
 * shell shows a tab only with its permission, and its loader refuses a tab's address without it.
 * The other tabs of the spec join here when their screens land, in this order between Bekijk
 * and Verwijderen: Aanpassen ('eform edit client', client_edit), Gebruikers ('eform client add
 * users', client_users), Groepen ('view user group', client_user_groups) and Credits ('view
 * credit entities', client_credits).
 */
const CLIENT_TABS: readonly ClientTabDef[] = [
  {
    key: 'view',
    label: nl.clients.tabs.view,
    permission: CLIENT_PERMISSION.view,
    to: (client_id) => paths.client_view.build({ client_id }),
  },
  {
    key: 'remove',
    label: nl.clients.tabs.remove,
    permission: CLIENT_PERMISSION.delete,
    to: (client_id) => paths.client_remove.build({ client_id }),
  },
];

export interface ClientTab {
  key: ClientTabKey;
  label: string;
  to: string;
}

/** The tabs `rights` allow in client `client_id`. */
export function clientTabs(rights: Rights, client_id: string): ClientTab[] {
  return CLIENT_TABS.filter((tab) => can(rights, tab.permission)).map((tab) => ({ key: tab.key, label: tab.label, to: tab.to(client_id) }));
}

/**
 * The tab whose screen `pathname` is: Bekijk only on its own address, another tab also below
 * it (a user's edit page under Gebruikers).
 */
export function tabAt(pathname: string, client_id: string): ClientTabKey | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return CLIENT_TABS.find((tab) => {
    const to = tab.to(client_id);
    return path === to || (tab.key !== 'view' && path.startsWith(`${to}/`));
  })?.key;
}

/** Whether `rights` allow the screen at `pathname` of client `client_id`. */
export function mayOpen(rights: Rights, pathname: string, client_id: string): boolean {
  const key = tabAt(pathname, client_id);
  const tab = CLIENT_TABS.find((candidate) => candidate.key === key);
  return tab === undefined || can(rights, tab.permission);
}

/**
 * For loaders: the spec's 403 reaction (section 6): the no-rights message, then the dashboard.
 * Thrown, so the screen never loads.
 */
export function forbidden(): never {
  showToast(nl.errors.forbidden, { severity: 'error' });
  throw redirect(paths.dashboard.build());
}
