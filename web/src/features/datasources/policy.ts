/**
 * What the datasource screens show for the user's rights in the current client (spec 002
 * section 6), as the server decides too (decision 023): every datasource route and the tabs of
 * the datasource shell ask here.
 */
import { redirect } from 'react-router';
import { paths } from '@/config/paths';
import type { SessionState } from '@/lib/auth/session';
import { hasPermission, sessionPermissions, sessionRoles } from '@/lib/permissions/permissions';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import { MAP_MODULE, type DatasourceKind } from './api';

export const DATASOURCE_PERMISSION = {
  /** Changing and removing datasources; the navigation's Databronnen subheader. */
  edit: 'eform edit datasources',
  /** Adding datasources; the navigation's Databronnen link. */
  create: 'eform create datasources',
} as const;

export interface DatasourceRights {
  /** Permission strings in the current client. */
  permissions: readonly string[];
  /** Global roles plus the roles in the current client. */
  roles: readonly string[];
  /** The current client; null without one. */
  clientId: string | null;
  /** The current client's paid modules. */
  modules: readonly string[];
}

export function rightsOf(state: SessionState): DatasourceRights {
  const session = state.status === 'authenticated' ? state.session : null;
  return {
    permissions: sessionPermissions(state),
    roles: sessionRoles(state),
    clientId: session?.currentClientId ?? null,
    modules: session?.client?.modules ?? [],
  };
}

function can(rights: DatasourceRights, permission: string): boolean {
  return hasPermission(rights.permissions, rights.roles, permission);
}

/** The list and a datasource's detail: either permission, as the server's read of them. */
export function mayView(rights: DatasourceRights): boolean {
  return can(rights, DATASOURCE_PERMISSION.edit) || can(rights, DATASOURCE_PERMISSION.create);
}

export function mayCreate(rights: DatasourceRights): boolean {
  return can(rights, DATASOURCE_PERMISSION.create);
}

export function mayEdit(rights: DatasourceRights): boolean {
  return can(rights, DATASOURCE_PERMISSION.edit);
}

/** Map features need the client's map module; without it the paid-feature wall opens. */
export function kindLocked(rights: DatasourceRights, kind: DatasourceKind): boolean {
  return kind === 'map_features' && !rights.modules.includes(MAP_MODULE);
}

export type DatasourceTabKey = 'view' | 'edit' | 'remove';

export interface DatasourceTab {
  key: DatasourceTabKey;
  label: string;
  to: string;
}

/** Spec 002 screen 17: Bekijk, Aanpassen, Verwijderen, each only with its permission. */
export function datasourceTabs(rights: DatasourceRights, datasource_type: string, datasource_id: string): DatasourceTab[] {
  const params = { datasource_type, datasource_id };
  const tabs: DatasourceTab[] = [];
  if (mayView(rights)) tabs.push({ key: 'view', label: nl.datasources.tabs.view, to: paths.datasource_view.build(params) });
  if (mayEdit(rights)) {
    tabs.push({ key: 'edit', label: nl.datasources.tabs.edit, to: paths.datasource_edit.build(params) });
    tabs.push({ key: 'remove', label: nl.datasources.tabs.remove, to: paths.datasource_remove.build(params) });
  }
  return tabs;
}

/** The tab whose screen `pathname` is. */
export function tabAt(pathname: string): DatasourceTabKey {
  const path = pathname.replace(/\/+$/, '');
  if (path.endsWith('/edit')) return 'edit';
  if (path.endsWith('/remove')) return 'remove';
  return 'view';
}

/** Whether `rights` allow the tab at `pathname`. */
export function mayOpenTab(rights: DatasourceRights, pathname: string): boolean {
  return tabAt(pathname) === 'view' ? mayView(rights) : mayEdit(rights);
}

/**
 * For loaders: the spec's 403 reaction (section 6): the no-rights message, then the dashboard.
 * Thrown, so the screen never loads.
 */
export function forbidden(): never {
  showToast(nl.errors.forbidden, { severity: 'error' });
  throw redirect(paths.dashboard.build());
}
