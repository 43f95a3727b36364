import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_KEY } from '@/lib/auth/session-storage';
import { watchBrowserConnectivity } from '@/lib/offline/connectivity';
import { db } from '@/lib/offline/db';
import { installFakeXhr, nextRequest } from '@/test/fake-xhr';
import { installFakeServer, json } from '@/test/fake-server';
import {
  clientDetails,
  DEMO,
  demoServer,
  fillableForm,
  savedRegistration,
  storedSession,
  syncedRegistration,
  userInfo,
} from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const FORM = fillableForm({
  form_guest_id: 'g1',
  schema: [{ name: 'naam', label: 'Naam', elementType: 'text', validation: [{ name: 'required' }] }],
});

function formServer() {
  return installFakeServer({
    ...demoServer({}, userInfo()),
    'GET /api/form/f1': () => json(200, FORM),
    'GET /api/client/c1': () => json(200, { ...clientDetails(DEMO), credits: 100 }),
  });
}

describe('offline saving', () => {
  it('saves offline without validation, lists it, reopens it and deletes it', async () => {
    formServer();
    const router = renderApp('/form/f1/0', storedSession());
    expect(await screen.findByRole('heading', { name: 'Melding' })).toBeTruthy();
    // The browser goes offline (server answers would otherwise report it reachable again).
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let stopWatching = () => {};
    act(() => {
      stopWatching = watchBrowserConnectivity(window);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Formulier offline opslaan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/unsend-registration-list'));
    expect(await screen.findByText('Formulier is opgeslagen om later verzonden te worden')).toBeTruthy();
    const [stored] = await db.savedRegistrations.toArray();
    expect(stored).toMatchObject({ form_id: 'f1', client_id: 'c1', form_name: 'Melding', unsynced: true });

    const link = await screen.findByRole('link', { name: 'Melding openen' });
    expect(screen.getByText(/31 dagen/)).toBeTruthy();
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    stopWatching();
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/form/f1/${stored?.fill_token}`));
    await userEvent.type(await screen.findByLabelText(/^Naam/), 'Lamp');
    const sent = installFakeXhr();
    await userEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    const request = await nextRequest(sent, 0);
    expect(request.json()).toMatchObject({ fill_token: stored?.fill_token, values: { naam: 'Lamp' } });
    // Kept on the device until the server acknowledged the send.
    expect(await db.savedRegistrations.get(stored?.fill_token ?? '')).toMatchObject({ values: { naam: 'Lamp' } });
    await act(async () => request.respond(500, { message: 'kapot' }));
    expect(await screen.findByText('kapot')).toBeTruthy();
    expect(await db.savedRegistrations.count()).toBe(1);

    await act(() => router.navigate('/unsend-registration-list'));
    await userEvent.click(await screen.findByRole('button', { name: 'Verlaten' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registratie verwijderen?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('U heeft momenteel geen onverstuurde registraties.')).toBeTruthy();
    expect(await db.savedRegistrations.count()).toBe(0);
  });

  it('online, Opslaan keeps an unvalidated form on the device and syncs it', async () => {
    const { calls, handlers } = formServer();
    handlers['POST /api/saved-registrations-sync'] = () => json(201, { registrations: [], conflicts: [], rejected: [] });
    const router = renderApp('/form/f1/0', storedSession());
    expect(await screen.findByRole('heading', { name: 'Melding' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/unsend-registration-list'));
    expect(await screen.findByText('Formulier is opgeslagen om later verzonden te worden')).toBeTruthy();
    const [stored] = await db.savedRegistrations.toArray();
    expect(stored).toMatchObject({ form_id: 'f1', form_name: 'Melding', values: {} });
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/saved-registrations-sync' && (call.body ?? '').includes(stored?.fill_token ?? '-'))).toBe(true),
    );
  });

  it("stores each save's summary from the form's template and lists it per row", async () => {
    const { handlers } = formServer();
    handlers['GET /api/form/f1'] = () => json(200, { ...FORM, form_summary: '<p><strong>$naam$</strong> door $registratie.invuller$</p>' });
    handlers['POST /api/saved-registrations-sync'] = () => json(201, { registrations: [], conflicts: [], rejected: [] });
    const router = renderApp('/form/f1/0', storedSession());
    for (const naam of ['Lamp', 'Paal']) {
      await act(() => router.navigate('/form/f1/0'));
      await userEvent.type(await screen.findByLabelText(/^Naam/), naam);
      await userEvent.click(screen.getByRole('button', { name: 'Opslaan' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/unsend-registration-list'));
    }
    const table = await screen.findByRole('table', { name: 'Opgeslagen registraties' });
    await waitFor(() => expect(within(table).getAllByTestId('saved-registration-row')).toHaveLength(2));
    // The 'Samenvatting' column, rendered as HTML (the template's strong survives sanitizing).
    const summaries = within(table)
      .getAllByTestId('saved-registration-row')
      .map((row) => row.querySelectorAll('td')[1])
      .map((cell) => `${cell?.textContent} [${cell?.querySelector('strong')?.textContent}]`);
    expect(summaries.sort()).toEqual(['Lamp door twee [Lamp]', 'Paal door twee [Paal]']);
    expect((await db.savedRegistrations.toArray()).map((entry) => entry.form_summary).sort()).toEqual([
      '<p><strong>Lamp</strong> door twee</p>',
      '<p><strong>Paal</strong> door twee</p>',
    ]);
  });

  it('asks before logging out while registrations exist only on this device', async () => {
    formServer();
    await db.savedRegistrations.put(
      savedRegistration({ values: {}, registration_updated_at: new Date().toISOString(), lastChange: Date.now() }),
    );
    const router = renderApp('/unsend-registration-list', storedSession());
    expect(await screen.findByRole('link', { name: 'Melding openen' })).toBeTruthy();
    await act(() => router.navigate('/logout'));
    const dialog = await screen.findByRole('dialog', { name: 'Toch uitloggen?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Niet uitloggen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/unsend-registration-list'));
    expect(localStorage.getItem(SESSION_KEY)).not.toBeNull();
  });

  it('logging out syncs first; with nothing left only here it signs out at once and clears the device', async () => {
    const { calls, handlers } = formServer();
    handlers['POST /api/saved-registrations-sync'] = (call) => {
      const sent = JSON.parse(call.body ?? '[]') as { fill_token: string }[];
      const registrations = sent.map((entry) => ({ ...entry, version: 1, unsynced: false }));
      return json(201, { registrations, conflicts: [], rejected: [] });
    };
    await db.savedRegistrations.put(savedRegistration({ user_id: 'u-twee' }));
    await db.forms.put({ form_id: 'f1', client_id: 'c1', form: FORM, cachedAt: Date.now() });
    const router = renderApp('/logout', storedSession());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(screen.queryByRole('dialog', { name: 'Toch uitloggen?' })).toBeNull();
    expect(calls.some((call) => call.path === '/api/saved-registrations-sync' && (call.body ?? '').includes('"t1"'))).toBe(true);
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    await waitFor(async () => expect(await db.savedRegistrations.count()).toBe(0));
    expect(await db.forms.count()).toBe(0);
  });

  it('logging out offline says what stays on the device, keeps it for its owner and clears the rest', async () => {
    const { handlers } = formServer();
    handlers['POST /api/saved-registrations-sync'] = () => {
      throw new TypeError('Failed to fetch');
    };
    await db.savedRegistrations.bulkPut([
      savedRegistration({ user_id: 'u-twee' }),
      savedRegistration({ fill_token: 't2', user_id: 'u-twee', unsynced: false, version: 1 }),
    ]);
    await db.forms.put({ form_id: 'f1', client_id: 'c1', form: FORM, cachedAt: Date.now() });
    const router = renderApp('/logout', storedSession());
    const dialog = await screen.findByRole('dialog', { name: 'Toch uitloggen?' });
    expect(within(dialog).getByText(/^Er staat nog 1 opgeslagen registratie alleen op dit apparaat/).textContent).toContain(
      'onzichtbaar voor andere gebruikers, en wordt deze verstuurd zodra u weer op dit apparaat inlogt',
    );
    expect(localStorage.getItem(SESSION_KEY)).not.toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Toch uitloggen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    await waitFor(async () => expect((await db.savedRegistrations.toArray()).map((entry) => entry.fill_token)).toEqual(['t1']));
    expect(await db.savedRegistrations.get('t1')).toMatchObject({ user_id: 'u-twee', unsynced: true });
    expect(await db.forms.count()).toBe(0);
  });

  it('the next user signing in on the same page neither sees, counts nor syncs the first user’s registration', async () => {
    const { calls, handlers } = formServer();
    handlers['POST /api/saved-registrations-sync'] = () => json(201, { registrations: [], conflicts: [], rejected: [] });
    await db.savedRegistrations.put(savedRegistration({ user_id: 'u-twee', form_summary: '<p>Van twee</p>' }));
    const router = renderApp('/unsend-registration-list', storedSession());
    expect(await screen.findByText('Van twee')).toBeTruthy();
    const badge = () => within(screen.getByRole('link', { name: /Opgeslagen registraties/ }));
    await waitFor(() => expect(badge().getByText('1')).toBeTruthy());

    // twee logs out (the server keeps not listing it, so it stays only here) and een signs in.
    await act(() => router.navigate('/logout'));
    const dialog = await screen.findByRole('dialog', { name: 'Toch uitloggen?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Toch uitloggen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    handlers['GET /api/user/info'] = () => json(200, userInfo({ id: 'u-een', email: 'een@demo.eform.nl', username: 'een' }));
    const syncsBefore = calls.filter((call) => call.path === '/api/saved-registrations-sync').length;
    await userEvent.type(await screen.findByLabelText(/^E-mailadres/), 'een@demo.eform.nl');
    await userEvent.type(screen.getByLabelText(/^Wachtwoord/), 'eform-demo');
    await userEvent.click(screen.getByRole('button', { name: 'Inloggen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await waitFor(() => expect(badge().getByText('0')).toBeTruthy());
    await act(() => router.navigate('/unsend-registration-list'));
    expect(await screen.findByText('U heeft momenteel geen onverstuurde registraties.')).toBeTruthy();
    expect(screen.queryByText('Van twee')).toBeNull();
    const eensSyncs = calls.filter((call) => call.path === '/api/saved-registrations-sync').slice(syncsBefore);
    expect(eensSyncs.length).toBeGreaterThan(0);
    for (const call of eensSyncs) expect(call.body).toBe('[]');
    expect(await db.savedRegistrations.get('t1')).toMatchObject({ user_id: 'u-twee', unsynced: true });
  });

  it('shows a conflict and keeps the server version when chosen', async () => {
    formServer();
    const base = syncedRegistration({ registration_updated_at: '2026-01-01T00:00:00.000Z' });
    await db.savedRegistrations.put({
      ...base,
      values: { naam: 'lokaal' },
      version: 1,
      unsynced: true,
      conflict: { ...base, values: { naam: 'server' }, version: 2 },
      lastChange: Date.now(),
    });
    renderApp('/unsend-registration-list', storedSession());
    await userEvent.click(await screen.findByRole('button', { name: 'Kies versie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kies versie' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Versie op de server' }));
    await waitFor(async () => expect(await db.savedRegistrations.get('t1')).toMatchObject({ values: { naam: 'server' }, version: 2, conflict: null, unsynced: false }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Kies versie' })).toBeNull());
  });
});
