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
