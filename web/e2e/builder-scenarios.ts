/**
 * Issue 5's end-to-end scenarios: a form manager builds a form through the screens (folder,
 * form, one element of every type offered, a rule, publish, guest access); a field user fills
 * it in and the rule works; a user without 'eform manage forms' gets no add buttons.
 */
import type { Locator, Page } from 'playwright-core';
import { CONTEXT_OPTIONS } from './browser';
import {
  addElement,
  atPath,
  createFolder,
  createForm,
  eventually,
  expectCount,
  makePng,
  openFormToFill,
  type Scenario,
  setSwitch,
  signIn,
  TIMEOUT,
  visible,
} from './steps';

const MANAGER = 'formulieren@demo.eform.nl';
const FILLER = 'invuller@demo.eform.nl';
const FOLDER = 'E2E inspecties';
const FORM = 'E2E schouw';

/**
 * The element types a form manager can add, by their Dutch names in the add panel, with what
 * each needs beyond its defaults before 'Klaar' accepts it.
 */
const ELEMENTS: { type: string; complete?: (dialog: Locator) => Promise<void> }[] = [
  { type: 'Tekstveld' },
  { type: 'Tekstvlak' },
  { type: 'Getal' },
  { type: 'E-mailadres' },
  { type: 'Datum' },
  { type: 'Tijd' },
  { type: 'Datum en tijd' },
  { type: 'Vinkje' },
  { type: 'Meerdere keuzes' },
  { type: 'Keuzerondjes', complete: option('ja', 'Ja') },
  { type: 'Keuzelijst', complete: option('goed', 'Goed') },
  { type: 'Bestand' },
  { type: 'Foto' },
  { type: 'Kop' },
  { type: 'Handtekening' },
  { type: 'Subformulier', complete: (dialog) => dialog.getByLabel('Registratie label').fill('Bevinding') },
  { type: 'Berekening', complete: (dialog) => dialog.getByLabel('Formule').fill('2,5 * 2') },
  { type: 'Kaart' },
  { type: 'GPS locatie' },
  { type: 'Route volgen' },
  { type: 'QR-code scanner' },
  { type: 'Zoeken' },
  { type: 'Vaste tekst', complete: (dialog) => dialog.getByLabel('Tekst', { exact: true }).fill('Loop de hele straat na.') },
  {
    type: 'Afbeelding',
    complete: async (dialog) => {
      await dialog.getByLabel('Afbeelding uploaden').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: makePng() });
      await dialog.getByText('Huidig bestand: logo.png').waitFor({ timeout: TIMEOUT });
    },
  },
  {
    type: 'Vast bestand',
    complete: async (dialog) => {
      await dialog.getByLabel('Bestand uploaden').setInputFiles({ name: 'instructie.txt', mimeType: 'text/plain', buffer: Buffer.from('Instructie voor de schouw.\n') });
      await dialog.getByText('Huidig bestand: instructie.txt').waitFor({ timeout: TIMEOUT });
    },
  },
  { type: 'Fase overgang' },
];

/** Admin-only types a form manager must not be offered. */
const ADMIN_ONLY = ['Gekoppeld formulier', 'Berekend veld'];

function option(value: string, label: string): (dialog: Locator) => Promise<void> {
  return async (dialog) => {
    await dialog.getByLabel('Waarde van optie 1').fill(value);
    await dialog.getByLabel('Label van optie 1').fill(label);
  };
}

/** Picks `choice` in the MUI select labelled `label` inside `scope`. */
async function choose(page: Page, scope: Locator, label: string, choice: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: choice, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached', timeout: TIMEOUT });
}

