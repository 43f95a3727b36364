import { describe, expect, it } from 'vitest';
import { canAdministerForms, detailParts, formTabs, showsHideColumn } from './rights';

const none = { permissions: [], roles: [] };

describe('formTabs', () => {
  it('shows only Bekijk without permissions', () => {
    expect(formTabs(none, 'f1').map((tab) => tab.label)).toEqual(['Bekijk']);
  });

  it('shows each tab with its permission, in the spec order', () => {
    const tabs = formTabs(
      { permissions: ['eform manage form registrations', 'eform manage form edit', 'eform manage form conditions'], roles: [] },
      'f1',
    );
    expect(tabs.map((tab) => [tab.label, tab.to])).toEqual([
      ['Bekijk', '/admin/form/f1'],
      ['Aanpassen', '/admin/form/f1/edit'],
      ['Regels', '/admin/form/f1/rules'],
      ['Registraties', '/admin/form/f1/registrations'],
    ]);
  });

  it('shows all six to an admin', () => {
    expect(formTabs({ permissions: [], roles: ['admin'] }, 'f1').map((tab) => tab.label)).toEqual([
      'Bekijk',
      'Aanpassen',
      'E-mails',
      'Regels',
      'Integraties',
      'Registraties',
    ]);
  });
});

describe('canAdministerForms', () => {
  it.each(['eform manage forms', 'eform manage form registrations', 'eform manage form users'])('%s suffices', (permission) => {
    expect(canAdministerForms({ permissions: [permission], roles: [] })).toBe(true);
  });

  it('refuses others', () => {
    expect(canAdministerForms({ permissions: ['eform manage form edit'], roles: [] })).toBe(false);
  });
});

describe('showsHideColumn', () => {
  it('is for admins and client managers only', () => {
    expect(showsHideColumn({ permissions: ['eform view hidden folders'], roles: ['form_manager'] })).toBe(false);
    expect(showsHideColumn({ permissions: [], roles: ['client_manager'] })).toBe(true);
    expect(showsHideColumn({ permissions: [], roles: ['admin'] })).toBe(true);
  });
});

describe('detailParts', () => {
  it('gives nothing without permissions', () => {
    expect(Object.values(detailParts(none)).every((shown) => !shown)).toBe(true);
  });

  it('ties guest access, copy and bad-internet mode to edit; restore needs revisions and edit', () => {
    const edit = detailParts({ permissions: ['eform manage form edit'], roles: [] });
    expect(edit).toMatchObject({ guest: true, copy: true, badInternet: true, editContent: true, editName: false, restore: false });
    const both = detailParts({ permissions: ['eform manage form edit', 'eform manage form revisions view'], roles: [] });
    expect(both).toMatchObject({ revisions: true, restore: true });
  });

  it('gives the e-mail developer mode to admins only, whatever the permissions', () => {
    const all = ['eform manage form edit', 'eform manage form emails', 'eform manage forms'];
    expect(detailParts({ permissions: all, roles: ['client_manager'] }).developerMode).toBe(false);
    expect(detailParts({ permissions: [], roles: ['admin'] }).developerMode).toBe(true);
  });

  it('keeps publish and unpublish apart', () => {
    expect(detailParts({ permissions: ['eform manage form publish'], roles: [] })).toMatchObject({ publish: true, unpublish: false });
  });
});
