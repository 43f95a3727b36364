/**
 * Keyboard and screen-reader friendliness, checked by axe-core in the real browser on the screens
 * people use most (see `accessibility.ts`):
 * - toegankelijk1: an admin on a wide screen, from the sign-in screen through the fill-in, the form
 *   builder's tabs, the client's pages, datasources and the admin dashboard, with a subform open.
 * - toegankelijk2: a field user on a phone: the closed and the opened menu, a form sent too early
 *   (its error toast and field errors), the sent dialog, and a registration opened again; and
 *   no screen of theirs wider than the phone.
 * - toegankelijk3: the screens off the main paths: the guest form (its record search open) and
 *   the guest map as a visitor who is not signed in; then as an admin the form builder's element
 *   dialogs (a choice, a search, an image, a subform, a linked form, a map, and a new element
 *   refused by 'Klaar'), the rule editor with a refused rule and its token menu, a new e-mail's
 *   token menu, the exports of registrations and of a datasource with the menus before them,
 *   and the form's overview no wider than a 320 px screen.
 * A failure lists every element and rule, with the screen it was found on.
 */
import type { Page } from 'playwright-core';
import { checkScreen, checkWidth } from './accessibility';
import { CONTEXT_OPTIONS } from './browser';
import { stayOffTheInternet } from './map-scenarios';
import { apiGet, apiKey, formIdByName, type Scenario, signIn, TIMEOUT } from './steps';

const ADMIN = 'admin@demo.eform.nl';
const FILLER = 'invuller@demo.eform.nl';
/** The seeded map element's uuid (seeds/demo-forms.json), with its guest map on. */
const MAP_UUID = 'b3000000-0000-4000-8000-000000000001';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;

function assertNone(found: readonly string[]): void {
  if (found.length > 0) throw new Error(`${found.length} accessibility problems:\n  ${found.join('\n  ')}`);
}

async function visit(page: Page, baseUrl: string, path: string, found: string[]): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await checkScreen(page, path, found);
}

