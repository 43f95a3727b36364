/**
 * The client screens' end-to-end scenario (spec 002 screens 2, 3, 5 and 7): an admin adds a
 * client from the admin list, lands on its overview, removes it through the batch and is back
 * on the list without it.
 */
import { apiGet, apiKey, assert, atPath, expectCount, type Scenario, signIn, TIMEOUT } from './steps';

const ADMIN = 'admin@demo.eform.nl';
const CLIENT = 'E2E Klant';
/** The removal is a batch on the worker: it erases the client's database and folder. */
const REMOVAL_TIMEOUT = 60_000;

interface ClientList {
  data: { id: string; attributes: { name: string } }[];
}

export const clientScenarios: Scenario[] = [
  {
    name: 'w: an admin creates a client and removes it',
    async run({ server, page }) {
      await signIn(page, server.baseUrl, ADMIN);
      await page.goto(`${server.baseUrl}/clients/admin`);
      await page.getByRole('heading', { name: 'Klanten beheer', level: 1 }).waitFor({ timeout: TIMEOUT });
      const rows = page.getByTestId('client-row');
      await expectCount(rows.filter({ hasText: 'Demo Gemeente' }), 1, 'Demo Gemeente in the admin list');

      // Add the client: its overview opens.
      await page.getByRole('link', { name: 'Klant toevoegen' }).click();
      await atPath(page, '/clients/create');
      await page.getByRole('textbox', { name: 'Klant naam' }).fill(CLIENT);
      await page.getByRole('button', { name: 'Klant aanmaken' }).click();
      await page.waitForURL((url) => /^\/clients\/[^/]+$/.test(url.pathname) && url.pathname !== '/clients/create', { timeout: TIMEOUT });
      const overview = new URL(page.url()).pathname;
      await page.getByRole('heading', { name: CLIENT, level: 1 }).waitFor({ timeout: TIMEOUT });
      await page.getByRole('region', { name: 'Overzicht' }).getByText(CLIENT, { exact: true }).waitFor({ timeout: TIMEOUT });

      const key = await apiKey(server.baseUrl, ADMIN);
      const before = await apiGet<ClientList>(server.baseUrl, key, '/jsonapi/client/client?sort=name');
      const made = before.data.find((client) => client.attributes.name === CLIENT);
      assert(made && overview === `/clients/${made.id}`, `the overview ${overview} is not the new client's (${JSON.stringify(before.data)})`);

      // Remove it: the batch runs, then the admin list opens without it.
      await page.getByRole('tab', { name: 'Verwijderen' }).click();
      await atPath(page, `${overview}/remove`);
      await page.getByText('Weet u zeker dat u deze klant wilt verwijderen?').waitFor({ timeout: TIMEOUT });
      await page.getByRole('button', { name: 'Verwijder klant' }).click();
      await page.waitForURL((url) => url.pathname === '/clients/admin', { timeout: REMOVAL_TIMEOUT });
      await page.getByRole('heading', { name: 'Klanten beheer', level: 1 }).waitFor({ timeout: TIMEOUT });
      await expectCount(rows.filter({ hasText: 'Demo Gemeente' }), 1, 'Demo Gemeente in the admin list after the removal');
      await expectCount(rows.filter({ hasText: CLIENT }), 0, `${CLIENT} in the admin list after the removal`);

      const after = await apiGet<ClientList>(server.baseUrl, key, '/jsonapi/client/client?sort=name');
      assert(!after.data.some((client) => client.attributes.name === CLIENT), `${CLIENT} is still listed by the server`);
    },
  },
];
