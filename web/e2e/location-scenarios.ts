/**
 * Issue 16's location scenarios (spec 000 sections 3 to 5, 8 and 9; screen 13):
 * - locatie1: on the seeded 'Demo kaartmelding', the GPS element says a 100 m fix is not accurate
 *   enough and stores a 5 m one; a tap on its map picks a place by hand, a tap on the pin returns
 *   to the fix; the location reaches the server with the registration saved on the device.
 * - locatie2: a field user records a route while walking, loses the network halfway, and the
 *   15-second flushes still land in the registration saved on the device; back online it is sent,
 *   and the tracking map shows the route.
 * - locatie3: a QR code held in front of the (fake) rear camera is read into the QR element, and
 *   computed elements show its lamp amount and colour temperature lines; the server stores both.
 * The browser never reaches the internet (stayOffTheInternet): the base maps use the plain style.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { CONTEXT_OPTIONS, launchBrowser } from './browser';
import { WEB_DIR } from './harness';
import { stayOffTheInternet } from './map-scenarios';
import { controlledByServiceWorker, savedOnServer } from './offline-scenarios';
import { videoOf } from './qr';
import { apiGet, apiKey, assert, atPath, eventually, expectCount, expectValue, formIdByName, type Scenario, signIn, TIMEOUT, visible } from './steps';

const ADMIN = 'admin@demo.eform.nl';
const FILLER = 'invuller@demo.eform.nl';
const SAVED_TOAST = 'Formulier is opgeslagen om later verzonden te worden';
/** The app probes the server again after the network returns, then syncs. */
const RECONNECT_TIMEOUT = 45_000;
/** Spec 000 section 9: the tracking buffer is flushed every 15 s. */
const FLUSH_TIMEOUT = 25_000;
/** Amersfoort, the map defaults' centre. */
const HOME = { latitude: 52.15517, longitude: 5.38712 };

interface Registration {
  _id: string;
  form_id: string;
  registration_serial_number: number;
  values: Record<string, unknown>;
}

