import { describe, expect, it } from 'vitest';
import { navEntries, type NavEntry } from './nav';

const CLIENT = 'c0ffee00-0000-4000-8000-000000000001';

/** Compact view of the entries: link route names and `#heading` markers, in order. */
function keys(entries: NavEntry[]): string[] {
  return entries.map((entry) => (entry.kind === 'heading' ? `#${entry.key}` : entry.key));
}

const ALWAYS = [
  'dashboard',
  'folder_list',
  'unsend_registration_list',
  'assigned_registration_list',
  'my_registration_list',
];

describe('navEntries', () => {
  const cases: { name: string; permissions: string[]; roles?: string[]; clientId?: string | null; expected: string[] }[] = [
    { name: 'form filler without permissions', permissions: [], expected: ALWAYS },
    {
      name: 'eform manage forms: form list and folder list',
      permissions: ['eform manage forms'],
      expected: ['dashboard', 'folder_list', 'form_list_admin', 'folder_list_admin', 'form_create', ...ALWAYS.slice(2)],
    },
    {
      name: 'eform manage form registrations: form list only',
      permissions: ['eform manage form registrations'],
      expected: ['dashboard', 'folder_list', 'form_list_admin', ...ALWAYS.slice(2)],
    },
    {
      name: 'eform manage form users: form list only',
      permissions: ['eform manage form users'],
      expected: ['dashboard', 'folder_list', 'form_list_admin', ...ALWAYS.slice(2)],
    },
    {
      name: 'eform edit datasources: subheader without link',
      permissions: ['eform edit datasources'],
      expected: [...ALWAYS, '#datasources'],
    },
    {
      name: 'eform create datasources: link without subheader',
      permissions: ['eform create datasources'],
      expected: [...ALWAYS, 'datasource_list'],
    },
    {
      name: 'eform view client: heading, overview and own clients',
      permissions: ['eform view client'],
      expected: [...ALWAYS, '#client', 'client_view', 'client_list_assigned'],
    },
    {
      name: 'eform client add users: heading and users',
      permissions: ['eform client add users'],
      expected: [...ALWAYS, '#client', 'client_users'],
    },
    {
      name: 'add client credits: heading and credits',
      permissions: ['add client credits'],
      expected: [...ALWAYS, '#client', 'client_credits'],
    },
    {
      name: 'view user group alone: groups without the client heading',
      permissions: ['view user group'],
      expected: [...ALWAYS, 'client_user_groups'],
    },
    {
      name: 'client manager rights',
      permissions: [
        'eform manage forms',
        'eform edit datasources',
        'eform create datasources',
        'eform view client',
        'eform client add users',
        'view user group',
        'add client credits',
      ],
      expected: [
        'dashboard',
        'folder_list',
        'form_list_admin',
        'folder_list_admin',
        'form_create',
        ...ALWAYS.slice(2),
        '#datasources',
        'datasource_list',
        '#client',
        'client_view',
        'client_users',
        'client_user_groups',
        'client_credits',
        'client_list_assigned',
      ],
    },
    {
      name: 'client rights without a current client keep only client-independent entries',
      permissions: ['eform view client', 'eform client add users'],
      clientId: null,
      expected: [...ALWAYS, '#client', 'client_list_assigned'],
    },
    {
      name: 'admin role sees everything, admin section last',
      permissions: [],
      roles: ['admin'],
      expected: [
        'dashboard',
        'folder_list',
        'form_list_admin',
        'folder_list_admin',
        'form_create',
        ...ALWAYS.slice(2),
        '#datasources',
        'datasource_list',
        '#client',
        'client_view',
        'client_users',
        'client_user_groups',
        'client_credits',
        'client_list_assigned',
        '#admin',
        'client_list_admin',
        'admin_dashboard',
      ],
    },
    {
      name: 'a client role named like a permission grants nothing',
      permissions: [],
      roles: ['client_manager'],
      expected: ALWAYS,
    },
  ];

  it.each(cases)('$name', ({ permissions, roles = [], clientId = CLIENT, expected }) => {
    expect(keys(navEntries({ permissions, roles, clientId, unsentCount: 0 }))).toEqual(expected);
  });

  it('uses the spec labels and the current client in client paths', () => {
    const entries = navEntries({
      permissions: [],
      roles: ['admin'],
      clientId: CLIENT,
      unsentCount: 0,
    });
    const byKey = new Map(entries.flatMap((e) => (e.kind === 'link' ? [[e.key, e] as const] : [])));
    expect(byKey.get('folder_list')).toMatchObject({ label: 'Formulier invullen', to: '/folders' });
    expect(byKey.get('form_list_admin')).toMatchObject({ label: 'Formulieren beheren', to: '/admin/form-list' });
    expect(byKey.get('folder_list_admin')).toMatchObject({ label: 'Mappen beheren', to: '/admin/folder-list' });
    expect(byKey.get('form_create')).toMatchObject({ label: 'Formulier aanmaken', to: '/admin/form-create' });
    expect(byKey.get('client_view')).toMatchObject({ label: 'Overzicht', to: `/clients/${CLIENT}` });
    expect(byKey.get('client_users')).toMatchObject({ label: 'Gebruikers', to: `/clients/${CLIENT}/users` });
    expect(byKey.get('client_user_groups')).toMatchObject({ label: 'Groepen', to: `/clients/${CLIENT}/user-groups` });
    expect(byKey.get('client_credits')).toMatchObject({ label: 'Credits kopen', to: `/clients/${CLIENT}/credits` });
    expect(byKey.get('client_list_admin')).toMatchObject({ label: 'Klanten beheer', to: '/clients/admin' });
    expect(byKey.get('admin_dashboard')).toMatchObject({ label: 'Admin dashboard', to: '/admin/dashboard' });
    expect(byKey.get('datasource_list')).toMatchObject({ label: 'Databronnen', to: '/datasources' });
  });

  it('puts the unsent count on the saved registrations entry only', () => {
    const entries = navEntries({ permissions: [], roles: [], clientId: CLIENT, unsentCount: 3 });
    const badged = entries.filter((e) => e.kind === 'link' && e.badge !== undefined);
    expect(badged).toEqual([
      { kind: 'link', key: 'unsend_registration_list', label: 'Opgeslagen registraties', to: '/unsend-registration-list', badge: 3 },
    ]);
  });
});
