import { join } from 'node:path';
import {
  apiGet,
  apiKey,
  assert,
  atPath,
  formIdByName,
  mailsIn,
  makePng,
  OFFLINE_TEXT,
  type Scenario,
  serverMessage,
  signIn,
  TIMEOUT,
  visible,
} from './steps';

const MAIL_TIMEOUT = 60_000;

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
  {
    name: 'g: fill in Alle elementen and find it in Mijn registraties',
    async run({ server, page }) {
      await signIn(page, server.baseUrl, 'invuller@demo.eform.nl');
      await page.getByRole('link', { name: 'Formulier invullen' }).click();
      await atPath(page, '/folders');
      await page.getByRole('treeitem', { name: 'Inspecties' }).click();
      await page.getByRole('treeitem', { name: 'Openbare ruimte' }).click();
      await page.getByRole('treeitem', { name: 'Alle elementen' }).click();
      await page.getByRole('heading', { name: 'Alle elementen', level: 1 }).waitFor({ timeout: TIMEOUT });

      await page.getByLabel('Onderwerp').fill('Kapotte lantaarnpaal');
      await page.getByLabel(/^Toelichting/).fill('Wordt verborgen');
      await page.getByLabel('Geen toelichting nodig').check();
      await page.getByLabel(/^Toelichting/).waitFor({ state: 'detached', timeout: TIMEOUT });
      await page.getByLabel('Aantal').fill('3');
      await page.getByLabel('Prijs per stuk').fill('2,5');
      const total = page.getByLabel('Totaal', { exact: true });
      await page.waitForFunction(
        (input) => (input as HTMLInputElement).value === '€ 7,50',
        await total.elementHandle(),
        { timeout: TIMEOUT },
      );
      await page.getByRole('radio', { name: 'Verlichting' }).check();

      const canvas = page.getByRole('img', { name: 'Tekenvlak voor Handtekening' });
      // The mouse works in viewport coordinates: the canvas must be on screen.
      await canvas.scrollIntoViewIfNeeded();
      const box = await canvas.boundingBox();
      assert(box, 'signature canvas has no size');
      await page.mouse.move(box.x + 20, box.y + 20);
      await page.mouse.down();
      await page.mouse.move(box.x + 120, box.y + 60, { steps: 8 });
      await page.mouse.move(box.x + 200, box.y + 30, { steps: 8 });
      await page.mouse.up();
      await visible(page, 'Handtekening is gezet.');

      await page.getByLabel('Foto', { exact: true }).setInputFiles({ name: 'e2e-foto.png', mimeType: 'image/png', buffer: makePng() });
      // Resized in the browser and stored as JPEG.
      await visible(page, 'e2e-foto.jpg');

      for (const [post, amount] of [['Verf', '12,5'], ['Kwasten', '3']] as const) {
        await page.getByRole('button', { name: 'Toevoegen' }).click();
        const dialog = page.getByRole('dialog', { name: 'Kostenposten' });
        await dialog.getByLabel('Post').fill(post);
        await dialog.getByLabel('Bedrag').fill(amount);
        await dialog.getByRole('button', { name: 'Versturen' }).click();
        await dialog.waitFor({ state: 'detached', timeout: TIMEOUT });
      }
      await visible(page, 'Kostenposten 2');
      const costs = page.getByLabel('Totaal kostenposten');
      await page.waitForFunction((input) => (input as HTMLInputElement).value === '15,5', await costs.elementHandle(), { timeout: TIMEOUT });

      // The submit button waits a second after a subform modal closes.
      const send = page.getByRole('button', { name: 'Versturen' });
      await page.waitForFunction((button) => !(button as HTMLButtonElement).disabled, await send.elementHandle(), { timeout: TIMEOUT });
      await send.click();
      const done = page.getByRole('dialog', { name: 'Uw registratie is verstuurd.' });
      await done.waitFor({ timeout: 30_000 });
      await done.getByRole('button', { name: 'Gereed' }).click();
      await atPath(page, '/folders');

      await page.getByRole('link', { name: 'Mijn registraties' }).click();
      await atPath(page, '/my-registration-list');
      const table = page.getByRole('table', { name: 'Mijn registraties' });
      await table.getByRole('cell', { name: 'Alle elementen' }).first().waitFor({ timeout: TIMEOUT });
      await table.getByText('Kapotte lantaarnpaal', { exact: false }).first().waitFor({ timeout: TIMEOUT });
      await table.getByRole('button', { name: /^Registratie .* bekijken$/ }).first().click();
      const detail = page.getByRole('dialog', { name: /^Alle elementen - / });
      await detail.getByText('Verlichting').waitFor({ timeout: TIMEOUT });
      await detail.getByRole('img', { name: 'e2e-foto.jpg' }).waitFor({ timeout: TIMEOUT });
    },
  },
  {
    name: 'h: a guest sends Gastmelding through its guest link',
    async run({ server, page }) {
      const key = await apiKey(server.baseUrl, 'invuller@demo.eform.nl');
      const formId = await formIdByName(server.baseUrl, key, 'Gastmelding');
      const form = await apiGet<{ form_guest_id: string | null }>(server.baseUrl, key, `/api/form/${formId}`);
      assert(form.form_guest_id, 'Gastmelding has no guest id');

      await page.goto(`${server.baseUrl}/guest/form/${form.form_guest_id}`);
      await page.getByRole('heading', { name: 'Gastmelding' }).waitFor({ timeout: TIMEOUT });
      assert((await page.getByText('Zoeken in registraties').count()) === 0, 'a guest sees the record search');
      await page.getByLabel('Straat').fill('Dorpsstraat 1');
      await page.getByLabel('Wat wilt u melden?').fill('Losse stoeptegel');
      await page.getByRole('button', { name: 'Versturen' }).click();
      await page.getByRole('dialog', { name: 'Uw registratie is verstuurd.' }).waitFor({ timeout: 30_000 });
      const session = await page.evaluate(() => localStorage.getItem('eform.auth'));
      assert(session === null, 'the guest got signed in');
    },
  },
  {
    name: 'i: self-registration sends the welcome mail',
    async run({ server, page }) {
      const key = await apiKey(server.baseUrl, 'invuller@demo.eform.nl');
      const info = await apiGet<{ clients: { uuid: string; name: string }[] }>(server.baseUrl, key, '/api/user/info');
      const demo = info.clients.find((client) => client.name === 'Demo Gemeente');
      assert(demo, 'invuller is not in Demo Gemeente');
      const email = `nieuw-${Date.now()}@demo.eform.nl`;

      await page.goto(`${server.baseUrl}/register/${demo.uuid}`);
      await page.getByRole('heading', { name: /Demo Gemeente/ }).waitFor({ timeout: TIMEOUT });
      await page.getByLabel('E-mailadres').fill(email);
      await page.getByRole('button', { name: 'Registeren' }).click();
      const dialog = page.getByRole('dialog', { name: 'Registratie voltooid' });
      await dialog.waitFor({ timeout: TIMEOUT });
      await dialog.getByRole('link', { name: 'Terug naar home' }).waitFor({ timeout: TIMEOUT });

      // Without SMTP the server writes every mail as an .eml file. The worker polls its queue
      // (seen: up to about 30 s between polls), so the mail can take a while.
      const mailDir = join(server.dataDir, 'mail');
      const deadline = Date.now() + MAIL_TIMEOUT;
      let found = false;
      while (!found && Date.now() < deadline) {
        found = mailsIn(mailDir).some((mail) => new RegExp(`^To:.*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(mail));
        if (!found) await new Promise((resolve) => setTimeout(resolve, 250));
      }
      assert(found, `no welcome mail to ${email} under ${mailDir}`);
    },
  },
];
