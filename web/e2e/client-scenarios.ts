/**
 * The client screens' end-to-end scenarios (spec 002 screens 2-7 and 12-15, issue 13):
 * - w: an admin adds a client from the admin list, lands on its overview, removes it through
 *   the batch and is back on the list without it;
 * - w2: issue 13's whole run: an admin creates a client, adds a new user with a role and a group
 *   with that user, builds a form there and gives the group access; the new user sets a password
 *   through the welcome mail, signs in and sends the form; the admin removes the client and it is
 *   gone for everyone;
 * - w3: an admin downloads a snapshot of a client, removes the client and restores it from the
 *   file, then restores it once more in its own place (decision 021).
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { CONTEXT_OPTIONS } from './browser';
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
  expectEnabled,
  mailBody,
  mailsIn,
  openFormToFill,
  PASSWORD,
  type Scenario,
  setSwitch,
  signIn,
  switchClient,
  TIMEOUT,
  visible,
} from './steps';

const ADMIN = 'admin@demo.eform.nl';
/** The removal is a batch on the worker: it erases the client's database and folder. */
const REMOVAL_TIMEOUT = 60_000;
/** The welcome mail goes through the job queue and is written as an .eml file. */
const MAIL_TIMEOUT = 30_000;

interface ClientList {
  data: { id: string; attributes: { name: string } }[];
}

interface UserInfo {
  clients: { id: string; name: string }[];
}

/** From the admin list, 'Klant toevoegen': answers the new client's overview path. */
async function createClient(page: Page, name: string): Promise<string> {
  await page.getByRole('link', { name: 'Klant toevoegen' }).click();
  await atPath(page, '/clients/create');
  await page.getByRole('textbox', { name: 'Klant naam' }).fill(name);
  await page.getByRole('button', { name: 'Klant aanmaken' }).click();
  await page.waitForURL((url) => /^\/clients\/[^/]+$/.test(url.pathname) && url.pathname !== '/clients/create', { timeout: TIMEOUT });
  await page.getByRole('heading', { name, level: 1 }).waitFor({ timeout: TIMEOUT });
  await page.getByRole('region', { name: 'Overzicht' }).getByText(name, { exact: true }).waitFor({ timeout: TIMEOUT });
  return new URL(page.url()).pathname;
}

/** On the client's tabs: the remove tab, 'Verwijder klant', and the batch until the admin list opens. */
async function removeClient(page: Page, overview: string): Promise<void> {
  await page.getByRole('tab', { name: 'Verwijderen' }).click();
  await atPath(page, `${overview}/remove`);
  await page.getByText('Weet u zeker dat u deze klant wilt verwijderen?').waitFor({ timeout: TIMEOUT });
  await page.getByRole('button', { name: 'Verwijder klant' }).click();
  await page.waitForURL((url) => url.pathname === '/clients/admin', { timeout: REMOVAL_TIMEOUT });
  await page.getByRole('heading', { name: 'Klanten beheer', level: 1 }).waitFor({ timeout: TIMEOUT });
}

/** On the client's Gebruikers tab: 'Gebruiker toevoegen' with `email` and the roles by their Dutch names. */
async function addUser(page: Page, overview: string, email: string, roles: string[]): Promise<void> {
  await page.getByRole('tab', { name: 'Gebruikers' }).click();
  await atPath(page, `${overview}/users`);
  await page.getByRole('link', { name: 'Gebruiker toevoegen' }).click();
  await atPath(page, `${overview}/user-add`);
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  for (const role of roles) await page.getByRole('checkbox', { name: role }).check();
  await page.getByRole('button', { name: 'Gebruiker toevoegen' }).click();
  await atPath(page, `${overview}/users`);
  // Name and e-mail are both the address of an account made by e-mail.
  await page.getByRole('table', { name: 'Gebruikers van de klant' }).getByRole('cell', { name: email, exact: true }).first().waitFor({ timeout: TIMEOUT });
}

