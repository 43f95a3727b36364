import { describe, expect, it } from 'vitest';
import { linkOffset } from './api';
import { moduleSummary } from '@/lib/modules';
import { clientListPath, clientTabs, isPlatformUser, mayConfirmPurchases, mayOpen, mayUseSnapshots, tabAt } from './policy';

const viewer = { permissions: ['eform view client', 'view credit entities', 'add client credits'], roles: ['financial'] };
const remover = { permissions: ['delete client entities'], roles: ['client_manager'] };
const admin = { permissions: [], roles: ['admin'] };

describe('client tabs', () => {
  it('lists a tab only with its permission, in the spec order; admins get all', () => {
    expect(clientTabs(viewer, 'c1').map((tab) => tab.key)).toEqual(['view', 'credits']);
    expect(clientTabs(remover, 'c1')).toEqual([{ key: 'remove', label: 'Verwijderen', to: '/clients/c1/remove' }]);
    expect(clientTabs(admin, 'c1').map((tab) => tab.label)).toEqual(['Bekijk', 'Aanpassen', 'Gebruikers', 'Groepen', 'Credits', 'Verwijderen']);
    expect(clientTabs({ permissions: ['eform view client', 'eform edit client'], roles: ['client_manager'] }, 'c1')).toEqual([
      { key: 'view', label: 'Bekijk', to: '/clients/c1' },
      { key: 'edit', label: 'Aanpassen', to: '/clients/c1/edit' },
    ]);
    expect(clientTabs({ permissions: ['eform client add users', 'view user group'], roles: ['user_manager'] }, 'c1')).toEqual([
      { key: 'users', label: 'Gebruikers', to: '/clients/c1/users' },
      { key: 'groups', label: 'Groepen', to: '/clients/c1/user-groups' },
    ]);
  });

  it('finds the tab of an address: Bekijk only on its own, others also below theirs', () => {
    expect(tabAt('/clients/c1', 'c1')).toBe('view');
    expect(tabAt('/clients/c1/', 'c1')).toBe('view');
    expect(tabAt('/clients/c1/remove', 'c1')).toBe('remove');
    expect(tabAt('/clients/c1/remove/later', 'c1')).toBe('remove');
    expect(tabAt('/clients/c1/edit', 'c1')).toBe('edit');
    expect(tabAt('/clients/c1/credits', 'c1')).toBe('credits');
    expect(tabAt('/clients/c1/credits-buy', 'c1')).toBe('credits');
    expect(tabAt('/clients/c1/credits-admin-add', 'c1')).toBe('credits');
    expect(tabAt('/clients/c1/modules-buy', 'c1')).toBe('view');
    expect(tabAt('/clients/c1/users', 'c1')).toBe('users');
    expect(tabAt('/clients/c1/user-add', 'c1')).toBe('users');
    expect(tabAt('/clients/c1/user/u1/edit', 'c1')).toBe('users');
    expect(tabAt('/clients/c1/user-groups', 'c1')).toBe('groups');
    expect(tabAt('/clients/c1/user-group-add', 'c1')).toBe('groups');
    expect(tabAt('/clients/c1/group/g1/edit', 'c1')).toBe('groups');
  });

  it('allows an address only with its tab permission', () => {
    expect(mayOpen(viewer, '/clients/c1', 'c1')).toBe(true);
    expect(mayOpen(viewer, '/clients/c1/remove', 'c1')).toBe(false);
    expect(mayOpen(remover, '/clients/c1', 'c1')).toBe(false);
    expect(mayOpen(remover, '/clients/c1/remove', 'c1')).toBe(true);
    expect(mayOpen(admin, '/clients/c1/remove', 'c1')).toBe(true);
    expect(mayOpen(viewer, '/clients/c1/user/u1/edit', 'c1')).toBe(false);
    expect(mayOpen(viewer, '/clients/c1/edit', 'c1')).toBe(false);
    expect(mayOpen({ permissions: ['eform edit client'], roles: ['client_manager'] }, '/clients/c1/edit', 'c1')).toBe(true);
    const groupViewer = { permissions: ['view user group'], roles: ['user_manager'] };
    expect(mayOpen(groupViewer, '/clients/c1/user-groups', 'c1')).toBe(true);
    expect(mayOpen(groupViewer, '/clients/c1/user-group-add', 'c1')).toBe(false);
    expect(mayOpen({ ...groupViewer, permissions: ['view user group', 'create user group'] }, '/clients/c1/user-group-add', 'c1')).toBe(true);
  });

  it('opens the credit screens with their own permissions (spec 002 section 6)', () => {
    expect(mayOpen(viewer, '/clients/c1/credits', 'c1')).toBe(true);
    expect(mayOpen(viewer, '/clients/c1/credits-buy', 'c1')).toBe(true);
    expect(mayOpen(viewer, '/clients/c1/credits-admin-add', 'c1')).toBe(false);
    expect(mayOpen(viewer, '/clients/c1/modules-buy', 'c1')).toBe(false);
    const employee = { permissions: ['eform view client', 'eform edit client', 'view credit entities', 'add client credits', 'admin add client credits'], roles: ['eform_employee'] };
    expect(mayOpen(employee, '/clients/c1/credits-admin-add', 'c1')).toBe(true);
    expect(mayOpen(employee, '/clients/c1/modules-buy', 'c1')).toBe(true);
    const reader = { permissions: ['eform view client', 'view credit entities'], roles: ['financial'] };
    expect(mayOpen(reader, '/clients/c1/credits', 'c1')).toBe(true);
    expect(mayOpen(reader, '/clients/c1/credits-buy', 'c1')).toBe(false);
    expect(mayOpen({ permissions: ['eform view client'], roles: [] }, '/clients/c1/credits', 'c1')).toBe(false);
    expect(mayOpen(admin, '/clients/c1/credits-admin-add', 'c1')).toBe(true);
  });

  it('leaves the confirmation of orders to admins by their global role (decision 022)', () => {
    expect(mayConfirmPurchases(['admin'])).toBe(true);
    expect(mayConfirmPurchases(['eform_employee'])).toBe(false);
    expect(mayConfirmPurchases(['client_manager'])).toBe(false);
  });

  it('knows platform users and which client list to return to', () => {
    expect(isPlatformUser(['eform_employee'])).toBe(true);
    expect(isPlatformUser(['admin'])).toBe(true);
    expect(isPlatformUser([])).toBe(false);
    expect(clientListPath(['admin'])).toBe('/clients/admin');
    expect(clientListPath(['eform_employee'])).toBe('/clients/assigned');
  });

  it('leaves snapshots of whole clients to admins: not eform employees (decision 021)', () => {
    expect(mayUseSnapshots(['admin'])).toBe(true);
    expect(mayUseSnapshots(['eform_employee'])).toBe(false);
    expect(mayUseSnapshots(['client_manager'])).toBe(false);
    expect(mayUseSnapshots([])).toBe(false);
  });
});

describe('client modules', () => {
  it("names the modules in the spec's order, unknown ones last, and 'Geen' without any", () => {
    expect(moduleSummary([])).toBe('Geen');
    expect(moduleSummary(['nieuw', 'qr_code', 'word', 'word'])).toBe('Word, QR code element, nieuw');
    expect(moduleSummary(['location', 'map_element', 'tracking'])).toBe('Kaart element, Locatie element, Tracking element');
  });
});

describe('list links', () => {
  it('reads the page offset of a link, encoded or not', () => {
    expect(linkOffset({ href: '/jsonapi/client/client?sort=name&page%5Boffset%5D=50&page%5Blimit%5D=50' })).toBe(50);
    expect(linkOffset({ href: '/jsonapi/client/client?sort=name&page[offset]=100&page[limit]=50' })).toBe(100);
    expect(linkOffset({ href: '/jsonapi/client/client?sort=name' })).toBe(0);
    expect(linkOffset(undefined)).toBeUndefined();
    expect(linkOffset(null)).toBeUndefined();
  });
});
