/**
 * Issue 15's end-to-end scenario (spec 002 screens 16 to 19, sections 4 and 9; spec 000 section 9):
 * - z: a form manager adds a 'Zoeken' datasource from a ';' CSV with one bad row, follows the
 *   import, sees the bad row by its number on the detail, adds a 'Kaart items' datasource in
 *   RD New (Demo Gemeente has the map module), exports the search datasource as CSV, and puts it
 *   in a form's search element through the form builder; a field user picks an item and sends
 *   the form, then, offline, picks another item from the copy on the device and saves the form
 *   there; back online it reaches the server.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { CONTEXT_OPTIONS } from './browser';
import { controlledByServiceWorker, savedOnServer } from './offline-scenarios';
import {
  addElement,
  apiGet,
  apiKey,
  assert,
  atPath,
  createFolder,
  createForm,
  eventually,
  expectCount,
  OFFLINE_TEXT,
  type Scenario,
  setSwitch,
  signIn,
  TIMEOUT,
  visible,
} from './steps';

const MANAGER = 'formulieren@demo.eform.nl';
const FILLER = 'invuller@demo.eform.nl';
const FOLDER = 'E2E straten';
const FORM = 'E2E straatmelding';
const SEARCH_SOURCE = 'E2E straten';
const MAP_SOURCE = 'E2E lichtmasten';
/** The importer's reason for a row without a name (domain/src/messages.rs DATASOURCE_ROW_NAME). */
const NO_NAME = 'Deze regel heeft geen naam (object.name).';
/** Imports and exports are batches on the worker. */
const BATCH_TIMEOUT = 30_000;
/** The app probes the server again after the network returns, then syncs. */
const RECONNECT_TIMEOUT = 45_000;

/** Four good rows and, as row 4 (the header is row 1), one without a name. */
const STREETS_CSV = ['object.name;postcode', 'Zeedijkstraat;1791 AA', 'Zeedijklaan;1791 AB', ';1791 AC', 'Havenweg;1791 AD', 'Molensingel;1791 AE', ''].join('\n');
/** RD New (EPSG:28992): 155000;463000 is Amersfoort's Onze Lieve Vrouwetoren. */
const POSTS_CSV = ['object.name;object.status;object.x;object.y', 'Lichtmast toren;actief;155000;463000', 'Lichtmast Hof;defect;155210;463120', ''].join('\n');

/**
 * From the list, 'Databron toevoegen' and the kind; fills name (and coordinate system) and the
 * file, saves and follows the import dialog until the detail opens. Answers the detail's path.
 */
