import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ClientAccess, ClientDetails } from '@/lib/api/types';
import { installFakeServer, json } from '@/test/fake-server';
import { clientDetails, DEMO, demoServer, storedSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const VIEWER: ClientAccess = { roles: ['financial'], permissions: ['eform view client', 'view credit entities'] };
const REMOVER: ClientAccess = { roles: ['client_manager'], permissions: ['delete client entities', 'eform edit client', 'eform view client'] };

/** Signed in with `access` in the demo client, whose details the server answers as `details`. */
function renderClient(path: string, access: ClientAccess, details: ClientDetails = clientDetails(DEMO)) {
  const server = installFakeServer({
    ...demoServer({ [DEMO.id]: access }),
    'GET /api/client/c1': () => json(200, details),
    'GET /api/clients/c1/chart-credit-usages': (call) =>
      json(200, { labels: call.query.has('month') ? ['2026-11-01', '2026-11-02'] : ['2026-01'], series: [{ client_id: 'c1', name: 'Demo Gemeente', y: [0, 4] }] }),
  });
  const router = renderApp(path, storedSession({ access }));
  return { router, calls: server.calls };
}

const tabNames = () => within(screen.getByRole('tablist', { name: 'Onderdelen van de klant' })).getAllByRole('tab').map((tab) => tab.textContent);

describe('client shell', () => {
  it('shows only the tabs the user may open', async () => {
    renderClient('/clients/c1', VIEWER);
    expect(await screen.findByRole('heading', { name: 'Demo Gemeente', level: 1 })).toBeTruthy();
    expect(tabNames()).toEqual(['Bekijk', 'Credits']);
    expect(screen.getByRole('tab', { name: 'Bekijk' }).getAttribute('aria-selected')).toBe('true');
  });

  it("shows Aanpassen with 'eform edit client' and Verwijderen with 'delete client entities'", async () => {
    const { router } = renderClient('/clients/c1', REMOVER);
    expect(await screen.findByRole('heading', { name: 'Demo Gemeente', level: 1 })).toBeTruthy();
    expect(tabNames()).toEqual(['Bekijk', 'Aanpassen', 'Verwijderen']);
    await userEvent.click(screen.getByRole('tab', { name: 'Verwijderen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/c1/remove'));
    expect(await screen.findByText('Weet u zeker dat u deze klant wilt verwijderen?')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Verwijderen' }).getAttribute('aria-selected')).toBe('true');
  });

  it("refuses a tab's address without its permission: the no-rights message, then the dashboard", async () => {
    const { router, calls } = renderClient('/clients/c1/remove', VIEWER);
    expect(await screen.findByText('U hebt geen rechten om deze content te bekijken.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByText('Weet u zeker dat u deze klant wilt verwijderen?')).toBeNull();
    expect(calls.some((call) => call.path.endsWith('/delete'))).toBe(false);
  });

  it('renders the 404 page for an address below the client that is no screen', async () => {
    renderClient('/clients/c1/onbekend', REMOVER);
    expect(await screen.findByRole('heading', { name: 'Pagina niet gevonden' })).toBeTruthy();
  });
});

describe('client overview', () => {
  it('shows the name, the modules by their Dutch names, the credits and the low-credit limit', async () => {
    renderClient('/clients/c1', VIEWER, {
      ...clientDetails(DEMO),
      modules: ['qr_code', 'word', 'map_element', 'tracking', 'location'],
      credits: 740,
      field_credits: 740,
      field_low_credit_email_limit: 25,
    });
    const overview = await screen.findByRole('region', { name: 'Overzicht' });
    const facts = Object.fromEntries(
      within(overview)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      'Klant naam': 'Demo Gemeente',
      Modules: 'Word, Kaart element, Locatie element, Tracking element, QR code element',
      Credits: '740',
      'Eerstvolgende vervaldatum credits': 'Er vervallen geen credits',
      'E-mail bij weinig credits vanaf': '25',
    });
  });

  it('tells when the next credits expire, and shows the credit usage chart of this month', async () => {
    const { calls } = renderClient('/clients/c1', VIEWER, { ...clientDetails(DEMO), credits_next_expire_date: '2028-11-26' });
    const overview = await screen.findByRole('region', { name: 'Overzicht' });
    expect(within(overview).getByText('Eerstvolgende vervaldatum credits').nextElementSibling?.textContent).toBe('26 nov 2028');
    const chart = await screen.findByRole('region', { name: 'Creditgebruik' });
    expect(await within(chart).findByRole('img', { name: /Staafdiagram van het creditgebruik in .* 4 credits in totaal\./ })).toBeTruthy();
    const now = new Date();
    const asked = calls.find((call) => call.path === '/api/clients/c1/chart-credit-usages');
    expect(asked?.query.get('year')).toBe(String(now.getFullYear()));
    expect(asked?.query.get('month')).toBe(String(now.getMonth() + 1));
    expect((within(chart).getByRole('combobox', { name: 'Jaar' }) as HTMLSelectElement).options).toHaveLength(10);
  });

  it('leaves the chart out without \'view credit entities\'', async () => {
    const { calls } = renderClient('/clients/c1', REMOVER);
    await screen.findByRole('region', { name: 'Overzicht' });
    expect(screen.queryByRole('region', { name: 'Creditgebruik' })).toBeNull();
    expect(calls.some((call) => call.path.endsWith('/chart-credit-usages'))).toBe(false);
  });

  it("says 'Geen' without modules, and offers buying modules only with 'eform edit client'", async () => {
    renderClient('/clients/c1', VIEWER);
    const overview = await screen.findByRole('region', { name: 'Overzicht' });
    expect(within(overview).getByText('Modules').nextElementSibling?.textContent).toBe('Geen');
    expect(within(overview).queryByRole('link', { name: 'Modules kopen' })).toBeNull();
  });

  it('links to buying modules for a user who may edit the client', async () => {
    renderClient('/clients/c1', REMOVER);
    const overview = await screen.findByRole('region', { name: 'Overzicht' });
    expect(within(overview).getByRole('link', { name: 'Modules kopen' }).getAttribute('href')).toBe('/clients/c1/modules-buy');
  });
});
