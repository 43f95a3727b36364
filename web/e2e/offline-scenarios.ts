/**
 * Issue 4's end-to-end scenarios: registrations saved on the device survive a stopped server and
 * a browser restart and reach the server exactly once; two devices editing the same saved
 * registration get the conflict choice; an interrupted send is not duplicated when retried.
 * Issue 9: logging out on a shared device keeps an offline registration for its owner only.
 * Issue 10: a photo taken without a server survives a browser restart and reaches the server once.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { CONTEXT_OPTIONS, launchProfile } from './browser';
import type { EformServer } from './harness';
import {
  apiGet,
  apiKey,
  assert,
  atPath,
  eventually,
  expectCount,
  expectEnabled,
  expectValue,
  formIdByName,
  makePng,
  type Scenario,
  signIn,
  TIMEOUT,
  visible,
} from './steps';

const FILLER = 'invuller@demo.eform.nl';
const SAVED_TOAST = 'Formulier is opgeslagen om later verzonden te worden';
/** The app probes the server every 10 s while it cannot reach it, then syncs. */
const RECONNECT_TIMEOUT = 45_000;

interface SavedEntity {
  fill_token: string;
  form_id: string;
  values: Record<string, unknown>;
  version?: number;
}

/** The user's saved registrations as the server has them (an empty sync only reads). */
export async function savedOnServer(baseUrl: string, key: string): Promise<SavedEntity[]> {
  const response = await fetch(`${baseUrl}/api/saved-registrations-sync`, {
    method: 'POST',
    headers: { 'api-key': key, 'content-type': 'application/json' },
    body: '[]',
  });
  assert(response.status === 201, `sync answered ${response.status}`);
  return ((await response.json()) as { registrations: SavedEntity[] }).registrations;
}

/** Polls until `check` holds for the server's saved registrations; returns them. */
function waitForServer(baseUrl: string, key: string, what: string, check: (saved: SavedEntity[]) => boolean): Promise<SavedEntity[]> {
  return eventually(`the server has ${what}`, () => savedOnServer(baseUrl, key), check, RECONNECT_TIMEOUT);
}

/** Waits until the service worker controls the page, so later loads work without the server. */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // A first visit is not controlled by the freshly installed worker; a reload is.
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: TIMEOUT });
}

/**
 * Signs in on a browser profile of its own, opens 'Demo melding' under the service worker, then
 * stops the server and reloads: the form as a field user has it without signal.
 */
async function demoMeldingWithoutServer(server: EformServer, profile: string): Promise<{ browser: BrowserContext; page: Page }> {
  const key = await apiKey(server.baseUrl, FILLER);
  const formId = await formIdByName(server.baseUrl, key, 'Demo melding');
  const browser = await launchProfile(profile);
  const page = browser.pages()[0] ?? (await browser.newPage());
  await signIn(page, server.baseUrl, FILLER);
  await controlledByServiceWorker(page);
  await openDemoMelding(page, server.baseUrl, formId);
  await server.stop();
  await page.reload();
  await page.getByRole('heading', { name: 'Demo melding', level: 1 }).waitFor({ timeout: TIMEOUT });
  return { browser, page };
}

async function openDemoMelding(page: Page, baseUrl: string, formId: string): Promise<void> {
  await page.goto(`${baseUrl}/form/${formId}/0`);
  await page.getByRole('heading', { name: 'Demo melding', level: 1 }).waitFor({ timeout: TIMEOUT });
}

/** Opens the saved registration from the list (the one row) and waits for its values. */
async function openSaved(page: Page, description: string): Promise<void> {
  await page.getByRole('link', { name: 'Demo melding openen' }).click();
  await page.getByRole('heading', { name: 'Demo melding', level: 1 }).waitFor({ timeout: TIMEOUT });
  await expectValue(page.getByLabel('Omschrijving'), description);
}

/** Changes the description with the network switched off and saves on the device. */
async function editOffline(context: BrowserContext, page: Page, description: string): Promise<void> {
  await context.setOffline(true);
  const field = page.getByLabel('Omschrijving');
  await field.fill(description);
  const save = page.getByRole('button', { name: 'Formulier offline opslaan' });
  await save.click();
  await visible(page, SAVED_TOAST);
  await atPath(page, '/unsend-registration-list');
}

/** Uploaded files of every client of a server's data dir. */
function filesOnServer(dataDir: string): number {
  const tenants = join(dataDir, 'tenants');
  return readdirSync(tenants).reduce((sum, tenant) => {
    try {
      return sum + readdirSync(join(tenants, tenant, 'files')).length;
    } catch {
      return sum; // a client without uploads has no files folder yet
    }
  }, 0);
}

