import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SavedRegistration } from '@/lib/offline/db';
import { db } from '@/lib/offline/device-db';
import { installFakeServer, json } from '@/test/fake-server';
import { demoServer, savedRegistration, storedSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

function renderSignedIn(path: string) {
  installFakeServer({
    ...demoServer(),
    // The app syncs on start, and a sync answer replaces synced copies: keep the store as the
    // test wrote it by letting that sync fail (the debug pages show the store, not the server).
    'POST /api/saved-registrations-sync': () => json(503, { message: 'niet nu' }),
  });
  return renderApp(path, storedSession());
}

/** jsdom has no Clipboard API; each test installs the one it needs. */
function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('/debug/unsaved-registrations', () => {
  it('shows the empty text when the device store has no registrations', async () => {
    renderSignedIn('/debug/unsaved-registrations');
    expect(await screen.findByRole('heading', { name: 'Opgeslagen registraties (debug)' })).toBeTruthy();
    expect(await screen.findByText('Er staan geen registraties op dit apparaat.')).toBeTruthy();
  });

  it('lists every client and sync state, selects all, copies and downloads the selection as JSON', async () => {
    await db.savedRegistrations.bulkPut([
      savedRegistration({ fill_token: 't1', form_name: 'Melding', lastChange: Date.now() - 1000 }),
      savedRegistration({ fill_token: 't2', form_name: 'Schouw', client_id: 'c2', unsynced: false, version: 3, lastChange: Date.now() - 2000 }),
      // Another user's copy on a shared device is never shown to this user.
      savedRegistration({ fill_token: 't3', form_name: 'Van een ander', user_id: 'u-ander' }),
    ]);
    renderSignedIn('/debug/unsaved-registrations');
    const table = await screen.findByRole('table', { name: 'Opgeslagen registraties (debug)' });
    expect(within(table).getByText('Melding')).toBeTruthy();
    expect(within(table).getByText('Schouw')).toBeTruthy();
    expect(within(table).getByText('Niet gesynchroniseerd')).toBeTruthy();
    expect(within(table).getByText('Gesynchroniseerd')).toBeTruthy();
    expect(within(table).queryByText('Van een ander')).toBeNull();
    const copyButton = screen.getByRole('button', { name: 'Kopieer als JSON' });
    expect((copyButton as HTMLButtonElement).disabled).toBe(true);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Alles selecteren' }));
    expect(screen.getByText('2 van 2 geselecteerd')).toBeTruthy();
    const copied: string[] = [];
    stubClipboard(async (text) => {
      copied.push(text);
    });
    await userEvent.click(copyButton);
    expect(await screen.findByText('Gekopieerd naar klembord')).toBeTruthy();
    const json = JSON.parse(copied[0] ?? 'null') as SavedRegistration[];
    expect(json.map((entry) => entry.fill_token)).toEqual(['t1', 't2']);
    expect(json[0]).toMatchObject({ values: { naam: 'Lamp' }, client_id: 'c1', unsynced: true });

    // One row off: only the other one goes out.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Melding selecteren' }));
    expect(screen.getByText('1 van 2 geselecteerd')).toBeTruthy();
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:debug';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Download als JSON' }));
    expect(downloads).toHaveLength(1);
    expect(downloads[0]).toMatch(/^eform-opgeslagen-registraties-.+\.json$/);
    const downloaded = JSON.parse(await (blobs[0] as Blob).text()) as SavedRegistration[];
    expect(downloaded.map((entry) => entry.fill_token)).toEqual(['t2']);
  });

  it('reports a failed copy', async () => {
    await db.savedRegistrations.put(savedRegistration());
    renderSignedIn('/debug/unsaved-registrations');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Melding selecteren' }));
    stubClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    // No execCommand fallback either (jsdom's returns false or is missing).
    Object.defineProperty(document, 'execCommand', { value: () => false, configurable: true });
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Kopieer als JSON' }));
      expect(await screen.findByText('Kon niet kopieren.')).toBeTruthy();
    } finally {
      Reflect.deleteProperty(document, 'execCommand');
    }
  });
});