async function addDatasource(page: Page, kind: 'Zoeken' | 'Kaart items', name: string, file: string, content: string, crs?: string): Promise<string> {
  await page.getByRole('navigation', { name: 'Navigatie' }).getByRole('link', { name: 'Databronnen' }).click();
  await atPath(page, '/datasources');
  await page.getByRole('button', { name: 'Databron toevoegen' }).click();
  await page.getByRole('menuitem', { name: kind }).click();
  const type = kind === 'Zoeken' ? 'search' : 'map_features';
  await atPath(page, `/datasources/create/${type}`);
  const form = page.getByRole('form', { name: `Databron toevoegen: ${kind}` });
  await form.getByRole('textbox', { name: 'Naam' }).fill(name);
  if (crs) {
    await form.getByRole('combobox', { name: 'Coördinatenstelsel' }).click();
    await page.getByRole('option', { name: crs }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached', timeout: TIMEOUT });
  }
  await form.locator('input[type="file"]').setInputFiles({ name: file, mimeType: 'text/csv', buffer: Buffer.from(content, 'utf8') });
  await form.getByText(new RegExp(`^Gekozen: ${file} `)).waitFor({ timeout: TIMEOUT });

  // The progress dialog reports upload, save and import; watched from before the click, as a
  // small import is over quickly.
  const progressShown = page
    .getByRole('dialog', { name: 'Databron inlezen' })
    .getByRole('status')
    .filter({ hasText: /geupload|opgeslagen|inlezen|ingelezen/ })
    .waitFor({ timeout: TIMEOUT });
  await form.getByRole('button', { name: 'Databron aanmaken' }).click();
  await progressShown;
  await page.waitForURL((url) => new RegExp(`^/datasources/${type}/[^/]+$`).test(url.pathname), { timeout: BATCH_TIMEOUT });
  await visible(page, `Databron ${name} is aangemaakt.`);
  await page.getByRole('heading', { name, level: 1 }).waitFor({ timeout: TIMEOUT });
  return new URL(page.url()).pathname;
}

/** A value of the detail's list of facts ('Aantal items', …). */
async function fact(page: Page, term: string): Promise<string> {
  return (await page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]').first().innerText()).trim();
}

export const datasourceScenarios: Scenario[] = [
  {
    name: 'z: a form manager imports and exports datasources and puts one in a search element; a field user picks items online and offline',
    async run({ server, page, browser }) {
      await signIn(page, server.baseUrl, MANAGER);

      // 1. A search datasource from a ';' CSV: the good rows are read, the nameless one is reported by its number.
      const searchPath = await addDatasource(page, 'Zoeken', SEARCH_SOURCE, 'straten.csv', STREETS_CSV);
      const searchId = searchPath.split('/').at(-1) ?? '';
      await eventually('the item count of the search datasource', () => fact(page, 'Aantal items'), (count) => count === '4');
      await eventually('the data columns of the search datasource', () => fact(page, 'Datavelden'), (columns) => columns === 'postcode');
      await visible(page, '1 regel is niet ingelezen.');
      const errors = page.getByRole('table', { name: 'Regels die niet zijn ingelezen' });
      const errorRows = errors.getByRole('row').filter({ has: page.getByRole('cell') });
      await expectCount(errorRows, 1, 'import error rows');
      const cells = (await errorRows.first().getByRole('cell').allInnerTexts()).map((cell) => cell.trim());
      assert(cells[0] === '4' && cells[1] === NO_NAME, `the import error row is ${JSON.stringify(cells)}`);

      // A map datasource in RD New: Demo Gemeente has the map module (seeds/demo.json), so no paid-feature wall.
      await addDatasource(page, 'Kaart items', MAP_SOURCE, 'lichtmasten.csv', POSTS_CSV, 'EPSG:28992 (Amersfoort RD New)');
      await expectCount(page.getByRole('dialog', { name: 'Betaalde module' }), 0, 'the paid-feature wall');
      await eventually('the item count of the map datasource', () => fact(page, 'Aantal items'), (count) => count === '2');
      assert((await fact(page, 'Coördinatenstelsel')) === 'EPSG:28992 (Amersfoort RD New)', 'the coordinate system of the map datasource');
      await visible(page, 'De laatste import had geen fouten.');

      // 2. The export of the search datasource: progress, then the download and its link.
      await page.goto(`${server.baseUrl}${searchPath}`);
      await page.getByRole('heading', { name: SEARCH_SOURCE, level: 1 }).waitFor({ timeout: TIMEOUT });
      const downloading = page.waitForEvent('download', { timeout: BATCH_TIMEOUT });
      await page.getByRole('button', { name: 'Exporteren' }).click();
      const exporting = page.getByRole('dialog', { name: 'Databron exporteren' });
      await exporting.waitFor({ timeout: TIMEOUT });
      await exporting.getByText(/^De export is klaar/).waitFor({ timeout: BATCH_TIMEOUT });
      const link = exporting.getByRole('link', { name: 'CSV-bestand downloaden' });
      const download = await downloading;
      const downloaded = await readFile(await download.path());
      const href = await link.getAttribute('href');
      assert(href, 'the download link has no address');
      const fetched = await fetch(new URL(href, server.baseUrl));
      assert(fetched.ok, `the download link answered ${fetched.status}`);
      for (const csv of [downloaded.toString('utf8'), await fetched.text()]) {
        const lines = csv.replace(/^\uFEFF/, '').split(/\r?\n/).filter(Boolean);
        assert(lines[0] === 'object.name;postcode', `the export's header is ${JSON.stringify(lines[0])}`);
        assert(lines.length === 5 && lines.includes('Zeedijklaan;1791 AB'), `the export holds ${JSON.stringify(lines)}`);
      }
      await exporting.getByRole('button', { name: 'Sluiten' }).click();
      await exporting.waitFor({ state: 'detached', timeout: TIMEOUT });

      // 3. The datasource in a form's search element, through the form builder; then published.
      await createFolder(page, server.baseUrl, FOLDER);
      const formPath = await createForm(page, server.baseUrl, FOLDER, FORM);
      const formId = formPath.split('/').at(-1) ?? '';
      await page.getByRole('tab', { name: 'Aanpassen' }).click();
      await atPath(page, `${formPath}/edit`);
      await addElement(page, 'Zoeken', async (dialog) => {
        await dialog.getByRole('combobox', { name: 'Databron om in te zoeken' }).click();
        await page.getByRole('option', { name: SEARCH_SOURCE, exact: true }).click();
        await page.getByRole('listbox').waitFor({ state: 'detached', timeout: TIMEOUT });
      });
      await page.getByRole('button', { name: 'Formulier opslaan' }).click();
      await visible(page, 'Het formulier is opgeslagen.');
      await page.getByRole('tab', { name: 'Bekijk' }).click();
      await atPath(page, formPath);
      await setSwitch(page.getByRole('switch', { name: 'Gepubliceerd' }), true);
      const manager = await apiKey(server.baseUrl, MANAGER);
      const stored = await apiGet<{ schema: { elementType: string; searchSettings?: { datasourceId?: string } }[] }>(server.baseUrl, manager, `/api/form/${formId}`);
      const element = stored.schema.find((item) => item.elementType === 'search');
      assert(element?.searchSettings?.datasourceId === searchId, `the search element holds ${JSON.stringify(element)}`);

      // 4. A field user picks a street while online and sends the form.
      const device = await browser.newContext(CONTEXT_OPTIONS);
      try {
        const fieldPage = await device.newPage();
        const pageErrors: string[] = [];
        fieldPage.on('pageerror', (error) => pageErrors.push(error.message));
        await signIn(fieldPage, server.baseUrl, FILLER);
        await controlledByServiceWorker(fieldPage);
        const formUrl = `${server.baseUrl}/form/${formId}/0`;
        const pick = async (typed: string, item: string) => {
          const search = fieldPage.getByRole('main').getByRole('combobox', { name: 'Zoeken' });
          await search.fill(typed);
          await fieldPage.getByRole('listbox', { name: 'Zoeken' }).getByRole('option', { name: new RegExp(`^${item}`) }).click();
          await eventually(`${item} chosen`, () => search.inputValue(), (value) => value === item);
        };
        await fieldPage.goto(formUrl);
        await fieldPage.getByRole('heading', { name: FORM, level: 1 }).waitFor({ timeout: TIMEOUT });
        await pick('zeedijk', 'Zeedijklaan');
        await fieldPage.getByRole('button', { name: 'Versturen' }).click();
        const done = fieldPage.getByRole('dialog', { name: 'Uw registratie is verstuurd.' });
        await done.waitFor({ timeout: 30_000 });
        await done.getByRole('button', { name: 'Gereed' }).click();
        const filler = await apiKey(server.baseUrl, FILLER);
        const mine = await apiGet<{ registrations: { form_id?: string; values: Record<string, unknown> }[] }>(server.baseUrl, filler, '/api/my-registrations');
        const sent = mine.registrations.filter((registration) => JSON.stringify(registration.values).includes('Zeedijklaan'));
        assert(sent.length === 1, `the server holds ${sent.length} registrations with Zeedijklaan: ${JSON.stringify(mine.registrations)}`);
        assert(JSON.stringify(sent[0]?.values).includes('1791 AB'), `the chosen item lacks its data: ${JSON.stringify(sent[0]?.values)}`);

        // 5. Offline: the form opens again and the search list comes from the device's copy.
        await device.setOffline(true);
        await fieldPage.goto(formUrl);
        await fieldPage.getByRole('heading', { name: FORM, level: 1 }).waitFor({ timeout: TIMEOUT });
        await visible(fieldPage, OFFLINE_TEXT);
        await pick('haven', 'Havenweg');
        await expectCount(fieldPage.getByText('De lijst kon niet worden geladen. Probeer het opnieuw zodra u verbinding heeft.'), 0, 'the search list failure');
        await fieldPage.getByRole('button', { name: 'Formulier offline opslaan' }).click();
        await visible(fieldPage, 'Formulier is opgeslagen om later verzonden te worden');
        await atPath(fieldPage, '/unsend-registration-list');
        await expectCount(fieldPage.getByTestId('saved-registration-row'), 1, 'saved registrations on the device');

        // Back online, the saved registration reaches the server with the item chosen offline.
        await device.setOffline(false);
        const saved = await eventually(
          'the offline registration on the server',
          () => savedOnServer(server.baseUrl, filler),
          (list) => list.some((entry) => entry.form_id === formId),
          RECONNECT_TIMEOUT,
        );
        const copy = saved.filter((entry) => entry.form_id === formId);
        assert(copy.length === 1 && JSON.stringify(copy[0]?.values).includes('Havenweg'), `the server holds ${JSON.stringify(copy)}`);
        assert(pageErrors.length === 0, `uncaught errors in the field user's page:\n  ${pageErrors.join('\n  ')}`);
      } finally {
        await device.close();
      }
    },
  },
];
