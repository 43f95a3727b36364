import { paths, type RouteName } from '@/config/paths';
import { nl } from '@/messages/nl';
import { hasAnyPermission, hasPermission, isAdmin } from './permissions';

export interface NavLinkEntry {
  kind: 'link';
  /** The spec's route name the entry opens. */
  key: RouteName;
  label: string;
  to: string;
  badge?: number;
}

export interface NavHeadingEntry {
  kind: 'heading';
  key: 'datasources' | 'client' | 'admin';
  label: string;
}

export type NavEntry = NavLinkEntry | NavHeadingEntry;

export interface NavInput {
  /** Permission strings in the current client. */
  permissions: readonly string[];
  /** Global roles plus the roles in the current client. */
  roles: readonly string[];
  /** Current client; client entries need it for their paths. */
  clientId: string | null;
  /** Registrations saved on this device, shown as a badge. */
  unsentCount: number;
}

const FORM_ADMIN_PERMISSIONS = [
  'eform manage forms',
  'eform manage form registrations',
  'eform manage form users',
] as const;

const CLIENT_SECTION_PERMISSIONS = [
  'eform view client',
  'eform client add users',
  'add client credits',
] as const;

/**
 * The navigation drawer's entries, in display order, for the given rights
 * (spec 000 section 2 screen 2 and section 6; spec 002 section 6).
 */
export function navEntries({ permissions, roles, clientId, unsentCount }: NavInput): NavEntry[] {
  const can = (permission: string) => hasPermission(permissions, roles, permission);
  const entries: NavEntry[] = [];
  const link = (key: RouteName, label: string, to: string, badge?: number) =>
    entries.push(badge === undefined ? { kind: 'link', key, label, to } : { kind: 'link', key, label, to, badge });
  const heading = (key: NavHeadingEntry['key'], label: string) => entries.push({ kind: 'heading', key, label });

  link('dashboard', nl.nav.dashboard, paths.dashboard.build());
  link('folder_list', nl.nav.folderList, paths.folder_list.build());
  if (hasAnyPermission(permissions, roles, FORM_ADMIN_PERMISSIONS)) {
    link('form_list_admin', nl.nav.formListAdmin, paths.form_list_admin.build());
  }
  if (can('eform manage forms')) {
    link('folder_list_admin', nl.nav.folderListAdmin, paths.folder_list_admin.build());
    link('form_create', nl.nav.formCreate, paths.form_create.build());
  }
  link('unsend_registration_list', nl.nav.unsendRegistrations, paths.unsend_registration_list.build(), unsentCount);
  link('assigned_registration_list', nl.nav.assignedRegistrations, paths.assigned_registration_list.build());
  link('my_registration_list', nl.nav.myRegistrations, paths.my_registration_list.build());

  if (can('eform edit datasources')) heading('datasources', nl.nav.datasourcesHeading);
  if (can('eform create datasources')) link('datasource_list', nl.nav.datasourceList, paths.datasource_list.build());

  if (hasAnyPermission(permissions, roles, CLIENT_SECTION_PERMISSIONS)) heading('client', nl.nav.clientHeading);
  if (clientId !== null) {
    const client_id = clientId;
    if (can('eform view client')) link('client_view', nl.nav.clientView, paths.client_view.build({ client_id }));
    if (can('eform client add users')) link('client_users', nl.nav.clientUsers, paths.client_users.build({ client_id }));
    if (can('view user group')) {
      link('client_user_groups', nl.nav.clientUserGroups, paths.client_user_groups.build({ client_id }));
    }
    if (can('add client credits')) link('client_credits', nl.nav.clientCredits, paths.client_credits.build({ client_id }));
  }
  if (can('eform view client')) {
    link('client_list_assigned', nl.nav.clientListAssigned, paths.client_list_assigned.build());
  }

  if (isAdmin(roles)) {
    heading('admin', nl.nav.adminHeading);
    link('client_list_admin', nl.nav.clientListAdmin, paths.client_list_admin.build());
    link('admin_dashboard', nl.nav.adminDashboard, paths.admin_dashboard.build());
  }
  return entries;
}
