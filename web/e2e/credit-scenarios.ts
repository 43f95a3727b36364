/**
 * Issue 14's end-to-end scenarios (spec 002 screens 8, 9 and 21; decision 022):
 * - x: a client manager of a client without credits, whose registration is on hold, buys a
 *   bundle 'op factuur' through the buy screen and lands on the credits page with the order
 *   received; an admin confirms the order on the client's Credits tab; the credits appear and
 *   the held registration shows up in the form's registrations;
 * - y: after credits were used today, the admin dashboard shows the daily report and the credit
 *   usage chart of all clients, and a screenshot of the chart holds drawn bars, not an empty frame.
 */
import type { Page } from 'playwright-core';
import { CONTEXT_OPTIONS } from './browser';
import { colourStats, decodePng } from './png';
import { apiGet, apiKey, assert, atPath, eventually, expectCount, formIdByName, type Scenario, signIn, switchClient, TIMEOUT, visible } from './steps';
import { serverToday } from '../src/lib/server-day';

const ADMIN = 'admin@demo.eform.nl';
const MANAGER = 'beheerder@demo.eform.nl';
const FILLER = 'invuller@demo.eform.nl';
/** The server's ORDER_RECEIVED (domain/src/messages.rs), shown on the page the checkout address opens. */
const ORDER_RECEIVED = 'Uw bestelling is ontvangen. U ontvangt een factuur; zodra de bestelling is bevestigd, staan de credits of de module klaar.';
/** Held registrations are released by a job on the worker, queued when the credits are granted. */
const RELEASE_TIMEOUT = 30_000;
/** The daily report is made by the worker's schedule, which looks at once after the start. */
const REPORT_TIMEOUT = 30_000;