/** As the admin, through the API: a published form of Demo Gemeente in a folder of its own; answers its id. */
async function publishedForm(baseUrl: string, name: string, schema: unknown[]): Promise<string> {
  const admin = await apiKey(baseUrl, ADMIN);
  const info = await apiGet<{ clients: { id: string; name: string }[] }>(baseUrl, admin, '/api/user/info');
  const client = info.clients.find((candidate) => candidate.name === 'Demo Gemeente')?.id ?? '';
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'api-key': admin, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await response.text();
    assert(response.ok, `POST ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  };
  const folder = await post<{ folder_id: string }>(`/api/client/${client}/folder`, { folder_name: `E2E ${name}` });
  const form = await post<{ form_id: string }>('/api/form', { form_name: name, form_type: 'default', folder_id: folder.folder_id, client_id: client, schema, rules: [] });
  await post(`/api/form/${form.form_id}/publish`, [form.form_id]);
  return form.form_id;
}

async function openForm(page: Page, baseUrl: string, formId: string, name: string): Promise<void> {
  await page.goto(`${baseUrl}/form/${formId}/0`);
  await page.getByRole('heading', { name, level: 1 }).waitFor({ timeout: TIMEOUT });
}

/** The values of the one registration of a form that the device keeps (read from its IndexedDB). */
function savedOnDevice(page: Page, formId: string): Promise<Record<string, unknown> | null> {
  return page.evaluate(
    (id) =>
      new Promise<Record<string, unknown> | null>((resolve, reject) => {
        const open = indexedDB.open('eform-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('savedRegistrations', 'readonly').objectStore('savedRegistrations').getAll();
          request.onerror = () => reject(request.error);
          request.onsuccess = () => {
            const saved = (request.result as { form_id: string; values: Record<string, unknown> }[]).find((entry) => entry.form_id === id);
            open.result.close();
            resolve(saved?.values ?? null);
          };
        };
      }),
    formId,
  );
}

/** The number in the tracking element's 'N punten vastgelegd, duur …'. */
async function recordedPoints(page: Page): Promise<number> {
  const status = page.getByText(/^\d+ punt(en)? vastgelegd, duur /);
  return (await status.count()) === 0 ? 0 : Number((await status.first().innerText()).split(' ')[0]);
}

/** Walks `steps` fixes of about 14 m from `from` (east, or north), one a second; answers where it ended. */
async function walk(context: BrowserContext, from: { latitude: number; longitude: number }, steps: number, north: boolean) {
  let here = from;
  for (let step = 1; step <= steps; step++) {
    here = north ? { ...here, latitude: here.latitude + 0.000125 } : { ...here, longitude: here.longitude + 0.0002 };
    await context.setGeolocation({ ...here, accuracy: 3 + (step % 3) });
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return here;
}

export const locationScenarios: Scenario[] = [
  {
    name: 'locatie1: the GPS element stores a fix once it is accurate enough, and a place picked on its map until the pin is tapped',
    async run({ server, context, page }) {
      await stayOffTheInternet(context);
      await context.grantPermissions(['geolocation'], { origin: server.baseUrl });
      await context.setGeolocation({ ...HOME, accuracy: 100 });
      await signIn(page, server.baseUrl, FILLER);
      const key = await apiKey(server.baseUrl, FILLER);
      const formId = await formIdByName(server.baseUrl, key, 'Demo kaartmelding');
      await openForm(page, server.baseUrl, formId, 'Demo kaartmelding');

      const gps = page.locator('[data-field="locatie"]');
      await gps.getByText('Gevonden locatie niet nauwkeurig genoeg! Locatie moet tot 25m nauwkeurig zijn (Nu 100m)').waitFor({ timeout: TIMEOUT });
      await expectCount(gps.getByText('52,155170'), 0, 'coordinates stored from a 100 m fix');
      await context.setGeolocation({ ...HOME, accuracy: 5 });
      await gps.getByText('Locatie gevonden tot 5m nauwkeurig').waitFor({ timeout: TIMEOUT });
      await gps.getByText('52,155170').waitFor({ timeout: TIMEOUT });
      await gps.getByText('5,387120').waitFor({ timeout: TIMEOUT });

      // The map has gone to the fix; a tap beside the pin picks that place, a tap on it returns.
      // maplibre makes its canvas the region named after the map.
      const map = gps.getByRole('region', { name: 'Kaart van Waar staat u?', exact: true });
      await map.waitFor({ timeout: TIMEOUT });
      await page.waitForTimeout(1500); // the move to the fix settles
      const box = await map.boundingBox();
      assert(box, 'the GPS map has no size');
      const beside = { x: box.width / 2 + 80, y: box.height / 2 - 60 };
      await map.click({ position: beside });
      await gps.getByText('Locatie is op de kaart gekozen.').waitFor({ timeout: TIMEOUT });
      await expectCount(gps.getByText('52,155170'), 0, 'the fix after a place was picked');
      await page.waitForTimeout(500); // the pin is drawn at the picked place
      await map.click({ position: beside });
      await gps.getByText('Locatie gevonden tot 5m nauwkeurig').waitFor({ timeout: TIMEOUT });
      await gps.getByText('52,155170').waitFor({ timeout: TIMEOUT });

      // 'Opslaan' keeps the registration on the device without validation and syncs it.
      await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
      await atPath(page, '/unsend-registration-list');
      const saved = await eventually(
        'the saved registration with its location on the server',
        () => savedOnServer(server.baseUrl, key),
        (list) => list.some((entry) => entry.form_id === formId),
        RECONNECT_TIMEOUT,
      );
      const location = saved.find((entry) => entry.form_id === formId)?.values.locatie as { lat?: number; lon?: number; accuracy?: number } | undefined;
      assert(
        location?.lat === HOME.latitude && location.lon === HOME.longitude && location.accuracy === 5,
        `the server holds ${JSON.stringify(location)}`,
      );
    },
  },
  {
    name: 'locatie2: a route recorded partly offline is flushed into the registration on the device, sent later and shown on the tracking map',
    async run({ server, context, page }) {
      await stayOffTheInternet(context);
      const formId = await publishedForm(server.baseUrl, 'E2E route', [
        { name: 'omschrijving', label: 'Omschrijving', elementType: 'text' },
        { name: 'route', label: 'Looproute', elementType: 'tracking', validation: [{ name: 'required' }] },
      ]);
      await context.grantPermissions(['geolocation'], { origin: server.baseUrl });
      await context.setGeolocation({ ...HOME, accuracy: 4 });
      await signIn(page, server.baseUrl, FILLER);
      // Offline, the screens after the form come from the service worker's copy.
      await controlledByServiceWorker(page);
      await openForm(page, server.baseUrl, formId, 'E2E route');
      await page.getByLabel('Omschrijving').fill('Ronde langs de palen');

      // East for a while with the network, then north without it.
      await page.getByRole('switch', { name: 'Route vastleggen' }).click();
      const corner = await walk(context, HOME, 6, false);
      await context.setOffline(true);
      await visible(page, 'U bent momenteel offline.', false);
      await walk(context, corner, 6, true);
      const flushed = await eventually('points flushed while offline', () => recordedPoints(page), (points) => points >= 2, FLUSH_TIMEOUT);
      // Switching off flushes what is still buffered.
      await page.getByRole('switch', { name: 'Route vastleggen' }).click();
      const recorded = await eventually('the rest of the buffer flushed', () => recordedPoints(page), (points) => points >= flushed);
      assert(recorded >= 3, `a walk with a corner keeps at least its start, corner and end; ${recorded} points recorded`);

      await page.getByRole('button', { name: 'Formulier offline opslaan' }).click();
      await visible(page, SAVED_TOAST);
      await atPath(page, '/unsend-registration-list');
      const draft = await savedOnDevice(page, formId);
      const route = draft?.route;
      assert(Array.isArray(route) && route.length === recorded, `the device keeps ${JSON.stringify(route)}`);
      assert(
        route.every((point: { timestamp?: unknown; accuracy?: unknown }) => typeof point.timestamp === 'string' && typeof point.accuracy === 'number'),
        `points without a timestamp or accuracy: ${JSON.stringify(route)}`,
      );

      // Back online, the saved registration is opened from the list and sent.
      await context.setOffline(false);
      await page.getByRole('link', { name: 'E2E route openen' }).click();
      await page.getByRole('heading', { name: 'E2E route', level: 1 }).waitFor({ timeout: TIMEOUT });
      await expectValue(page.getByLabel('Omschrijving'), 'Ronde langs de palen');
      await page.getByText(`${recorded} punten vastgelegd`, { exact: false }).waitFor({ timeout: TIMEOUT });
      const send = page.getByRole('button', { name: 'Versturen' });
      await send.waitFor({ timeout: RECONNECT_TIMEOUT });
      await send.click();
      await page.getByRole('dialog', { name: 'Uw registratie is verstuurd.' }).waitFor({ timeout: 30_000 });

      const key = await apiKey(server.baseUrl, FILLER);
      const mine = await apiGet<{ registrations: Registration[] }>(server.baseUrl, key, '/api/my-registrations');
      const sent = mine.registrations.find((registration) => registration.form_id === formId);
      assert(sent && Array.isArray(sent.values.route) && sent.values.route.length === recorded, `the server holds ${JSON.stringify(sent?.values)}`);

      // The tracking map of the registration: its route listed, drawn on the base map.
      await page.goto(`${server.baseUrl}/map/tracking/${formId}/${sent._id}`);
      await page.getByRole('heading', { name: `Route van E2E route - ${sent.registration_serial_number}`, level: 1 }).waitFor({ timeout: TIMEOUT });
      await page.getByText(new RegExp(`^Looproute: ${recorded} punten, duur 0:00:\\d\\d$`)).waitFor({ timeout: TIMEOUT });
      const map = page.getByRole('region', { name: 'Kaart met de vastgelegde route', exact: true });
      await map.waitFor({ timeout: TIMEOUT });
      assert((await map.evaluate((element) => element.tagName)) === 'CANVAS', 'the tracking map has no canvas');
    },
  },
  {
    name: 'locatie3: a QR code in front of the rear camera fills the QR element, and computed elements read its lines',
    async run({ server }) {
      const lines = Array.from({ length: 20 }, (_, i) => `r${i}: ${i}`);
      lines[14] = 'Aantal lampen: 2';
      lines[17] = 'Kleurtemperatuur: 3000K ';
      const label = lines.join('\n');
      const formId = await publishedForm(server.baseUrl, 'E2E lamplabel', [
        { name: 'lamplabel', label: 'Lamplabel', elementType: 'qrCodeScanner', validation: [{ name: 'required' }] },
        // Without elementToWatch a computed element reads the first QR scanner of its level (decision 024).
        { name: 'lampen', label: 'Aantal lampen', elementType: 'computed', parserType: 'lamp_amount' },
        { name: 'kleur', label: 'Kleurtemperatuur', elementType: 'computed', parserType: 'color_temperature', elementToWatch: 'lamplabel' },
      ]);

      // Chromium plays the clip as its camera; the flags need a browser of their own.
      const folder = mkdtempSync(join(tmpdir(), 'eform-e2e-camera-'));
      const clip = join(folder, 'lamplabel.y4m');
      writeFileSync(clip, videoOf(label));
      const browser = await launchBrowser(['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${clip}`]);
      try {
        const context = await browser.newContext(CONTEXT_OPTIONS);
        await context.grantPermissions(['camera'], { origin: server.baseUrl });
        const page = await context.newPage();
        const pageErrors: string[] = [];
        page.on('pageerror', (error) => pageErrors.push(error.message));
        await signIn(page, server.baseUrl, FILLER);
        await openForm(page, server.baseUrl, formId, 'E2E lamplabel');

        await page.getByRole('button', { name: 'QR-code scannen' }).click();
        await expectValue(page.getByLabel('Aantal lampen'), '2', 30_000).catch(async (error: unknown) => {
          // The runner's screenshot is of its own page; this browser's page is the one that tells.
          await page.screenshot({ path: join(WEB_DIR, 'test-results', 'locatie3-camera.png') }).catch(() => undefined);
          throw error;
        });
        await expectValue(page.getByLabel('Kleurtemperatuur'), '3000K');
        await page.getByText('Aantal lampen: 2', { exact: false }).first().waitFor({ timeout: TIMEOUT });
        // The camera stopped with the code: the picture is gone and the scan can be repeated.
        await expectCount(page.getByLabel('Camerabeeld voor Lamplabel'), 0, 'the camera picture');
        await page.getByRole('button', { name: 'Opnieuw scannen' }).waitFor({ timeout: TIMEOUT });

        await page.getByRole('button', { name: 'Versturen' }).click();
        await page.getByRole('dialog', { name: 'Uw registratie is verstuurd.' }).waitFor({ timeout: 30_000 });
        const key = await apiKey(server.baseUrl, FILLER);
        const mine = await apiGet<{ registrations: Registration[] }>(server.baseUrl, key, '/api/my-registrations');
        const values = mine.registrations.find((registration) => registration.form_id === formId)?.values;
        assert(values?.lamplabel === label && values.lampen === '2' && values.kleur === '3000K', `the server holds ${JSON.stringify(values)}`);
        assert(pageErrors.length === 0, `uncaught errors in the page:\n  ${pageErrors.join('\n  ')}`);
      } finally {
        await browser.close();
        rmSync(folder, { recursive: true, force: true });
      }
    },
  },
];