export const accessibilityScenarios: Scenario[] = [
  {
    name: 'toegankelijk1: an admin meets no accessibility problem on the main screens (wide screen)',
    async run({ server, page }) {
      const found: string[] = [];
      const base = server.baseUrl;
      await visit(page, base, '/login', found);
      await signIn(page, base, ADMIN);

      const key = await apiKey(base, ADMIN);
      const info = await apiGet<{ clients: { id: string; uuid: string }[] }>(base, key, '/api/user/info');
      const client = info.clients[0]?.id ?? '';
      const form = await formIdByName(base, key, 'Alle elementen');
      const screens = [
        '/dashboard',
        '/folders',
        `/form/${form}/0`,
        '/my-registration-list',
        '/unsend-registration-list',
        '/assigned-registration-list',
        '/admin/form-list',
        '/admin/folder-list',
        '/admin/form-create',
        `/admin/form/${form}`,
        `/admin/form/${form}/edit`,
        `/admin/form/${form}/emails`,
        `/admin/form/${form}/rules`,
        `/admin/form/${form}/registrations`,
        `/admin/form/${form}/integrations`,
        '/clients/admin',
        `/clients/${client}`,
        `/clients/${client}/edit`,
        `/clients/${client}/users`,
        `/clients/${client}/user-groups`,
        `/clients/${client}/credits`,
        `/clients/${client}/credits-buy`,
        '/datasources',
        '/datasources/create/search',
        '/admin/dashboard',
      ];
      for (const path of screens) await visit(page, base, path, found);

      await page.goto(`${base}/form/${form}/0`);
      await page.getByRole('heading', { name: 'Alle elementen', level: 1 }).waitFor({ timeout: TIMEOUT });
      await page.getByRole('button', { name: 'Toevoegen' }).click();
      await page.getByRole('dialog', { name: 'Kostenposten' }).waitFor({ timeout: TIMEOUT });
      await checkScreen(page, 'subform Kostenposten', found);
      assertNone(found);
    },
  },
  {
    name: 'toegankelijk2: a field user meets no accessibility problem while sending a form (phone)',
    async run({ server, browser }) {
      const found: string[] = [];
      const base = server.baseUrl;
      const context = await browser.newContext({ ...CONTEXT_OPTIONS, ...PHONE });
      try {
        const page = await context.newPage();
        await signIn(page, base, FILLER);
        await checkScreen(page, 'dashboard', found);
        await checkWidth(page, 'dashboard', found);
        await page.getByRole('button', { name: 'Menu openen' }).click();
        await page.getByRole('dialog', { name: 'Navigatie' }).waitFor({ timeout: TIMEOUT });
        await checkScreen(page, 'menu opened', found);
        await page.keyboard.press('Escape');
        await page.getByRole('dialog', { name: 'Navigatie' }).waitFor({ state: 'hidden', timeout: TIMEOUT });

        const form = await formIdByName(base, await apiKey(base, FILLER), 'Demo melding');
        await visit(page, base, `/form/${form}/0`, found);
        await checkWidth(page, 'form', found);
        await page.getByRole('button', { name: 'Versturen' }).click();
        await page.getByText('Controleer het formulier. Sommige velden zijn niet of verkeerd ingevuld.').waitFor({ timeout: TIMEOUT });
        await checkScreen(page, 'form sent with errors', found);
        await page.getByRole('button', { name: 'Sluiten' }).click();

        await page.getByLabel(/^Omschrijving/).fill('Losse stoeptegel');
        await page.getByRole('button', { name: 'Versturen' }).click();
        const done = page.getByRole('dialog', { name: 'Uw registratie is verstuurd.' });
        await done.waitFor({ timeout: 30_000 });
        await checkScreen(page, 'sent dialog', found);
        await done.getByRole('button', { name: 'Gereed' }).click();

        await visit(page, base, '/folders', found);
        await checkWidth(page, 'folders', found);
        await visit(page, base, '/my-registration-list', found);
        await checkWidth(page, 'my registrations, one sent', found);
        // A page wider than the phone also keeps the row's button out of reach: say so first.
        assertNone(found);
        await page.getByRole('button', { name: /^Registratie .* bekijken$/ }).first().click();
        await page.getByRole('dialog', { name: /^Demo melding - / }).waitFor({ timeout: TIMEOUT });
        await checkScreen(page, 'registration opened', found);
        assertNone(found);
      } finally {
        await context.close();
      }
    },
  },
  {
    name: 'toegankelijk3: a guest and an admin meet no accessibility problem in the guest screens, the builder\'s dialogs and the exports',
    async run({ server, context, page }) {
      const found: string[] = [];
      const base = server.baseUrl;
      // The guest map's base map comes from PDOK; without it the plain local style draws.
      await stayOffTheInternet(context);
      const key = await apiKey(base, ADMIN);

      // Signed out: the guest form and the guest map.
      const guest = await formIdByName(base, key, 'Gastmelding');
      const { form_guest_id: guestId } = await apiGet<{ form_guest_id: string | null }>(base, key, `/api/form/${guest}`);
      await visit(page, base, `/guest/form/${guestId ?? ''}`, found);
      await page.getByRole('button', { name: 'Zoeken in registraties' }).click();
      await page.getByLabel('Zoekterm').waitFor({ timeout: TIMEOUT });
      await checkScreen(page, 'guest form, record search open', found);
      await visit(page, base, `/guest/map/${MAP_UUID}`, found);

      // An admin in the form builder: the element dialogs.
      await signIn(page, base, ADMIN);
      const all = await formIdByName(base, key, 'Alle elementen');
      const mapForm = await formIdByName(base, key, 'Demo kaartmelding');
      const editElement = async (form: string, label: string, type: string) => {
        await page.goto(`${base}/admin/form/${form}/edit`);
        await page.getByRole('button', { name: `${label} bewerken`, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: `${type} bewerken` });
        await dialog.waitFor({ timeout: TIMEOUT });
        await checkScreen(page, `element dialog ${label}`, found);
      };
      await editElement(all, 'Urgentie', 'Keuzelijst');
      await editElement(all, 'Straat', 'Zoeken');
      await editElement(all, 'Logo', 'Afbeelding');
      await editElement(all, 'Kostenposten', 'Subformulier');
      await editElement(all, 'Gekoppelde melding', 'Gekoppeld formulier');
      await editElement(mapForm, 'Welke lantaarnpaal is defect?', 'Kaart');
      await page.goto(`${base}/admin/form/${all}/edit`);
      await page.getByRole('button', { name: 'Keuzerondjes toevoegen', exact: true }).click();
      const added = page.getByRole('dialog', { name: 'Keuzerondjes bewerken' });
      await added.getByRole('button', { name: 'Klaar' }).click();
      await added.getByText('Controleer de velden van dit element.').waitFor({ timeout: TIMEOUT });
      await checkScreen(page, 'new element refused by Klaar', found);

      // The rule editor: a new rule, refused, then with a condition and its token menu open.
      await page.goto(`${base}/admin/form/${all}/rules`);
      await page.getByRole('button', { name: 'Regel toevoegen' }).click();
      await page.getByRole('button', { name: 'Regels opslaan' }).click();
      await page.getByLabel('Naam van de regel').last().waitFor({ timeout: TIMEOUT });
      await checkScreen(page, 'rule editor, rule refused', found);
      const condition = page.getByRole('group', { name: 'Voorwaarde 1' }).last();
      await condition.getByRole('combobox', { name: 'Element' }).click();
      await page.getByRole('option', { name: 'Onderwerp (onderwerp)', exact: true }).click();
      await condition.getByRole('combobox', { name: 'Vergelijking' }).click();
      await page.getByRole('option').first().click();
      await condition.getByRole('button', { name: 'Token invoegen' }).click();
      await page.getByRole('menu').waitFor({ timeout: TIMEOUT });
      await checkScreen(page, 'rule editor, token menu open', found);
      await page.keyboard.press('Escape');

      // The e-mails tab: a new e-mail, with the token menu of its rich text open.
      await page.goto(`${base}/admin/form/${all}/emails`);
      await page.getByRole('button', { name: 'E-mail toevoegen' }).click();
      await page.getByRole('toolbar').first().getByRole('button', { name: 'Token invoegen' }).click();
      await page.getByRole('menu').waitFor({ timeout: TIMEOUT });
      await checkScreen(page, 'e-mails, token menu open', found);
      await page.keyboard.press('Escape');

      // The exports: registrations (the menu, then the progress dialog) and a datasource.
      await page.goto(`${base}/admin/form/${all}/registrations`);
      await page.getByRole('button', { name: 'Downloaden' }).click();
      await page.getByRole('menu').waitFor({ timeout: TIMEOUT });
      await checkScreen(page, 'registrations, download menu open', found);
      await page.getByRole('menuitem', { name: 'CSV', exact: true }).click();
      await page.getByRole('dialog', { name: 'Download voorbereiden' }).waitFor({ timeout: TIMEOUT });
      await checkScreen(page, 'registrations, download dialog', found);
      await page.goto(`${base}/datasources`);
      await page.getByRole('button', { name: 'Databron toevoegen' }).click();
      await page.getByRole('menu').waitFor({ timeout: TIMEOUT });
      await checkScreen(page, 'datasources, add menu open', found);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'hidden', timeout: TIMEOUT });
      await page.getByRole('link', { name: 'Demo lantaarnpalen' }).first().click();
      await page.getByRole('heading', { name: 'Demo lantaarnpalen', level: 1 }).waitFor({ timeout: TIMEOUT });
      await page.getByRole('button', { name: 'Exporteren' }).click();
      await page.getByRole('dialog', { name: 'Databron exporteren' }).waitFor({ timeout: TIMEOUT });
      await checkScreen(page, 'datasource export dialog', found);

      // WCAG 1.4.10's narrowest screen: the form's overview with its edit panel and preview.
      await page.setViewportSize({ width: 320, height: 640 });
      await visit(page, base, `/admin/form/${all}`, found);
      await checkWidth(page, 'form overview at 320 px', found);
      assertNone(found);
    },
  },
];