async function call<T>(baseUrl: string, key: string, method: string, path: string, body: unknown, mediaType = 'application/json'): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'api-key': key, 'content-type': mediaType, accept: mediaType },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  assert(response.ok, `${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A registration sent through the API, as a device sends it. */
async function send(baseUrl: string, key: string, formId: string, token: string, values: Record<string, unknown>) {
  return call<{ _id: string; registration_status: string }>(baseUrl, key, 'POST', '/api/registration/', { form_id: formId, fill_token: token, values });
}

/**
 * As the admin, through the API: a new client (without credits), the client manager made its
 * 'Klant beheerder', and a published form in a folder of it. Answers the client's and form's ids.
 */
async function clientWithoutCredits(baseUrl: string, admin: string, name: string): Promise<{ clientId: string; formId: string }> {
  const created = await call<{ data: { id: string } }>(
    baseUrl,
    admin,
    'POST',
    '/jsonapi/client/client',
    { data: { type: 'client--client', attributes: { name } } },
    'application/vnd.api+json',
  );
  const clientId = created.data.id;
  await call(baseUrl, admin, 'POST', `/api/clients/${clientId}/add-user`, { email: MANAGER, roles: ['client_manager'], require_terms: false });
  const folder = await call<{ folder_id: string }>(baseUrl, admin, 'POST', `/api/client/${clientId}/folder`, { folder_name: 'Meldingen' });
  const form = await call<{ form_id: string }>(baseUrl, admin, 'POST', '/api/form', {
    form_name: 'Losse melding',
    form_type: 'default',
    folder_id: folder.folder_id,
    client_id: clientId,
    schema: [{ name: 'melding', label: 'Melding', elementType: 'text', validation: [{ name: 'required' }] }],
  });
  await call(baseUrl, admin, 'POST', `/api/form/${form.form_id}/publish`, [form.form_id]);
  return { clientId, formId: form.form_id };
}

/** The rows of the form's registrations list ('Voltooide registraties'), read again until `expected`. */
async function expectRegistrations(page: Page, path: string, expected: number, timeout: number): Promise<void> {
  await eventually(
    `${expected} registration(s) in ${path}`,
    async () => {
      await page.goto(path);
      await page.getByRole('tab', { name: 'Voltooide registraties' }).waitFor({ timeout: TIMEOUT });
      // The list has settled once its rows or its empty text are there.
      await page.getByTestId('review-row').or(page.getByText('Er zijn geen registraties gevonden.')).first().waitFor({ timeout: TIMEOUT });
      return page.getByTestId('review-row').count();
    },
    (count) => count === expected,
    timeout,
  );
}

export const creditScenarios: Scenario[] = [
  {
    name: "x: a client manager buys credits 'op factuur', an admin confirms them, and the held registration is released",
    async run({ server, page, browser }) {
      const CLIENT = 'E2E Zonder credits';
      const admin = await apiKey(server.baseUrl, ADMIN);
      const { clientId, formId } = await clientWithoutCredits(server.baseUrl, admin, CLIENT);

      // A registration sent without credits is kept on hold: not in the list.
      const manager = await apiKey(server.baseUrl, MANAGER);
      const held = await send(server.baseUrl, manager, formId, 'e2e-held-1', { melding: 'Kapotte lamp' });
      assert(held.registration_status === 'hold', `the registration is ${held.registration_status}, not on hold`);
      const details = await apiGet<{ credits: number }>(server.baseUrl, admin, `/api/client/${clientId}`);
      assert(details.credits === 0, `the new client has ${details.credits} credits`);

      // The client manager opens Credits kopen of the new client and orders the Starter bundle.
      await signIn(page, server.baseUrl, MANAGER);
      await switchClient(page, CLIENT);
      await page.getByRole('navigation', { name: 'Navigatie' }).getByRole('link', { name: 'Credits kopen' }).click();
      await atPath(page, `/clients/${clientId}/credits`);
      await visible(page, 'Deze klant heeft nog geen credits.');
      await page.getByRole('main').getByRole('link', { name: 'Credits kopen' }).click();
      await atPath(page, `/clients/${clientId}/credits-buy`);
      await page.getByRole('radio', { name: /Starter: 500 credits/ }).check();
      await visible(page, '€ 60,00 excl. btw (€ 0,12 per credit)');
      const main = page.getByRole('main');
      // The client has no contact data yet: its name stands in for the company.
      assert((await main.getByRole('textbox', { name: 'Bedrijfsnaam' }).inputValue()) === CLIENT, 'the company is prefilled with the client name');
      await main.getByRole('textbox', { name: 'Voornaam' }).fill('Bea');
      await main.getByRole('textbox', { name: 'Achternaam' }).fill('Heer');
      await main.getByRole('textbox', { name: 'Straat en huisnummer' }).fill('Markt 1');
      await main.getByRole('textbox', { name: 'Postcode' }).fill('1234 AB');
      await main.getByRole('textbox', { name: 'Plaats' }).fill('Demostad');
      await main.getByRole('textbox', { name: 'E-mailadres' }).fill('financien@e2e.eform.nl');
      const order = main.getByRole('button', { name: 'Bestellen' });
      assert(await order.isDisabled(), "'Bestellen' is enabled before the terms are accepted");
      await main.getByRole('checkbox', { name: 'Ik ga akkoord met de algemene voorwaarden' }).check();
      await order.click();

      // On invoice, the checkout address is the credits page with the order.
      await page.waitForURL((url) => url.pathname === `/clients/${clientId}/credits` && url.searchParams.has('purchase'), { timeout: TIMEOUT });
      await page.getByTestId('order-notice').getByText(ORDER_RECEIVED, { exact: false }).waitFor({ timeout: TIMEOUT });
      const orders = page.getByRole('table', { name: 'Bestellingen van de klant' });
      await orders.getByText('Wacht op bevestiging').waitFor({ timeout: TIMEOUT });

      // The admin confirms the order on the client's Credits tab.
      const adminContext = await browser.newContext(CONTEXT_OPTIONS);
      try {
        const adminPage = await adminContext.newPage();
        await signIn(adminPage, server.baseUrl, ADMIN);
        await adminPage.goto(`${server.baseUrl}/clients/${clientId}/credits`);
        await adminPage.getByRole('button', { name: 'Bestelling Starter bevestigen' }).click();
        const dialog = adminPage.getByRole('dialog', { name: 'Bestelling bevestigen' });
        await dialog.getByRole('button', { name: 'Bevestigen' }).click();
        await visible(adminPage, 'Credits zijn toegevoegd aan klant.');
        await expectCount(adminPage.getByTestId('credit-row').filter({ hasText: 'Starter' }), 1, 'the Starter credits on the admin Credits tab');
      } finally {
        await adminContext.close();
      }

      // The client manager sees the credits and the paid order; the held registration took one.
      await eventually(
        'the bought credits on the Credits tab, one used by the released registration',
        async () => {
          await page.goto(`${server.baseUrl}/clients/${clientId}/credits`);
          const row = page.getByTestId('credit-row').filter({ hasText: 'Starter' });
          await row.waitFor({ timeout: TIMEOUT });
          return (await row.getByRole('cell').allTextContents()).slice(2, 4).join('/');
        },
        (cells) => cells === '500/499',
        RELEASE_TIMEOUT,
      );
      await page.getByRole('table', { name: 'Bestellingen van de klant' }).getByText('Betaald').waitFor({ timeout: TIMEOUT });
      await expectRegistrations(page, `${server.baseUrl}/admin/form/${formId}/registrations`, 1, RELEASE_TIMEOUT);
    },
  },
  {
    name: 'y: the admin dashboard shows the daily report and a drawn credit usage chart',
    async run({ server, page }) {
      // Credits used today in Demo Gemeente.
      const filler = await apiKey(server.baseUrl, FILLER);
      const formId = await formIdByName(server.baseUrl, filler, 'Demo melding');
      for (let index = 0; index < 4; index++) {
        const sent = await send(server.baseUrl, filler, formId, `e2e-usage-${index}`, { omschrijving: `Melding ${index}`, aantal: index + 1 });
        assert(sent.registration_status === 'completed', `registration ${index} is ${sent.registration_status}`);
      }
      const admin = await apiKey(server.baseUrl, ADMIN);
      await eventually(
        "today's dashboard report",
        async () => (await apiGet<{ data: unknown[] }>(server.baseUrl, admin, '/jsonapi/dashboard_report/dashboard_report')).data.length,
        (count) => count > 0,
        REPORT_TIMEOUT,
      );
      // The month the server dated the sends in, as the chart's default period is.
      const [year, month] = serverToday().split('-').map(Number);
      const chartData = await apiGet<{ series: { name: string; y: number[] }[] }>(
        server.baseUrl,
        admin,
        `/api/clients/all/chart-credit-usages?year=${year}&month=${month}`,
      );
      const demo = chartData.series.find((line) => line.name === 'Demo Gemeente');
      assert(demo && demo.y.reduce((a, b) => a + b, 0) >= 4, `the chart's data: ${JSON.stringify(chartData)}`);

      await signIn(page, server.baseUrl, ADMIN);
      await page.getByRole('link', { name: 'Admin dashboard' }).click();
      await atPath(page, '/admin/dashboard');
      await page.getByRole('heading', { name: 'Admin dashboard', level: 1 }).waitFor({ timeout: TIMEOUT });
      await page.getByRole('table', { name: 'Opslag per klant' }).getByText('Demo Gemeente').waitFor({ timeout: TIMEOUT });
      await page.getByRole('table', { name: 'Creditgebruik per klant in de laatste 30 dagen' }).waitFor({ timeout: TIMEOUT });

      // The chart: bars of a real size in its SVG (after their animation), and a picture that is no empty frame.
      const chart = page.getByTestId('credit-usage-chart');
      await chart.waitFor({ timeout: TIMEOUT });
      await eventually(
        'bars drawn in the chart',
        () =>
          chart.evaluate((element) =>
            Array.from(element.querySelectorAll('svg .MuiBarChart-element')).filter((bar) => {
              const box = (bar as SVGGraphicsElement).getBBox();
              return box.width > 1 && box.height > 5;
            }).length,
          ),
        (bars) => bars > 0,
      );
      const pixels = decodePng(await chart.screenshot());
      const stats = colourStats(pixels);
      assert(pixels.width > 200 && pixels.height > 200, `the chart is ${pixels.width}x${pixels.height}`);
      assert(stats.colours > 20, `the chart has only ${stats.colours} colours`);
      assert(stats.coloured > 150, `the chart has only ${stats.coloured} coloured pixels (an empty frame?)`);
    },
  },
];
