/**
 * Keyboard and screen-reader friendliness, checked by axe-core in the real browser on the screens
 * people use most (see `accessibility.ts`):
 * - toegankelijk1: an admin on a wide screen, from the sign-in screen through the fill-in, the form
 *   builder's tabs, the client's pages, datasources and the admin dashboard, with a subform open.
 * - toegankelijk2: a field user on a phone: the closed and the opened menu, a form sent too early
 *   (its error toast and field errors), the sent dialog, and a registration opened again; and
 *   no screen of theirs wider than the phone.
 * A failure lists every element and rule, with the screen it was found on.
 */
import type { Page } from 'playwright-core';
import { checkScreen, checkWidth } from './accessibility';
import { CONTEXT_OPTIONS } from './browser';
import { apiGet, apiKey, formIdByName, type Scenario, signIn, TIMEOUT } from './steps';

const ADMIN = 'admin@demo.eform.nl';
const FILLER = 'invuller@demo.eform.nl';
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
];
