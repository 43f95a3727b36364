import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_KEY } from '@/lib/auth/session-storage';
import { watchBrowserConnectivity } from '@/lib/offline/connectivity';
import { db } from '@/lib/offline/device-db';
import type { OfflineFileValue } from '@/lib/offline/offline-files';
import { installFakeXhr, nextRequest } from '@/test/fake-xhr';
import { installFakeServer, json } from '@/test/fake-server';
import {
  clientDetails,
  DEMO,
  demoServer,
  fillableForm,
  registrationAnswer,
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

/**
 * The browser goes offline (server answers would otherwise report it reachable again); the
 * returned function brings it back online.
 */
function goOffline(): () => void {
  const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  let stopWatching = () => {};
  act(() => {
    stopWatching = watchBrowserConnectivity(window);
  });
  return () => {
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    stopWatching();
  };
}

describe('offline saving', () => {
  it('saves offline without validation, lists it, reopens it and deletes it', async () => {
    formServer();
    const router = renderApp('/form/f1/0', storedSession());
    expect(await screen.findByRole('heading', { name: 'Melding' })).toBeTruthy();
    const backOnline = goOffline();
    await userEvent.click(await screen.findByRole('button', { name: 'Formulier offline opslaan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/unsend-registration-list'));
    expect(await screen.findByText('Formulier is opgeslagen om later verzonden te worden')).toBeTruthy();
    const [stored] = await db.savedRegistrations.toArray();
    expect(stored).toMatchObject({ form_id: 'f1', client_id: 'c1', form_name: 'Melding', unsynced: true });

    const link = await screen.findByRole('link', { name: 'Melding openen' });
    expect(screen.getByText(/31 dagen/)).toBeTruthy();
    backOnline();
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
    const { handlers } = formServer();
    const base = syncedRegistration({ registration_updated_at: '2026-01-01T00:00:00.000Z' });
    // The server lists its version: a sync answered after the choice must find it there.
    const onServer = { ...base, values: { naam: 'server' }, version: 2, unsynced: false };
    handlers['POST /api/saved-registrations-sync'] = () => json(201, { registrations: [onServer], conflicts: [], rejected: [] });
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

describe('files chosen offline', () => {
  const PHOTO_FORM = fillableForm({ schema: [{ name: 'foto', label: 'Foto', elementType: 'image' }] });
  const PHOTO = 'foto-van-een-lantaarnpaal';
  const UPLOADED = { fid: 'u1', url: '/api/client/c1/file/u1', filename: 'paal.webp', filemime: 'image/webp', filesize: PHOTO.length };

  /** The form with an image field; a test adds the by-hash answer once it knows the photo's hash. */
  function photoServer() {
    return installFakeServer({
      ...demoServer({}, userInfo()),
      'GET /api/form/f1': () => json(200, PHOTO_FORM),
      'GET /api/client/c1': () => json(200, { ...clientDetails(DEMO), credits: 100 }),
    });
  }

  /** Opens the form offline, attaches a photo and saves: the stored registration and its file entry. */
  async function attachOffline() {
    const router = renderApp('/form/f1/0', storedSession());
    expect(await screen.findByRole('heading', { name: 'Melding' })).toBeTruthy();
    const backOnline = goOffline();
    const xhr = installFakeXhr();
    await userEvent.upload(screen.getByLabelText('Foto'), new File([PHOTO], 'paal.webp', { type: 'image/webp' }));
    expect(await screen.findByText(/Bewaard op dit apparaat; wordt geupload bij het versturen\./)).toBeTruthy();
    expect(xhr).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Formulier offline opslaan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/unsend-registration-list'));
    const [stored] = await db.savedRegistrations.toArray();
    const entry = (stored?.values as { foto: OfflineFileValue[] }).foto[0];
    expect(entry).toMatchObject({ filename: 'paal.webp', filemime: 'image/webp', filesize: PHOTO.length });
    expect(await db.offlineFiles.get(entry?.offline_id ?? '')).toMatchObject({ sent_at: null, image: true });
    backOnline();
    return { router, stored, entry: entry as OfflineFileValue };
  }

  it('keeps a photo on the device, uploads it before the send and refers to the upload', async () => {
    const server = photoServer();
    const { router, stored, entry } = await attachOffline();
    server.handlers[`GET /api/file-upload/by-hash/${entry.sha256}`] = () => json(404, { message: 'Niet gevonden' });
    await userEvent.click(await screen.findByRole('link', { name: 'Melding openen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/form/f1/${stored?.fill_token}`));
    expect(await screen.findByText(/Bewaard op dit apparaat/)).toBeTruthy();
    const sent = installFakeXhr();
    await userEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    const upload = await nextRequest(sent, 0);
    expect(upload.url).toBe(`/api/file-upload/form?client_id=c1&kind=image&sha256=${entry.sha256}`);
    expect(await screen.findByText('Bijlage 1 van 1 uploaden: 0%')).toBeTruthy();
    await act(async () => upload.respond(200, UPLOADED));
    const send = await nextRequest(sent, 1);
    expect(send.json()).toMatchObject({ fill_token: stored?.fill_token, values: { foto: [UPLOADED] } });
    // Until the server has the registration, the device keeps it with its file.
    expect(await db.offlineFiles.get(entry.offline_id)).toMatchObject({ sent_at: null });
    await act(async () => send.respond(201, registrationAnswer({ fill_token: stored?.fill_token ?? '', values: { foto: [UPLOADED] } })));
    expect(await screen.findByRole('dialog', { name: 'Uw registratie is verstuurd.' })).toBeTruthy();
    await waitFor(async () => expect((await db.offlineFiles.get(entry.offline_id))?.sent_at).toEqual(expect.any(Number)));
    expect(await db.savedRegistrations.count()).toBe(0);
  });

  it('does not upload a photo the server already has from an earlier, interrupted send', async () => {
    const server = photoServer();
    const { router, stored, entry } = await attachOffline();
    server.handlers[`GET /api/file-upload/by-hash/${entry.sha256}`] = () => json(200, UPLOADED);
    await act(() => router.navigate(`/form/f1/${stored?.fill_token}`));
    expect(await screen.findByText(/Bewaard op dit apparaat/)).toBeTruthy();
    const sent = installFakeXhr();
    await userEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    const send = await nextRequest(sent, 0);
    expect(send.url).toBe('/api/registration/');
    expect(send.json()).toMatchObject({ values: { foto: [UPLOADED] } });
  });

  it('says where a photo is when it is only on another device, and sends nothing', async () => {
    photoServer();
    const elsewhere: OfflineFileValue = {
      offline_id: 'op-de-telefoon',
      filename: 'paal.jpg',
      filemime: 'image/jpeg',
      filesize: 1234,
      sha256: 'a'.repeat(64),
      device_id: 'de-telefoon',
      device_name: 'Chrome op Android',
    };
    await db.savedRegistrations.put(savedRegistration({ user_id: 'u-twee', values: { foto: [elsewhere] } }));
    renderApp('/form/f1/t1', storedSession());
    expect(await screen.findByText(/Dit bestand staat alleen op Chrome op Android\./)).toBeTruthy();
    const sent = installFakeXhr();
    await userEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    expect(
      await screen.findByText(
        'Bijlage "paal.jpg" staat alleen op Chrome op Android. Verstuur de registratie vanaf dat apparaat, of verwijder de bijlage en voeg hem opnieuw toe.',
      ),
    ).toBeTruthy();
    expect(sent).toHaveLength(0);
    // Kept on the device as it was.
    expect(await db.savedRegistrations.get('t1')).toMatchObject({ values: { foto: [elsewhere] } });
  });

  it('keeps nothing of a photo the device has no room for, and says so', async () => {
    photoServer();
    renderApp('/form/f1/0', storedSession());
    expect(await screen.findByRole('heading', { name: 'Melding' })).toBeTruthy();
    const backOnline = goOffline();
    const full = vi.spyOn(db.offlineFileData, 'add').mockRejectedValue(new DOMException('quota', 'QuotaExceededError'));
    await userEvent.upload(screen.getByLabelText('Foto'), new File([PHOTO], 'paal.webp', { type: 'image/webp' }));
    expect(
      await screen.findByText(
        'Er is niet genoeg opslagruimte op dit apparaat om dit bestand te bewaren. Verstuur eerst opgeslagen registraties of maak ruimte vrij.',
      ),
    ).toBeTruthy();
    full.mockRestore();
    backOnline();
    expect(await db.offlineFiles.count()).toBe(0);
  });
});