interface MyRegistration {
  _id: string;
  client_id?: string;
  values: Record<string, unknown>;
}

function rows(page: Page) {
  return page.getByTestId('saved-registration-row');
}

interface DeviceCounts {
  savedRegistrations: number;
  forms: number;
  folderTrees: number;
}

/** What the device store holds, read straight from IndexedDB (whoever is signed in). */
function deviceCounts(page: Page): Promise<DeviceCounts> {
  return page.evaluate(
    () =>
      new Promise<DeviceCounts>((resolve, reject) => {
        const open = indexedDB.open('eform-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const store = open.result;
          const names = ['savedRegistrations', 'forms', 'folderTrees'] as const;
          const tx = store.transaction([...names], 'readonly');
          const counts: DeviceCounts = { savedRegistrations: -1, forms: -1, folderTrees: -1 };
          for (const name of names) {
            const request = tx.objectStore(name).count();
            request.onsuccess = () => {
              counts[name] = request.result;
            };
          }
          tx.oncomplete = () => {
            store.close();
            resolve(counts);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

/** The answer to the app's next sync call, started after this moment. */
function nextSync(page: Page) {
  const after = Date.now();
  return page.waitForResponse(
    (response) => response.url().endsWith('/api/saved-registrations-sync') && response.request().timing().startTime >= after,
    { timeout: TIMEOUT },
  );
}

export const offlineScenarios: Scenario[] = [
  {
    name: 'j: offline save survives a stopped server and a browser restart, then syncs once',
    async run({ server }) {
      const key = await apiKey(server.baseUrl, FILLER);
      const formId = await formIdByName(server.baseUrl, key, 'Demo melding');
      const profile = mkdtempSync(join(tmpdir(), 'eform-e2e-profile-'));
      let browser: BrowserContext | null = null;
      try {
        let page: Page;
        ({ browser, page } = await demoMeldingWithoutServer(server, profile));
        await page.getByLabel('Omschrijving').fill('Offline melding e2e');
        await page.getByLabel('Aantal').fill('3');
        await page.getByRole('button', { name: 'Formulier offline opslaan' }).click();
        await visible(page, SAVED_TOAST);
        await atPath(page, '/unsend-registration-list');
        // The form's summary template rendered on the device: '<strong>$omschrijving$</strong> ($aantal$ stuks)'.
        await rows(page).getByRole('cell', { name: 'Offline melding e2e (3 stuks)', exact: true }).waitFor({ timeout: TIMEOUT });

        // Close the browser and start it again on the same profile, the server still down.
        await browser.close();
        browser = await launchProfile(profile);
        page = browser.pages()[0] ?? (await browser.newPage());
        await page.goto(`${server.baseUrl}/unsend-registration-list`);
        await page.getByRole('link', { name: 'Demo melding openen' }).waitFor({ timeout: TIMEOUT });
        await expectCount(rows(page), 1, 'saved registrations after the restart');

        // The server returns; the app notices on its own and syncs.
        await server.resume();
        const saved = await waitForServer(server.baseUrl, key, 'the offline registration', (list) =>
          list.some((entry) => entry.values.omschrijving === 'Offline melding e2e'),
        );
        const copies = saved.filter((entry) => entry.values.omschrijving === 'Offline melding e2e');
        assert(copies.length === 1, `the server holds ${copies.length} copies`);
        assert(copies[0]?.form_id === formId && String(copies[0]?.values.aantal) === '3', `wrong copy: ${JSON.stringify(copies[0])}`);
        // A second start syncs again and must not add a copy: wait for that sync's answer.
        const resynced = nextSync(page);
        await page.reload();
        assert((await resynced).status() === 201, 'the sync after the restart failed');
        const after = (await savedOnServer(server.baseUrl, key)).filter((entry) => entry.values.omschrijving === 'Offline melding e2e');
        assert(after.length === 1, `after a restart the server holds ${after.length} copies`);
        await expectCount(rows(page), 1, 'saved registrations on the device after the second sync');
      } finally {
        await browser?.close().catch(() => undefined);
        rmSync(profile, { recursive: true, force: true });
      }
    },
  },
  {
    name: 'k: two devices edit one saved registration; each version can be kept',
    async run({ server, context: deviceA, page: pageA, browser }) {
      const key = await apiKey(server.baseUrl, FILLER);
      const formId = await formIdByName(server.baseUrl, key, 'Demo melding');
      const info = await apiGet<{ clients: { id: string }[] }>(server.baseUrl, key, '/api/user/info');
      const fillToken = crypto.randomUUID();
      const created = await fetch(`${server.baseUrl}/api/saved-registrations-sync`, {
        method: 'POST',
        headers: { 'api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify([
          {
            fill_token: fillToken,
            form_id: formId,
            client_id: info.clients[0]?.id,
            form_name: 'Demo melding',
            form_summary: null,
            schema: [],
            values: { omschrijving: 'Begin', aantal: 1 },
            registration_updated_at: new Date().toISOString(),
            registration_saved_deleted_at: null,
            unsynced: true,
          },
        ]),
      });
      assert(created.status === 201, `creating the saved registration answered ${created.status}`);

      const deviceB = await browser.newContext(CONTEXT_OPTIONS);
      try {
        const pageB = await deviceB.newPage();
        for (const page of [pageA, pageB]) {
          await signIn(page, server.baseUrl, FILLER);
          await page.goto(`${server.baseUrl}/unsend-registration-list`);
          await openSaved(page, 'Begin');
        }

        // A edits offline and syncs first: the server's copy moves on.
        await editOffline(deviceA, pageA, 'Versie A');
        await deviceA.setOffline(false);
        await waitForServer(server.baseUrl, key, 'version A', (list) => list.some((e) => e.fill_token === fillToken && e.values.omschrijving === 'Versie A'));

        // B edited the old copy: its sync gets the conflict; B keeps its own version.
        await editOffline(deviceB, pageB, 'Versie B');
        await deviceB.setOffline(false);
        await pageB.getByText('Conflict', { exact: true }).waitFor({ timeout: RECONNECT_TIMEOUT });
        await pageB.getByRole('button', { name: 'Kies versie' }).click();
        await pageB.getByRole('dialog', { name: 'Kies versie' }).getByRole('button', { name: 'Versie op dit apparaat' }).click();
        await waitForServer(server.baseUrl, key, 'version B', (list) => list.some((e) => e.fill_token === fillToken && e.values.omschrijving === 'Versie B'));
        await pageB.getByText('Conflict', { exact: true }).waitFor({ state: 'detached', timeout: TIMEOUT });

        // A edits its (now outdated) copy again: conflict; A keeps the server's version (B's).
        await openSaved(pageA, 'Versie A');
        await editOffline(deviceA, pageA, 'Versie A2');
        await deviceA.setOffline(false);
        await pageA.getByText('Conflict', { exact: true }).waitFor({ timeout: RECONNECT_TIMEOUT });
        await pageA.getByRole('button', { name: 'Kies versie' }).click();
        await pageA.getByRole('dialog', { name: 'Kies versie' }).getByRole('button', { name: 'Versie op de server' }).click();
        await pageA.getByText('Conflict', { exact: true }).waitFor({ state: 'detached', timeout: TIMEOUT });
        await openSaved(pageA, 'Versie B');

        const final = (await savedOnServer(server.baseUrl, key)).filter((e) => e.fill_token === fillToken);
        assert(final.length === 1 && final[0]?.values.omschrijving === 'Versie B', `server ends with ${JSON.stringify(final)}`);
      } finally {
        await deviceB.close();
      }
    },
  },
  {
    name: 'l: a send cut off after the server committed is not duplicated when retried',
    async run({ server, page }) {
      const key = await apiKey(server.baseUrl, FILLER);
      const formId = await formIdByName(server.baseUrl, key, 'Demo melding');
      await signIn(page, server.baseUrl, FILLER);
      await openDemoMelding(page, server.baseUrl, formId);
      await page.getByLabel('Omschrijving').fill('Onderbroken verzending e2e');
      await page.getByLabel('Aantal').fill('7');

      // The request reaches the server (which commits), then the connection drops before the
      // answer arrives, as when the signal goes while the server works.
      let committed = 0;
      await page.route('**/api/registration/', async (route) => {
        const answer = await route.fetch();
        committed = answer.status();
        await route.abort('connectionreset');
      });
      await page.getByRole('button', { name: 'Versturen' }).click();
      await visible(page, 'Er is iets mis gegaan met het versturen van de registratie.');
      assert(committed === 201, `the first send answered ${committed} on the server`);
      await page.unroute('**/api/registration/');

      // Once the app sees the server again the user sends again: the same fill token, one registration.
      const send = page.getByRole('button', { name: 'Versturen' });
      await expectEnabled(send, RECONNECT_TIMEOUT);
      await send.click();
      await page.getByRole('dialog', { name: 'Uw registratie is verstuurd.' }).waitFor({ timeout: 30_000 });

      // A fresh server: this user's only registration is the one sent here.
      const mine = await apiGet<{ registrations_count: number; registrations: { values?: Record<string, unknown> }[] }>(
        server.baseUrl,
        key,
        '/api/my-registrations',
      );
      assert(mine.registrations_count === 1, `the server holds ${mine.registrations_count} registrations of the interrupted send`);
      assert(JSON.stringify(mine.registrations[0]).includes('Onderbroken verzending e2e'), 'the registration lacks its values');
      // Nothing is left on the device once the server acknowledged the send.
      await page.goto(`${server.baseUrl}/unsend-registration-list`);
      await visible(page, 'U heeft momenteel geen onverstuurde registraties.');
    },
  },
  {
    name: 'm: ten taps on the avatar open the iOS and saved-registrations debug pages',
    async run({ server, page }) {
      await signIn(page, server.baseUrl, FILLER);
      const avatar = page.getByRole('img', { name: `Ingelogd als ${FILLER}` });
      for (let i = 0; i < 10; i++) await avatar.click();
      await atPath(page, '/debug/ios-debugging');
      await page.getByRole('heading', { name: 'iOS debugging', level: 1 }).waitFor({ timeout: TIMEOUT });
      await visible(page, 'Camera en bestanden');
      await page.getByRole('link', { name: 'Opgeslagen registraties (debug)' }).click();
      await atPath(page, '/debug/unsaved-registrations');
      await visible(page, 'Er staan geen registraties op dit apparaat.');
    },
  },
  {
    name: 'p: logout on a shared device keeps an offline registration for its owner only; it syncs at their next login',
    async run({ server, page }) {
      const OTHER = 'twee@demo.eform.nl';
      const keyA = await apiKey(server.baseUrl, FILLER);
      const keyB = await apiKey(server.baseUrl, OTHER);
      const formId = await formIdByName(server.baseUrl, keyA, 'Demo melding');
      const description = 'Gedeeld apparaat e2e';
      const mine = (list: SavedEntity[]) => list.filter((entry) => entry.values.omschrijving === description);

      // A saves a registration with the server stopped.
      await signIn(page, server.baseUrl, FILLER);
      await controlledByServiceWorker(page);
      await openDemoMelding(page, server.baseUrl, formId);
      await server.stop();
      await page.reload();
      await page.getByLabel('Omschrijving').fill(description);
      await page.getByLabel('Aantal').fill('2');
      await page.getByRole('button', { name: 'Formulier offline opslaan' }).click();
      await visible(page, SAVED_TOAST);
      await atPath(page, '/unsend-registration-list');
      await rows(page).getByRole('cell', { name: `${description} (2 stuks)`, exact: true }).waitFor({ timeout: TIMEOUT });

      // Logging out offline warns that it stays on this device and asks first.
      await page.getByRole('link', { name: 'Uitloggen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Toch uitloggen?' });
      await dialog.getByText('Er staat nog 1 opgeslagen registratie alleen op dit apparaat', { exact: false }).waitFor({ timeout: TIMEOUT });
      await dialog.getByRole('button', { name: 'Toch uitloggen' }).click();
      await atPath(page, '/login');
      // What the server has is gone from the device; the one registration only here stays.
      await eventually('the device after logout', () => deviceCounts(page), (counts) =>
        counts.savedRegistrations === 1 && counts.forms === 0 && counts.folderTrees === 0,
      );

      // B signs in on the same browser: B's sync neither shows nor sends A's registration.
      await server.resume();
      const syncOfB = nextSync(page);
      await signIn(page, server.baseUrl, OTHER);
      assert((await syncOfB).status() === 201, 'the sync after B signed in failed');
      await page.goto(`${server.baseUrl}/unsend-registration-list`);
      await visible(page, 'U heeft momenteel geen onverstuurde registraties.');
      await expectCount(rows(page), 0, "A's registration in B's list");
      assert(mine(await savedOnServer(server.baseUrl, keyB)).length === 0, "B's sync sent A's registration");
      assert(mine(await savedOnServer(server.baseUrl, keyA)).length === 0, 'the registration reached the server without A');
      assert((await deviceCounts(page)).savedRegistrations === 1, "A's registration left the device while B was signed in");
      await page.getByRole('link', { name: 'Uitloggen' }).click();
      await atPath(page, '/login');

      // A signs in again: the registration syncs, once, and is listed with its summary.
      await signIn(page, server.baseUrl, FILLER);
      const saved = await waitForServer(server.baseUrl, keyA, "A's offline registration", (list) => mine(list).length > 0);
      assert(mine(saved).length === 1 && String(mine(saved)[0]?.values.aantal) === '2', `the server holds ${JSON.stringify(mine(saved))}`);
      await page.goto(`${server.baseUrl}/unsend-registration-list`);
      await rows(page).getByRole('cell', { name: `${description} (2 stuks)`, exact: true }).waitFor({ timeout: TIMEOUT });
      await expectCount(rows(page), 1, "A's saved registrations");
    },
  },
  {
    name: 's: a photo attached without a server survives a browser restart and is uploaded once with its registration',
    async run({ server }) {
      const key = await apiKey(server.baseUrl, FILLER);
      const description = 'Lantaarnpaal zonder bereik';
      const profile = mkdtempSync(join(tmpdir(), 'eform-e2e-profile-'));
      let browser: BrowserContext | null = null;
      try {
        // No signal: the server is gone while the inspector fills in the form and takes the photo.
        let page: Page;
        ({ browser, page } = await demoMeldingWithoutServer(server, profile));
        await page.getByLabel('Omschrijving').fill(description);
        await page.getByLabel('Aantal').fill('1');
        await page.getByLabel('Foto', { exact: true }).setInputFiles({ name: 'lantaarnpaal.png', mimeType: 'image/png', buffer: makePng(64, 48) });
        await visible(page, 'Bewaard op dit apparaat; wordt geupload bij het versturen.', false);
        await page.getByRole('img', { name: 'Voorbeeld van lantaarnpaal.jpg' }).waitFor({ timeout: TIMEOUT });
        await page.getByRole('button', { name: 'Formulier offline opslaan' }).click();
        await visible(page, SAVED_TOAST);
        await atPath(page, '/unsend-registration-list');

        // The browser is closed and started again, still without a server.
        await browser.close();
        browser = await launchProfile(profile);
        page = browser.pages()[0] ?? (await browser.newPage());
        await page.goto(`${server.baseUrl}/unsend-registration-list`);
        await openSaved(page, description);
        await visible(page, 'Bewaard op dit apparaat; wordt geupload bij het versturen.', false);
        await page.getByRole('img', { name: 'Voorbeeld van lantaarnpaal.jpg' }).waitFor({ timeout: TIMEOUT });

        // Back in range: the app notices the server and the form can be sent.
        const filesBefore = filesOnServer(server.dataDir);
        await server.resume();
        const send = page.getByRole('button', { name: 'Versturen' });
        await send.waitFor({ timeout: RECONNECT_TIMEOUT });
        await expectEnabled(send, RECONNECT_TIMEOUT);
        await send.click();
        await page.getByRole('dialog', { name: 'Uw registratie is verstuurd.' }).waitFor({ timeout: TIMEOUT });

        const mine = await apiGet<{ registrations: MyRegistration[] }>(server.baseUrl, key, '/api/my-registrations?page=0');
        const sent = mine.registrations.filter((registration) => registration.values.omschrijving === description);
        assert(sent.length === 1, `the server holds ${sent.length} registrations of the photo`);
        const foto = (sent[0]?.values.foto ?? []) as { url: string; filename: string; filemime: string }[];
        assert(foto.length === 1 && foto[0]?.filemime === 'image/jpeg', `foto is ${JSON.stringify(foto)}`);
        assert(filesOnServer(server.dataDir) === filesBefore + 1, `${filesOnServer(server.dataDir) - filesBefore} files were stored`);
        // The photo downloads as an image the browser can decode, at the size it was taken.
        const size = await page.evaluate(
          async ({ url, apiKeyValue }) => {
            const response = await fetch(url, { headers: { 'api-key': apiKeyValue } });
            const bitmap = await createImageBitmap(await response.blob());
            return { status: response.status, width: bitmap.width, height: bitmap.height };
          },
          { url: foto[0]?.url ?? '', apiKeyValue: key },
        );
        assert(size.status === 200 && size.width === 64 && size.height === 48, `the download is ${JSON.stringify(size)}`);
        // Sent: no copy is left waiting on the device.
        await page.goto(`${server.baseUrl}/unsend-registration-list`);
        await visible(page, 'U heeft momenteel geen onverstuurde registraties.');
      } finally {
        await browser?.close().catch(() => undefined);
        rmSync(profile, { recursive: true, force: true });
      }
    },
  },
];