export const clientScenarios: Scenario[] = [
  {
    name: 'w: an admin creates a client and removes it',
    async run({ server, page }) {
      const CLIENT = 'E2E Klant';
      await signIn(page, server.baseUrl, ADMIN);
      await page.goto(`${server.baseUrl}/clients/admin`);
      await page.getByRole('heading', { name: 'Klanten beheer', level: 1 }).waitFor({ timeout: TIMEOUT });
      const rows = page.getByTestId('client-row');
      await expectCount(rows.filter({ hasText: 'Demo Gemeente' }), 1, 'Demo Gemeente in the admin list');

      // Add the client: its overview opens.
      const overview = await createClient(page, CLIENT);
      const key = await apiKey(server.baseUrl, ADMIN);
      const before = await apiGet<ClientList>(server.baseUrl, key, '/jsonapi/client/client?sort=name');
      const made = before.data.find((client) => client.attributes.name === CLIENT);
      assert(made && overview === `/clients/${made.id}`, `the overview ${overview} is not the new client's (${JSON.stringify(before.data)})`);

      // Remove it: the batch runs, then the admin list opens without it.
      await removeClient(page, overview);
      await expectCount(rows.filter({ hasText: 'Demo Gemeente' }), 1, 'Demo Gemeente in the admin list after the removal');
      await expectCount(rows.filter({ hasText: CLIENT }), 0, `${CLIENT} in the admin list after the removal`);

      const after = await apiGet<ClientList>(server.baseUrl, key, '/jsonapi/client/client?sort=name');
      assert(!after.data.some((client) => client.attributes.name === CLIENT), `${CLIENT} is still listed by the server`);
    },
  },
  {
    name: 'w2: an admin sets up a client with a user, a group and a form; the user signs in through the welcome mail and sends it; the removed client is gone for everyone',
    async run({ server, page, browser }) {
      const CLIENT = 'E2E Waterschap';
      const USER = `nieuw-${Date.now()}@e2e.eform.nl`;
      const GROUP = 'E2E Dijkwachters';
      const FOLDER = 'E2E dijken';
      const FORM = 'E2E dijkschouw';

      // The admin makes the client (and so becomes a member of it) and, on its Gebruikers tab,
      // adds the new address with a role (it gets the welcome mail).
      await signIn(page, server.baseUrl, ADMIN);
      await page.goto(`${server.baseUrl}/clients/admin`);
      await page.getByRole('heading', { name: 'Klanten beheer', level: 1 }).waitFor({ timeout: TIMEOUT });
      const overview = await createClient(page, CLIENT);
      const clientId = overview.split('/').at(-1) ?? '';
      await addUser(page, overview, USER, ['Registraties bekijken']);
      const users = page.getByRole('table', { name: 'Gebruikers van de klant' });
      await users.getByRole('row', { name: new RegExp(USER.replace(/[.+]/g, '\\$&')) }).getByText('Registraties bekijken').waitFor({ timeout: TIMEOUT });

      // A group with that user: Groepen, 'Groep toevoegen', then the group's edit screen.
      await page.getByRole('tab', { name: 'Groepen' }).click();
      await atPath(page, `${overview}/user-groups`);
      await page.getByRole('link', { name: 'Groep toevoegen' }).click();
      await atPath(page, `${overview}/user-group-add`);
      await page.getByRole('textbox', { name: 'Groepnaam' }).fill(GROUP);
      await page.getByRole('button', { name: 'Groep toevoegen aan klant' }).click();
      await atPath(page, `${overview}/user-groups`);
      await page.getByRole('link', { name: `Groep ${GROUP} aanpassen` }).click();
      await page.getByRole('heading', { name: `Groep ${GROUP}`, level: 2 }).waitFor({ timeout: TIMEOUT });
      await page.getByRole('button', { name: 'Gebruikers toevoegen' }).click();
      await page.getByRole('button', { name: `${USER} toevoegen aan de groep` }).click();
      await visible(page, 'Gebruiker is toegevoegd aan groep.');
      await page.getByRole('table', { name: 'Leden' }).getByRole('cell', { name: USER, exact: true }).waitFor({ timeout: TIMEOUT });

      // The form, in the new client: a reload reads the admin's clients again, then the selector.
      await page.goto(`${server.baseUrl}/dashboard`);
      await switchClient(page, CLIENT);
      await createFolder(page, server.baseUrl, FOLDER);
      const formPath = await createForm(page, server.baseUrl, FOLDER, FORM);
      await page.getByRole('tab', { name: 'Aanpassen' }).click();
      await atPath(page, `${formPath}/edit`);
      await addElement(page, 'Tekstveld');
      await page.getByRole('button', { name: 'Formulier opslaan' }).click();
      await visible(page, 'Het formulier is opgeslagen.');
      await page.getByRole('tab', { name: 'Bekijk' }).click();
      await atPath(page, formPath);
      await setSwitch(page.getByRole('switch', { name: 'Gepubliceerd' }), true);

      // Access by group only.
      await page.getByRole('button', { name: 'Groepen beheren' }).click();
      const access = page.getByRole('dialog', { name: 'Groepen met toegang' });
      await access.getByRole('tab', { name: 'Toevoegen' }).click();
      const add = access.getByRole('button', { name: `${GROUP} toevoegen` });
      await expectEnabled(add);
      await add.click();
      await access.getByRole('tab', { name: 'Beheren' }).click();
      await access.getByRole('button', { name: `${GROUP} verwijderen` }).waitFor({ timeout: TIMEOUT });
      await access.getByRole('button', { name: 'Sluiten' }).click();
      await access.waitFor({ state: 'detached', timeout: TIMEOUT });
      await visible(page, '0 gebruiker(s) en 1 groep(en) toegevoegd');

      // The new user: the welcome mail's link, a password, sign in, fill in and send.
      const mailDir = join(server.dataDir, 'mail');
      const to = new RegExp(`^To:.*${USER.replace(/[.+]/g, '\\$&')}`, 'mi');
      const link = await eventually(
        `a welcome mail to ${USER} with a link under ${mailDir}`,
        async () =>
          mailsIn(mailDir)
            .filter((mail) => to.test(mail))
            .map((mail) => /https?:\/\/\S+\/user\/reset-password\/[A-Za-z0-9_-]+/.exec(mailBody(mail))?.[0])
            .find(Boolean),
        Boolean,
        MAIL_TIMEOUT,
      );
      assert(link && link.startsWith(`${server.baseUrl}/`), `the welcome link ${link} is not on this server`);

      const device = await browser.newContext(CONTEXT_OPTIONS);
      try {
        const userPage = await device.newPage();
        const pageErrors: string[] = [];
        userPage.on('pageerror', (error) => pageErrors.push(error.message));
        await userPage.goto(link);
        await userPage.getByLabel(/^Nieuw wachtwoord/).fill(PASSWORD);
        await userPage.getByLabel('Herhaal nieuw wachtwoord').fill(PASSWORD);
        await userPage.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
        // Only once the password is stored: 'Terug naar inloggen' is on the screen from the start,
        // and leaving through it while the request is out loses the new password.
        await visible(userPage, 'Uw wachtwoord is opgeslagen. U kunt nu inloggen.');
        await userPage.getByRole('link', { name: 'Naar inloggen', exact: true }).click();
        await atPath(userPage, '/login');
        await signIn(userPage, server.baseUrl, USER);
        await visible(userPage, USER);

        await openFormToFill(userPage, FOLDER, FORM);
        await userPage.getByLabel('Tekstveld').fill('Kwel bij paal 12');
        await userPage.getByRole('button', { name: 'Versturen' }).click();
        const done = userPage.getByRole('dialog', { name: 'Uw registratie is verstuurd.' });
        await done.waitFor({ timeout: 30_000 });
        await done.getByRole('button', { name: 'Gereed' }).click();
        // Sent and stored; a client without credits holds it until credits come (spec 002), so
        // it is not listed yet.
        await atPath(userPage, '/folders');

        // The admin removes the client.
        await page.goto(`${server.baseUrl}${overview}`);
        await page.getByRole('heading', { name: CLIENT, level: 1 }).waitFor({ timeout: TIMEOUT });
        await removeClient(page, overview);
        await expectCount(page.getByTestId('client-row').filter({ hasText: CLIENT }), 0, `${CLIENT} in the admin list after the removal`);
        // The admin's current client went with it: another one is current, the removed one not offered.
        await expectCount(page.getByLabel('Klant', { exact: true }).locator('option', { hasText: CLIENT }), 0, `${CLIENT} in the admin's client selector`);
        const adminInfo = await apiGet<UserInfo>(server.baseUrl, await apiKey(server.baseUrl, ADMIN), '/api/user/info');
        assert(!adminInfo.clients.some((client) => client.id === clientId), `${CLIENT} is still among the admin's clients`);

        // Gone for the new user too: their user info no longer lists it, and the app, reading it
        // again, signs them out as a user without clients (it was their only one).
        const userInfo = await apiGet<UserInfo>(server.baseUrl, await apiKey(server.baseUrl, USER), '/api/user/info');
        assert(!userInfo.clients.some((client) => client.id === clientId), `${CLIENT} is still among the user's clients: ${JSON.stringify(userInfo)}`);
        await userPage.reload();
        await visible(userPage, 'Uw account is niet toegewezen aan een klant en bent daarom automatisch uitgelogd.');
        await atPath(userPage, '/login');
        await expectCount(userPage.getByText(CLIENT), 0, `${CLIENT} anywhere in the user's app`);
        assert(pageErrors.length === 0, `uncaught errors in the user's page:\n  ${pageErrors.join('\n  ')}`);
      } finally {
        await device.close();
      }
    },
  },
  {
    name: 'w3: an admin downloads a snapshot of a client, removes it, and restores it as a new and as a replacing client',
    async run({ server, page }) {
      const CLIENT = 'E2E Archief';
      await signIn(page, server.baseUrl, ADMIN);
      await page.goto(`${server.baseUrl}/clients/admin`);
      await page.getByRole('heading', { name: 'Klanten beheer', level: 1 }).waitFor({ timeout: TIMEOUT });
      const overview = await createClient(page, CLIENT);

      // The snapshot: a batch followed in a dialog, then the browser saves the file.
      const downloading = page.waitForEvent('download', { timeout: REMOVAL_TIMEOUT });
      await page.getByRole('button', { name: 'Momentopname downloaden' }).click();
      const made = page.getByRole('dialog', { name: 'Momentopname downloaden' });
      await made.waitFor({ timeout: TIMEOUT });
      const download = await downloading;
      assert(download.suggestedFilename().startsWith(`${CLIENT} `) && download.suggestedFilename().endsWith('.tar'), `snapshot named ${download.suggestedFilename()}`);
      const file = join(server.dataDir, 'e2e-snapshot.tar');
      await download.saveAs(file);
      await made.getByText(/De momentopname is klaar en wordt gedownload/).waitFor({ timeout: TIMEOUT });
      await made.getByRole('button', { name: 'Sluiten' }).click();
      await made.waitFor({ state: 'detached', timeout: TIMEOUT });

      // Removed, then restored from the file as a client that is not on the platform.
      await removeClient(page, overview);
      const rows = page.getByTestId('client-row');
      await expectCount(rows.filter({ hasText: CLIENT }), 0, `${CLIENT} in the admin list after the removal`);
      const restore = async (replace: boolean) => {
        await page.getByRole('button', { name: 'Klant terugzetten' }).click();
        const dialog = page.getByRole('dialog', { name: 'Klant terugzetten' });
        await dialog.waitFor({ timeout: TIMEOUT });
        await dialog.getByLabel('Momentopname (.tar)').setInputFiles(file);
        await dialog.getByText(/^Gekozen bestand: /).waitFor({ timeout: TIMEOUT });
        if (replace) await dialog.getByRole('checkbox', { name: 'Bestaande klant vervangen' }).check();
        await dialog.getByRole('button', { name: 'Terugzetten' }).click();
        return dialog;
      };
      await restore(false);
      await atPath(page, overview);
      await visible(page, `Klant ${CLIENT} is teruggezet.`);
      await page.getByRole('heading', { name: CLIENT, level: 1 }).waitFor({ timeout: TIMEOUT });

      // Once more while it exists: refused without 'Bestaande klant vervangen', done with it.
      await page.goto(`${server.baseUrl}/clients/admin`);
      await expectCount(rows.filter({ hasText: CLIENT }), 1, `${CLIENT} in the admin list after the restore`);
      const refused = await restore(false);
      await refused.getByRole('alert').getByText(`De klant ${CLIENT} bestaat al.`, { exact: false }).waitFor({ timeout: TIMEOUT });
      await refused.getByRole('checkbox', { name: 'Bestaande klant vervangen' }).check();
      await refused.getByRole('note').getByText(/gaat verloren/).waitFor({ timeout: TIMEOUT });
      await refused.getByRole('button', { name: 'Terugzetten' }).click();
      await atPath(page, overview);
      await page.getByRole('heading', { name: CLIENT, level: 1 }).waitFor({ timeout: TIMEOUT });

      const key = await apiKey(server.baseUrl, ADMIN);
      const listed = await apiGet<ClientList>(server.baseUrl, key, '/jsonapi/client/client?sort=name');
      assert(
        listed.data.filter((client) => client.attributes.name === CLIENT).length === 1,
        `${CLIENT} is not listed once: ${JSON.stringify(listed.data)}`,
      );
    },
  },
];
