/**
 * What the form builder's screens show for the user's permissions in the current client
 * (spec 001 section 6; ops/decisions/010 names the permission each call checks).
 */
import { paths } from '@/config/paths';
import { hasAnyPermission, hasPermission, isAdmin } from '@/lib/permissions/permissions';
import { nl } from '@/messages/nl-admin';

export const PERMISSION = {
  manageForms: 'eform manage forms',
  edit: 'eform manage form edit',
  emails: 'eform manage form emails',
  conditions: 'eform manage form conditions',
  integrations: 'eform manage form integrations',
  registrations: 'eform manage form registrations',
  publish: 'eform manage form publish',
  unpublish: 'eform manage form unpublish',
  revisions: 'eform manage form revisions view',
  users: 'eform manage form users',
  name: 'eform manage form name',
  search: 'eform manage form search',
  delete: 'eform manage form delete',
  viewHiddenFolders: 'eform view hidden folders',
} as const;

/** Screen 5 (and the form shell) is reachable with any of these. */
export const FORM_ADMIN_PERMISSIONS = [PERMISSION.manageForms, PERMISSION.registrations, PERMISSION.users] as const;

export interface Rights {
  permissions: readonly string[];
  roles: readonly string[];
}

export function can({ permissions, roles }: Rights, permission: string): boolean {
  return hasPermission(permissions, roles, permission);
}

export function canAdministerForms({ permissions, roles }: Rights): boolean {
  return hasAnyPermission(permissions, roles, FORM_ADMIN_PERMISSIONS);
}

/** Screen 4: the hide column is for admins and client managers only. */
export function showsHideColumn({ roles }: Rights): boolean {
  return isAdmin(roles) || roles.includes('client_manager');
}

export type FormTabKey = 'view' | 'edit' | 'emails' | 'rules' | 'integrations' | 'registrations';

export interface FormTab {
  key: FormTabKey;
  label: string;
  to: string;
}

/** Screen 1: Bekijk always, every other tab only with its permission. */
export function formTabs(rights: Rights, form_id: string): FormTab[] {
  const tabs: (FormTab & { permission: string | null })[] = [
    { key: 'view', label: nl.formAdmin.tabs.view, to: paths.form_view.build({ form_id }), permission: null },
    { key: 'edit', label: nl.formAdmin.tabs.edit, to: paths.form_edit.build({ form_id }), permission: PERMISSION.edit },
    { key: 'emails', label: nl.formAdmin.tabs.emails, to: paths.form_emails.build({ form_id }), permission: PERMISSION.emails },
    { key: 'rules', label: nl.formAdmin.tabs.rules, to: paths.form_rules.build({ form_id }), permission: PERMISSION.conditions },
    {
      key: 'integrations',
      label: nl.formAdmin.tabs.integrations,
      to: paths.form_integrations.build({ form_id }),
      permission: PERMISSION.integrations,
    },
    {
      key: 'registrations',
      label: nl.formAdmin.tabs.registrations,
      to: paths.form_registrations.build({ form_id }),
      permission: PERMISSION.registrations,
    },
  ];
  return tabs
    .filter((tab) => tab.permission === null || can(rights, tab.permission))
    .map(({ key, label, to }) => ({ key, label, to }));
}

/** The parts of the form detail (screen 6) and what each may change. */
export interface DetailParts {
  publish: boolean;
  unpublish: boolean;
  revisions: boolean;
  /** Restoring also changes the form: revisions view + edit. */
  restore: boolean;
  access: boolean;
  editName: boolean;
  editContent: boolean;
  search: boolean;
  /** Guest access, copy and bad-internet mode come with edit (spec 001 section 6). */
  guest: boolean;
  copy: boolean;
  badInternet: boolean;
  delete: boolean;
  /** The e-mail developer mode is the admins' alone (spec 000 section 6, spec 002 section 6). */
  developerMode: boolean;
}

export function detailParts(rights: Rights): DetailParts {
  const has = (permission: string) => can(rights, permission);
  return {
    publish: has(PERMISSION.publish),
    unpublish: has(PERMISSION.unpublish),
    revisions: has(PERMISSION.revisions),
    restore: has(PERMISSION.revisions) && has(PERMISSION.edit),
    access: has(PERMISSION.users),
    editName: has(PERMISSION.name),
    editContent: has(PERMISSION.edit),
    search: has(PERMISSION.search),
    guest: has(PERMISSION.edit),
    copy: has(PERMISSION.edit),
    badInternet: has(PERMISSION.edit),
    delete: has(PERMISSION.delete),
    developerMode: isAdmin(rights.roles),
  };
}