describe('/debug/ios-debugging', () => {
  it('is opened by tapping the avatar 10 times', async () => {
    const router = renderSignedIn('/dashboard');
    const avatar = await screen.findByRole('img', { name: 'Ingelogd als twee@demo.eform.nl' });
    for (let tap = 0; tap < 9; tap++) fireEvent.click(avatar);
    expect(router.state.location.pathname).toBe('/dashboard');
    fireEvent.click(avatar);
    await waitFor(() => expect(router.state.location.pathname).toBe('/debug/ios-debugging'));
    expect(await screen.findByRole('heading', { name: 'iOS debugging' })).toBeTruthy();
  });

  it('shows device diagnostics, device store counts and links to the unsaved-registrations page', async () => {
    await db.savedRegistrations.bulkPut([
      savedRegistration({ fill_token: 't1' }),
      savedRegistration({ fill_token: 't2', unsynced: false, version: 1 }),
      savedRegistration({ fill_token: 't3', user_id: 'u-ander' }),
    ]);
    // jsdom has no Cache Storage: a precache and a runtime cache as the built service worker makes them.
    const stored: Record<string, string[]> = {
      'workbox-precache-v2-http://localhost/': ['http://localhost/index.html?__WB_REVISION__=7f58446e', 'http://localhost/assets/index.js'],
      'eform-datasource-items': ['http://localhost/api/datasource/d1?eform-cache-user=ab'],
    };
    vi.stubGlobal('caches', {
      keys: async () => Object.keys(stored),
      open: async (name: string) => ({ keys: async () => (stored[name] ?? []).map((url) => new Request(url)) }),
    });
    const router = renderSignedIn('/debug/ios-debugging');
    expect(await screen.findByRole('heading', { name: 'iOS debugging' })).toBeTruthy();
    expect((await screen.findByTestId('fact-User agent')).textContent).toBe(navigator.userAgent);
    expect(screen.getByTestId('fact-Appversie').textContent).toBe('1.90.2');
    expect(screen.getByTestId('fact-Service worker ondersteund').textContent).toBe('Nee');
    expect(screen.getByTestId('fact-Opgeslagen registraties').textContent).toBe('2');
    expect(screen.getByTestId('fact-Niet gesynchroniseerd').textContent).toBe('1');
    expect(screen.getByTestId('fact-Van andere gebruikers op dit apparaat').textContent).toBe('1');
    expect(screen.getByTestId('fact-Versie offline app (revisie index.html)').textContent).toBe('7f58446e');
    expect(screen.getByTestId('fact-eform-datasource-items').textContent).toBe('1 item');
    expect(screen.getByTestId('fact-workbox-precache-v2-http://localhost/').textContent).toBe('2 items');
    await userEvent.click(screen.getByRole('link', { name: 'Opgeslagen registraties (debug)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/debug/unsaved-registrations'));
  });

  it('reports a refused camera in Dutch and describes a picked file', async () => {
    const getUserMedia = vi.fn(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    renderSignedIn('/debug/ios-debugging');
    await userEvent.click(await screen.findByRole('radio', { name: 'Hoog (tot 8000x6000)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Camera testen' }));
    expect(await screen.findByText('Cameratoegang geweigerd. Sta cameratoegang toe.')).toBeTruthy();
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: false,
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 8000 }, height: { ideal: 6000 } },
    });

    const input = screen.getByLabelText('Foto maken (camera)') as HTMLInputElement;
    expect(input.getAttribute('capture')).toBe('environment');
    const photo = new File([new Uint8Array(2048)], 'IMG_0001.HEIC', { type: 'image/heic' });
    await userEvent.upload(input, photo);
    expect(await screen.findByText('IMG_0001.HEIC')).toBeTruthy();
    expect(screen.getByText('image/heic')).toBeTruthy();
    expect(screen.getByText('2,00 KB (2048 B)')).toBeTruthy();
  });

  it('reports a missing camera in Dutch', async () => {
    const getUserMedia = vi.fn(() => Promise.reject(new DOMException('none', 'NotFoundError')));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    renderSignedIn('/debug/ios-debugging');
    await userEvent.click(await screen.findByRole('button', { name: 'Camera testen' }));
    expect(await screen.findByText('Geen camera gevonden. Sluit een camera aan.')).toBeTruthy();
  });
});
