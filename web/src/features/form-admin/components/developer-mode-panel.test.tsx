import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminForm } from '@/features/form-admin/api';
import type { ClientAccess } from '@/lib/api/types';
import { installFakeServer, json, type FakeCall, type FakeHandler } from '@/test/fake-server';
import { DEMO, demoServer, fillableForm, storedSession, userInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { developerAddressProblem } from './developer-mode-panel';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const FORM: AdminForm = {
  ...fillableForm({ settings: { search_enabled: false } }),
  email_settings: [],
  webhook_integrations: [],
  registration_phase: null,
  user: 'twee',
  users: [],
  published_at: null,
};

/** The form as the server keeps it: a PATCH merges the settings it sends, as the server does. */
function formHandlers(): Record<string, FakeHandler> {
  let stored = FORM;
  return {
    'GET /api/form/f1': () => json(200, stored),
    'PATCH /api/form/f1': (call) => {
      const body = JSON.parse(call.body ?? '{}') as Partial<AdminForm>;
      stored = { ...stored, ...body, settings: { ...stored.settings, ...body.settings } };
      return json(200, stored);
    },
    'GET /api/client/c1/folder/admin': () => json(200, []),
    'GET /api/client/c2/folder/admin': () => json(200, []),
  };
}

const settingsSent = (calls: FakeCall[]) =>
  calls.filter((call) => call.method === 'PATCH').map((call) => (JSON.parse(call.body ?? '{}') as AdminForm).settings);

describe('developerAddressProblem', () => {
  it('asks for a valid address only while the mode is on', () => {
    expect(developerAddressProblem(false, '')).toBeNull();
    expect(developerAddressProblem(true, '  ')).toBe('Vul een e-mailadres in.');
    expect(developerAddressProblem(true, 'dev@')).toBe('Vul een geldig e-mailadres in.');
    expect(developerAddressProblem(true, ' dev@eform.nl ')).toBeNull();
  });
});

describe('e-mail developer mode on the form detail', () => {
  it('lets an admin switch it on with a required, valid address and off again', async () => {
    const user = userEvent.setup();
    const { calls } = installFakeServer({ ...demoServer({}, userInfo({ roles: ['admin'] })), ...formHandlers() });
    renderApp('/admin/form/f1', storedSession({ user: { ...storedSession().user, roles: ['admin'] } }));

    const modeSwitch = (await screen.findByRole('switch', { name: 'Ontwikkelmodus e-mail' })) as HTMLInputElement;
    expect(modeSwitch.checked).toBe(false);
    expect(modeSwitch.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/Alle e-mails van dit formulier gaan dan alleen naar het adres hieronder/)).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Ontwikkelmodus opslaan' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(screen.queryByRole('textbox', { name: /E-mailadres ontwikkelaar/ })).toBeNull();

    await user.click(modeSwitch);
    const address = screen.getByRole('textbox', { name: /E-mailadres ontwikkelaar/ });
    expect(address.hasAttribute('required')).toBe(true);
    await user.click(save);
    expect(screen.getByText('Vul een e-mailadres in.')).toBeTruthy();
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(address);
    await user.type(address, 'dev@');
    // After a first try the check follows the typing.
    expect(screen.getByText('Vul een geldig e-mailadres in.')).toBeTruthy();
    expect(settingsSent(calls)).toEqual([]);

    // Enter in the field saves, as in any form.
    await user.type(address, 'eform.nl{Enter}');
    expect(await screen.findByText('Het formulier is aangepast.')).toBeTruthy();
    expect(settingsSent(calls)).toEqual([
      expect.objectContaining({ search_enabled: false, email_developer_mode: true, email_developer_address: 'dev@eform.nl' }),
    ]);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Ontwikkelmodus opslaan' }) as HTMLButtonElement).disabled).toBe(true));

    await user.click(screen.getByRole('switch', { name: 'Ontwikkelmodus e-mail' }));
    expect(screen.queryByRole('textbox', { name: /E-mailadres ontwikkelaar/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ontwikkelmodus opslaan' }));
    await waitFor(() => expect(settingsSent(calls)).toHaveLength(2));
    // Off, the address stays stored for the next time.
    expect(settingsSent(calls)[1]).toEqual(expect.objectContaining({ email_developer_mode: false, email_developer_address: 'dev@eform.nl' }));
    await waitFor(() => expect((screen.getByRole('switch', { name: 'Ontwikkelmodus e-mail' }) as HTMLInputElement).checked).toBe(false));
  });

  it('is not shown to anyone but an admin, however many permissions', async () => {
    const manager: ClientAccess = {
      roles: ['client_manager'],
      permissions: ['eform manage forms', 'eform manage form edit', 'eform manage form emails', 'eform manage form search'],
    };
    installFakeServer({ ...demoServer({ [DEMO.id]: manager }), ...formHandlers() });
    renderApp('/admin/form/f1', storedSession({ access: manager }));
    expect(await screen.findByRole('switch', { name: 'Zoeken in registraties' })).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Ontwikkelmodus e-mail' })).toBeNull();
    expect(screen.queryByText(/Ontwikkelmodus/)).toBeNull();
  });
});
