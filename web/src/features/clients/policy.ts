/**
 * What the client screens show for the user's rights (spec 002 section 6). Every client route
 * asks here: the tabs of the client shell and the checks of their loaders come from one list.
 */
import { redirect } from 'react-router';
import { paths } from '@/config/paths';
import { hasPermission, isAdmin } from '@/lib/permissions/permissions';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';

export const CLIENT_PERMISSION = {
  view: 'eform view client',
  edit: 'eform edit client',
  addUsers: 'eform client add users',
  removeUsers: 'eform client remove users',
  viewGroups: 'view user group',
  createGroup: 'create user group',
  viewCredits: 'view credit entities',
  addCredits: 'add client credits',
  adminAddCredits: 'admin add client credits',
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

/**
 * Creating a client, and a client's modules and terms list, are for platform users (admin,
 * eform_employee), as the server decides too (decision 019).
 */
export function isPlatformUser(globalRoles: readonly string[]): boolean {
  return globalRoles.some((role) => (PLATFORM_ROLES as readonly string[]).includes(role));
}

/**
 * Snapshots of whole clients (download, and restore as a new or replacing client) are for admins
 * only, by their global role, as the server decides (decision 021): a snapshot holds every
 * registration and upload of a client.
 */
export function mayUseSnapshots(globalRoles: readonly string[]): boolean {
  return isAdmin(globalRoles);
}

/**
 * Confirming an order on invoice (its invoice is paid) is for admins only, by their global role,
 * as the server decides (decision 022).
 */
export function mayConfirmPurchases(globalRoles: readonly string[]): boolean {
  return isAdmin(globalRoles);
}

/** Where a client list leads back to: the admins' list of all clients, else the user's own. */
export function clientListPath(globalRoles: readonly string[]): string {
  return isAdmin(globalRoles) ? paths.client_list_admin.build() : paths.client_list_assigned.build();
}

export type ClientTabKey = 'view' | 'edit' | 'users' | 'groups' | 'credits' | 'remove';

interface ClientTabDef {
  key: ClientTabKey;
  label: string;
  permission: string;
  /** The tab's route, absolute (`paths`). */
  to(client_id: string): string;
  /**
   * Other addresses of the tab's screens (with what lies below them), outside its own route:
   * adding and editing a user belong to Gebruikers, a group's screens to Groepen, buying and
   * adding credits to Credits, buying a module to Bekijk (where its button is).
   */
  also?(client_id: string): string[];
}

/**
 * The tabs of the client shell in the spec's order (screen 4), each with its permission. The
 * shell shows a tab only with its permission, and its loader refuses a tab's address without it.
 */
const CLIENT_TABS: readonly ClientTabDef[] = [
  {
    key: 'view',
    label: nl.clients.tabs.view,
    permission: CLIENT_PERMISSION.view,
    to: (client_id) => paths.client_view.build({ client_id }),
    also: (client_id) => [paths.client_modules_buy.build({ client_id })],
  },
  {
    key: 'edit',
    label: nl.clients.tabs.edit,
    permission: CLIENT_PERMISSION.edit,
    to: (client_id) => paths.client_edit.build({ client_id }),
  },
  {
    key: 'users',
    label: nl.clients.tabs.users,
    permission: CLIENT_PERMISSION.addUsers,
    to: (client_id) => paths.client_users.build({ client_id }),
    also: (client_id) => [paths.client_user_add.build({ client_id }), `${paths.client.build({ client_id })}/user`],
  },
  {
    key: 'groups',
    label: nl.clients.tabs.groups,
    permission: CLIENT_PERMISSION.viewGroups,
    to: (client_id) => paths.client_user_groups.build({ client_id }),
    also: (client_id) => [paths.client_user_group_add.build({ client_id }), `${paths.client.build({ client_id })}/group`],
  },
  {
    key: 'credits',
    label: nl.clients.tabs.credits,
    permission: CLIENT_PERMISSION.viewCredits,
    to: (client_id) => paths.client_credits.build({ client_id }),
    also: (client_id) => [paths.client_credits_buy.build({ client_id }), paths.client_credits_admin_add.build({ client_id })],
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
    if (path === to || (tab.key !== 'view' && path.startsWith(`${to}/`))) return true;
    return (tab.also?.(client_id) ?? []).some((other) => path === other || path.startsWith(`${other}/`));
  })?.key;
}

/** Screens within a tab that ask for more than the tab's permission. */
const SCREEN_PERMISSIONS: readonly { to(client_id: string): string; permission: string }[] = [
  { to: (client_id) => paths.client_user_group_add.build({ client_id }), permission: CLIENT_PERMISSION.createGroup },
  { to: (client_id) => paths.client_credits_buy.build({ client_id }), permission: CLIENT_PERMISSION.addCredits },
  { to: (client_id) => paths.client_credits_admin_add.build({ client_id }), permission: CLIENT_PERMISSION.adminAddCredits },
  { to: (client_id) => paths.client_modules_buy.build({ client_id }), permission: CLIENT_PERMISSION.edit },
];

/** Whether `rights` allow the screen at `pathname` of client `client_id`. */
export function mayOpen(rights: Rights, pathname: string, client_id: string): boolean {
  const key = tabAt(pathname, client_id);
  const tab = CLIENT_TABS.find((candidate) => candidate.key === key);
  if (tab !== undefined && !can(rights, tab.permission)) return false;
  const path = pathname.replace(/\/+$/, '') || '/';
  return SCREEN_PERMISSIONS.every((screen) => screen.to(client_id) !== path || can(rights, screen.permission));
}

/** The roles a user can hold in a client (spec 002 section 6), in the spec's order. */
export const CLIENT_ROLES = ['client_manager', 'financial', 'form_manager', 'form_view_registrations', 'user_manager'] as const;

/** The Dutch name of a role; one the app does not know keeps its own name. */
export function roleLabel(role: string): string {
  return nl.clients.roles[role] ?? role;
}

/** Handing out a role needs 'assign {role} role' (spec 002 section 5); admins may all. */
export function mayAssign(rights: Rights, role: string): boolean {
  return can(rights, `assign ${role} role`);
}

/**
 * For loaders: the spec's 403 reaction (section 6): the no-rights message, then the dashboard.
 * Thrown, so the screen never loads.
 */
export function forbidden(): never {
  showToast(nl.errors.forbidden, { severity: 'error' });
  throw redirect(paths.dashboard.build());
}