export const builderScenarios: Scenario[] = [
  {
    name: 'n: a form manager builds, publishes and shares a form; a field user fills it and its rule works',
    async run({ server, page, browser }) {
      await signIn(page, server.baseUrl, MANAGER);

      // Folder, and the form created from it in the form list.
      await createFolder(page, server.baseUrl, FOLDER);
      const formPath = await createForm(page, server.baseUrl, FOLDER, FORM);

      // Elements: one of every type offered to a form manager.
      await page.getByRole('tab', { name: 'Aanpassen' }).click();
      await atPath(page, `${formPath}/edit`);
      await visible(page, 'Dit formulier heeft nog geen elementen. Voeg hieronder een element toe.');
      await page.getByRole('button', { name: 'Tekstveld toevoegen', exact: true }).waitFor({ timeout: TIMEOUT });
      for (const name of ADMIN_ONLY) {
        await expectCount(page.getByRole('button', { name: `${name} toevoegen`, exact: true }), 0, `'${name} toevoegen' for a form manager`);
      }
      for (const element of ELEMENTS) await addElement(page, element.type, element.complete);
      await page.getByRole('button', { name: 'Formulier opslaan' }).click();
      await visible(page, 'Het formulier is opgeslagen.');

      // A rule: 'Tekstvlak' is hidden while 'Tekstveld' says "verberg".
      await page.getByRole('tab', { name: 'Regels' }).click();
      await atPath(page, `${formPath}/rules`);
      await page.getByRole('button', { name: 'Regel toevoegen' }).click();
      await page.getByLabel('Naam van de regel').fill('Toelichting verbergen');
      const condition = page.getByRole('group', { name: 'Voorwaarde 1' });
      await choose(page, condition, 'Element', 'Tekstveld (tekstveld)');
      await choose(page, condition, 'Vergelijking', 'is gelijk aan (tekst)');
      await condition.getByRole('textbox', { name: 'Waarde' }).fill('verberg');
      const action = page.getByRole('group', { name: 'Actie 1' });
      await choose(page, action, 'Actie', 'Verberg');
      await choose(page, action, 'Element', 'Tekstvlak (tekstvlak)');
      await page.getByRole('button', { name: 'Regels opslaan' }).click();
      await visible(page, 'Regels zijn opgeslagen');

      // Publish and open to guests.
      await page.getByRole('tab', { name: 'Bekijk' }).click();
      await atPath(page, formPath);
      await setSwitch(page.getByRole('switch', { name: 'Gepubliceerd' }), true);
      await setSwitch(page.getByRole('switch', { name: 'Gasttoegang' }), true);
      const guestUrl = await eventually(
        'the public link of the guest form',
        () => page.getByLabel('Publieke link').inputValue(),
        (url) => url.startsWith(`${server.baseUrl}/guest/form/`),
      );

      // A guest opens the public link.
      const guest = await browser.newContext(CONTEXT_OPTIONS);
      try {
        const guestPage = await guest.newPage();
        await guestPage.goto(guestUrl);
        await guestPage.getByRole('heading', { name: FORM }).waitFor({ timeout: TIMEOUT });
      } finally {
        await guest.close();
      }

      // A field user finds the form in its folder and the rule takes effect.
      const field = await browser.newContext(CONTEXT_OPTIONS);
      try {
        const fieldPage = await field.newPage();
        await signIn(fieldPage, server.baseUrl, FILLER);
        await openFormToFill(fieldPage, FOLDER, FORM);
        const explanation = fieldPage.getByLabel('Tekstvlak');
        await explanation.waitFor({ timeout: TIMEOUT });
        await fieldPage.getByLabel('Tekstveld').fill('verberg');
        await explanation.waitFor({ state: 'hidden', timeout: TIMEOUT });
        await fieldPage.getByLabel('Tekstveld').fill('laten staan');
        await explanation.waitFor({ timeout: TIMEOUT });
      } finally {
        await field.close();
      }
    },
  },
  {
    name: 'o: without eform manage forms the form list has no add buttons',
    async run({ server, page }) {
      await signIn(page, server.baseUrl, 'lezer@demo.eform.nl');
      await page.goto(`${server.baseUrl}/admin/form-list`);
      await page.getByRole('heading', { name: 'Formulieren beheren', level: 1 }).waitFor({ timeout: TIMEOUT });
      await visible(page, 'Demo melding');
      for (const name of ['Formulier aanmaken', 'Map aanmaken']) {
        await expectCount(page.getByRole('button', { name }), 0, `the button '${name}' for lezer`);
        await expectCount(page.getByRole('link', { name, exact: true }), 0, `the link '${name}' for lezer`);
      }
      await expectCount(page.getByLabel(/^Formulier aanmaken in map /), 0, 'adding a form to a folder for lezer');
    },
  },
];
