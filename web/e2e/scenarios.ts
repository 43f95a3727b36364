import type { BrowserContext, Page } from 'playwright-core';
import type { EformServer } from './harness';

export interface ScenarioContext {
  server: EformServer;
  context: BrowserContext;
  page: Page;
}

export interface Scenario {
  name: string;
  run(ctx: ScenarioContext): Promise<void>;
}

const PASSWORD = 'eform-demo';
const TIMEOUT = 15_000;
const OFFLINE_TEXT =
  'U bent momenteel offline. U kunt geen formulieren versturen en hebt mogelijk niet de nieuwste versie van formulieren beschikbaar. Ga niet uitloggen als u nog opgeslagen registraties heeft die alleen op dit apparaat staan.';

async function visible(page: Page, text: string, exact = true): Promise<void> {
  await page.getByText(text, { exact }).first().waitFor({ state: 'visible', timeout: TIMEOUT });
}

async function atPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: TIMEOUT });
}

async function signIn(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await atPath(page, '/dashboard');
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: TIMEOUT });
}

/** The message the server answers to a POST, read directly so the UI check does not hard-code it. */
async function serverMessage(url: string, init: RequestInit): Promise<string> {
  const body = (await (await fetch(url, { method: 'POST', ...init })).json()) as { message?: string };
  if (!body.message) throw new Error(`${url} answered without a message`);
  return body.message;
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

export const scenarios: Scenario[] = [
  {
    name: 'a: sign in, switch client, sign out',
    async run({ server, page }) {
      await signIn(page, server.baseUrl, 'twee@demo.eform.nl');
      await visible(page, 'Formulieren invullen');
      await visible(page, 'twee@demo.eform.nl');
      const selector = page.getByLabel('Klant');
      assert(await selector.isEnabled(), 'client selector is disabled for a user with two clients');
      await selector.selectOption({ label: 'Tweede Gemeente' });
      await visible(page, 'Je kan nu met klant "Tweede Gemeente" werken.');
      await atPath(page, '/dashboard');
      const stored = await page.evaluate(() => localStorage.getItem('eform.last-client'));
      const chosen = await selector.inputValue();
      assert(stored === chosen, `last client ${stored} is not the selected ${chosen}`);
      await page.getByRole('link', { name: 'Uitloggen' }).click();
      await atPath(page, '/login');
      await page.getByRole('heading', { name: 'Inloggen' }).waitFor({ timeout: TIMEOUT });
      const session = await page.evaluate(() => localStorage.getItem('eform.auth'));
      assert(session === null, 'session still stored after logout');
    },
  },
  {
    name: 'b: guards redirect signed-out and signed-in visitors',
    async run({ server, page }) {
      await page.goto(`${server.baseUrl}/dashboard`);
      await atPath(page, '/login');
      await signIn(page, server.baseUrl, 'invuller@demo.eform.nl');
      await page.goto(`${server.baseUrl}/login`);
      await atPath(page, '/dashboard');
    },
  },
  {
    name: 'c: offline banner when the browser goes offline',
    async run({ server, context, page }) {
      await signIn(page, server.baseUrl, 'invuller@demo.eform.nl');
      assert((await page.getByText(OFFLINE_TEXT).count()) === 0, 'offline banner shown while online');
      await context.setOffline(true);
      await visible(page, OFFLINE_TEXT);
      await context.setOffline(false);
      await page.getByText(OFFLINE_TEXT).waitFor({ state: 'detached', timeout: TIMEOUT });
    },
  },
  {
    name: 'd: app shell opens from the service worker with the server stopped',
    async run({ server, page }) {
      await signIn(page, server.baseUrl, 'invuller@demo.eform.nl');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      // A first visit is not controlled by the freshly installed worker; a reload is.
      await page.reload();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: TIMEOUT });

      await server.stop();
      await page.reload();
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: TIMEOUT });
      await visible(page, OFFLINE_TEXT);
      // A deep link never loaded before still gets the app shell (navigateFallback).
      await page.goto(`${server.baseUrl}/bestaat/niet`);
      await page.getByRole('heading', { name: 'Pagina niet gevonden' }).waitFor({ timeout: TIMEOUT });

      await server.resume();
      await page.goto(`${server.baseUrl}/dashboard`);
      await page.getByText(OFFLINE_TEXT).waitFor({ state: 'detached', timeout: 30_000 });
    },
  },
  {
    name: 'e: admin section and environment banner for admins only',
    async run({ server, context, page }) {
      await signIn(page, server.baseUrl, 'admin@demo.eform.nl');
      await page.getByRole('link', { name: 'Klanten beheer' }).waitFor({ timeout: TIMEOUT });
      await page.getByRole('link', { name: 'Admin dashboard' }).waitFor({ timeout: TIMEOUT });
      await visible(page, 'Omgeving:', false);
      await page.getByRole('link', { name: 'Uitloggen' }).click();
      await atPath(page, '/login');

      const filler = await context.newPage();
      await signIn(filler, server.baseUrl, 'invuller@demo.eform.nl');
      await visible(filler, 'Formulier invullen');
      assert((await filler.getByRole('link', { name: 'Klanten beheer' }).count()) === 0, 'form filler sees Klanten beheer');
      assert((await filler.getByText('Omgeving:').count()) === 0, 'form filler sees the environment banner');
    },
  },
  {
    name: 'f: wrong credentials and password flows show the server messages',
    async run({ server, page }) {
      const wrong = await serverMessage(`${server.baseUrl}/api/user/login`, {
        body: new URLSearchParams({ username: 'invuller@demo.eform.nl', password: 'niet-het-wachtwoord' }),
      });
      await page.goto(`${server.baseUrl}/login`);
      await page.getByLabel('E-mailadres').fill('invuller@demo.eform.nl');
      await page.getByLabel('Wachtwoord').fill('niet-het-wachtwoord');
      await page.getByRole('button', { name: 'Inloggen' }).click();
      await visible(page, wrong);
      assert(new URL(page.url()).pathname === '/login', `left the login page after a failed login: ${page.url()}`);

      await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
      await atPath(page, '/user/password-forgotten');
      const neutral = await serverMessage(`${server.baseUrl}/api/user/password-forgotten`, {
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'onbekend@demo.eform.nl' }),
      });
      await page.getByLabel('E-mailadres').fill('invuller@demo.eform.nl');
      await page.getByRole('button', { name: 'Verstuur' }).click();
      await visible(page, neutral);

      const invalid = await serverMessage(`${server.baseUrl}/api/user/password-reset`, {
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ token: 'geen-geldige-token', password: 'nieuw-wachtwoord' }),
      });
      await page.goto(`${server.baseUrl}/user/reset-password/geen-geldige-token`);
      await page.getByLabel(/^Nieuw wachtwoord/).fill('kort');
      await page.getByLabel('Herhaal nieuw wachtwoord').fill('kort');
      await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
      await visible(page, 'Het wachtwoord moet minimaal 8 tekens lang zijn.');
      await page.getByLabel(/^Nieuw wachtwoord/).fill('nieuw-wachtwoord');
      await page.getByLabel('Herhaal nieuw wachtwoord').fill('nieuw-wachtwoord');
      await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
      await visible(page, invalid);
    },
  },
];
