import { join } from 'node:path';
import {
  apiGet,
  apiKey,
  assert,
  atPath,
  eventually,
  expectCount,
  expectEnabled,
  expectInPage,
  expectValue,
  formIdByName,
  mailsIn,
  mailBody,
  makePng,
  OFFLINE_TEXT,
  openFolder,
  PASSWORD,
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
      // Enabled once the user's two clients are known.
      await expectEnabled(selector);
      const second = await selector.locator('option', { hasText: 'Tweede Gemeente' }).getAttribute('value');
      assert(second, 'Tweede Gemeente is not offered');
      await selector.selectOption({ label: 'Tweede Gemeente' });
      await visible(page, 'Je kan nu met klant "Tweede Gemeente" werken.');
      await atPath(page, '/dashboard');
      await expectValue(selector, second);
      await expectInPage(page, 'Tweede Gemeente remembered as the last client', () => localStorage.getItem('eform.last-client'), second);
      await page.getByRole('link', { name: 'Uitloggen' }).click();
      await atPath(page, '/login');
      await page.getByRole('heading', { name: 'Inloggen' }).waitFor({ timeout: TIMEOUT });
      await expectInPage(page, 'the session is forgotten after logout', () => localStorage.getItem('eform.auth'), null);
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
      await expectCount(page.getByText(OFFLINE_TEXT), 0, 'offline banner while online');
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
      await expectCount(filler.getByRole('link', { name: 'Klanten beheer' }), 0, 'Klanten beheer for a form filler');
      await expectCount(filler.getByText('Omgeving:'), 0, 'the environment banner for a form filler');
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
      await atPath(page, '/login');

      await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
      await atPath(page, '/user/password-forgotten');
      const neutral = await serverMessage(`${server.baseUrl}/api/user/password-forgotten`, {
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'onbekend@demo.eform.nl' }),
      });
      // The login page has an 'E-mailadres' field too: fill only once this page is the one shown.
      await page.getByRole('heading', { name: 'Wachtwoord vergeten' }).waitFor({ timeout: TIMEOUT });
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
    name: "g0: a form's first load asks for the form before the app's code is in",
    async run({ server, browser, page }) {
      const filler = 'invuller@demo.eform.nl';
      await signIn(page, server.baseUrl, filler);
      const formId = await formIdByName(server.baseUrl, await apiKey(server.baseUrl, filler), 'Demo melding');
      // A fresh load: the session only, no cache and no service worker (decision 029).
      const fresh = await browser.newContext({ storageState: await page.context().storageState(), serviceWorkers: 'block' });
      try {
        const tab = await fresh.newPage();
        const seen: string[] = [];
        // The libraries' chunk is held back, so the app's own code cannot run before it is in.
        await tab.route(/\/assets\/vendor-[^/]+\.js$/, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 1_500));
          seen.push('vendor');
          await route.continue();
        });
        tab.on('request', (request) => {
          if (new URL(request.url()).pathname === `/api/form/${formId}`) seen.push(`${request.method()} form`);
        });
        await tab.goto(`${server.baseUrl}/form/${formId}/0`);
        await tab.getByRole('heading', { name: 'Demo melding', level: 1 }).waitFor({ timeout: TIMEOUT });
        await tab.getByLabel('Omschrijving').waitFor({ timeout: TIMEOUT });
        // Asked for once, by index.html's first script, and taken by the app's loader.
        assert(seen.join(', ') === 'GET form, vendor', `requests in this order: ${seen.join(', ')}`);
      } finally {
        await fresh.close();
      }
    },
  },
  {
    name: 'g: fill in Alle elementen and find it in Mijn registraties',
    async run({ server, page }) {
      await signIn(page, server.baseUrl, 'invuller@demo.eform.nl');
      await page.getByRole('link', { name: 'Formulier invullen' }).click();
      await atPath(page, '/folders');
      await openFolder(page, 'Inspecties');
      await openFolder(page, 'Openbare ruimte');
      await page.getByRole('treeitem', { name: 'Alle elementen' }).click();
      await page.getByRole('heading', { name: 'Alle elementen', level: 1 }).waitFor({ timeout: TIMEOUT });

      await page.getByLabel('Onderwerp').fill('Kapotte lantaarnpaal');
      await page.getByLabel(/^Toelichting/).fill('Wordt verborgen');
      await page.getByLabel('Geen toelichting nodig').check();
      await page.getByLabel(/^Toelichting/).waitFor({ state: 'detached', timeout: TIMEOUT });
      await page.getByLabel('Aantal').fill('3');
      await page.getByLabel('Prijs per stuk').fill('2,5');
      await expectValue(page.getByLabel('Totaal', { exact: true }), '€ 7,50');
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
      await expectValue(page.getByLabel('Totaal kostenposten'), '15,5');

      // The submit button waits a second after a subform modal closes.
      const send = page.getByRole('button', { name: 'Versturen' });
      await expectEnabled(send);
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
    name: 'h: a guest sends Gastmelding through its guest link and finds it with the record search',
    async run({ server, page }) {
      const key = await apiKey(server.baseUrl, 'invuller@demo.eform.nl');
      const formId = await formIdByName(server.baseUrl, key, 'Gastmelding');
      const form = await apiGet<{ form_guest_id: string | null }>(server.baseUrl, key, `/api/form/${formId}`);
      assert(form.form_guest_id, 'Gastmelding has no guest id');

      await page.goto(`${server.baseUrl}/guest/form/${form.form_guest_id}`);
      await page.getByRole('heading', { name: 'Gastmelding' }).waitFor({ timeout: TIMEOUT });
      await page.getByLabel('Straat').waitFor({ timeout: TIMEOUT });
      await page.getByLabel('Straat').fill('Dorpsstraat 1');
      await page.getByLabel('Wat wilt u melden?').fill('Losse stoeptegel');
      await page.getByRole('button', { name: 'Versturen' }).click();
      const done = page.getByRole('dialog', { name: 'Uw registratie is verstuurd.' });
      await done.waitFor({ timeout: 30_000 });
      const session = await page.evaluate(() => localStorage.getItem('eform.auth'));
      assert(session === null, 'the guest got signed in');

      // 'Gereed' starts the guest form again; its record search (field straat) finds the sending.
      await done.getByRole('button', { name: 'Gereed' }).click();
      await done.waitFor({ state: 'detached', timeout: TIMEOUT });
      await page.getByRole('button', { name: 'Zoeken in registraties' }).click();
      await page.getByLabel('Zoekterm').fill('dorpsstraat');
      await page.getByRole('button', { name: 'Zoeken', exact: true }).click();
      const table = page.getByRole('table', { name: 'Gevonden registraties' });
      await table.getByRole('columnheader', { name: 'Straat' }).waitFor({ timeout: TIMEOUT });
      await table.getByRole('cell', { name: 'Dorpsstraat 1', exact: true }).waitFor({ timeout: TIMEOUT });
      // Only the searchable field is answered: the description of the sending is not in the table.
      await expectCount(table.getByText('Losse stoeptegel'), 0, 'a value outside the searchable fields');
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
      const to = new RegExp(`^To:.*${email.replace(/[.+]/g, '\\$&')}`, 'mi');
      await eventually(
        `a welcome mail to ${email} under ${mailDir}`,
        async () => mailsIn(mailDir).some((mail) => to.test(mail)),
        Boolean,
        MAIL_TIMEOUT,
      );
    },
  },
  {
    name: 'q: a user who must accept the terms gets the terms wall, not the no-rights message',
    async run({ server, page }) {
      // anders is a member of Tweede Gemeente only and has not accepted its terms.
      const refusals: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 403) refusals.push(new URL(response.url()).pathname);
      });
      await page.goto(`${server.baseUrl}/login`);
      await page.getByLabel('E-mailadres').fill('anders@demo.eform.nl');
      await page.getByLabel('Wachtwoord').fill(PASSWORD);
      await page.getByRole('button', { name: 'Inloggen' }).click();
      await atPath(page, '/dashboard');
      const wall = page.getByRole('dialog', { name: 'Algemene voorwaarden accepteren voor Tweede Gemeente' });
      await wall.waitFor({ timeout: TIMEOUT });

      // Opening the folder list while the wall is up asks nothing of the client: it waits.
      await page.goto(`${server.baseUrl}/folders`);
      await wall.waitFor({ timeout: TIMEOUT });
      await expectCount(wall.getByRole('button', { name: 'Opslaan' }), 0, "'Opslaan' before the box is ticked");
      await wall.getByLabel('Ik accepteer de algemene voorwaarden.').check();
      await wall.getByRole('button', { name: 'Opslaan' }).click();
      await wall.waitFor({ state: 'detached', timeout: TIMEOUT });
      await page.getByRole('heading', { name: 'Formulier invullen', level: 1 }).waitFor({ timeout: TIMEOUT });
      await atPath(page, '/folders');
      await expectCount(page.getByText('U hebt geen rechten om deze content te bekijken.'), 0, 'the no-rights message');
      assert(refusals.length === 0, `the server refused: ${refusals.join(', ')}`);
    },
  },
  {
    name: 'r: self-registration with an existing account joins the client only after the mailed link is confirmed',
    async run({ server, page }) {
      // invuller has an account in Demo Gemeente and registers at Tweede Gemeente.
      const email = 'invuller@demo.eform.nl';
      const key = await apiKey(server.baseUrl, 'twee@demo.eform.nl');
      const info = await apiGet<{ clients: { uuid: string; name: string }[] }>(server.baseUrl, key, '/api/user/info');
      const tweede = info.clients.find((client) => client.name === 'Tweede Gemeente');
      assert(tweede, 'twee is not in Tweede Gemeente');
      const clientsOf = async () =>
        (await apiGet<{ clients: { name: string }[] }>(server.baseUrl, await apiKey(server.baseUrl, email), '/api/user/info')).clients.map(
          (client) => client.name,
        );

      await page.goto(`${server.baseUrl}/register/${tweede.uuid}`);
      await page.getByLabel('E-mailadres').fill(email);
      await page.getByRole('button', { name: 'Registeren' }).click();
      const dialog = page.getByRole('dialog', { name: 'Registratie voltooid' });
      await dialog
        .getByText('Bedankt voor uw registratie. U ontvangt een e-mail met een link om uw registratie te bevestigen of uw wachtwoord in te stellen.')
        .waitFor({ timeout: TIMEOUT });
      assert(!(await clientsOf()).includes('Tweede Gemeente'), 'the account joined before the holder confirmed');

      const mailDir = join(server.dataDir, 'mail');
      const to = new RegExp(`^To:.*${email.replace(/[.+]/g, '\\$&')}`, 'mi');
      const link = await eventually(
        `a mail to ${email} with a join link under ${mailDir}`,
        async () =>
          mailsIn(mailDir)
            .filter((mail) => to.test(mail))
            .map((mail) => /https?:\/\/\S+\/user\/join\/[A-Za-z0-9_-]+/.exec(mailBody(mail))?.[0])
            .find(Boolean),
        Boolean,
        MAIL_TIMEOUT,
      );
      assert(link && link.startsWith(`${server.baseUrl}/`), `the join link ${link} is not on this server`);

      await page.goto(link);
      await page.getByText(`Bevestig dat ${email} wordt toegevoegd aan klant "Tweede Gemeente".`).waitFor({ timeout: TIMEOUT });
      await page.getByRole('button', { name: 'Bevestigen' }).click();
      await page.getByText('U bent toegevoegd aan klant "Tweede Gemeente". U kunt nu inloggen.').waitFor({ timeout: TIMEOUT });
      await eventually('invuller in Tweede Gemeente', clientsOf, (clients) => clients.includes('Tweede Gemeente'));

      // The link works once.
      await page.reload();
      await page.getByRole('alert').getByText(/ongeldig of verlopen/).waitFor({ timeout: TIMEOUT });
      await page.getByRole('link', { name: 'Naar inloggen', exact: true }).click();
      await atPath(page, '/login');
    },
  },
];
