import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { daysBefore } from '@/lib/format';
import { serverToday } from '@/lib/server-day';
import type { Purchase } from '@/lib/purchases';
import { installFakeServer, json, type FakeCall, type FakeHandler } from '@/test/fake-server';
import { demoServer, emptyContact, storedSession, userInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import type { BundleOffer, ModuleOfferEdit, ReportResource } from '../api';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

function report(date: string): ReportResource {
  return {
    type: 'dashboard_report--dashboard_report',
    id: date,
    attributes: {
      report_date: date,
      disk_free: 50 * 1024 ** 3,
      disk_total: 200 * 1024 ** 3,
      disk_available: 25,
      credit_usage_per_client: [
        { client_id: 'c1', client_name: 'Demo Gemeente', credit_count: 7 },
        { client_id: 'c2', client_name: 'Tweede Gemeente', credit_count: 1 },
      ],
      registration_count_per_client: [
        { client_id: 'c1', client_name: 'Demo Gemeente', registration_count: 12, disk_bytes: 5 * 1024 ** 2 + 512 * 1024, credits_left: 740 },
        { client_id: 'c2', client_name: 'Tweede Gemeente', registration_count: 0, disk_bytes: 1536, credits_left: 0 },
      ],
    },
  };
}

const ORDER: Purchase = {
  id: 'p1',
  client_id: 'c2',
  client_name: 'Tweede Gemeente',
  kind: 'credits',
  name: 'Bundel 100',
  credits: 100,
  price: 5000,
  amount: 6050,
  provider: 'invoice',
  status: 'pending',
  created: '2026-11-25T09:30:00Z',
  contact: emptyContact(),
};

const BUNDLES: BundleOffer[] = [{ id: 'b100', name: 'Bundel 100', credits: 100, price: 5000, enabled: true, position: 1 }];
const MODULES: ModuleOfferEdit[] = [{ type: 'map_element', name: 'Kaart', description: 'Kaart element', price: 25000, enabled: true }];

function renderDashboard(extra: Record<string, FakeHandler> = {}) {
  const admin = storedSession({ user: { ...storedSession().user, roles: ['admin'] } });
  const server = installFakeServer({
    ...demoServer({}, userInfo({ roles: ['admin'] })),
    'GET /jsonapi/dashboard_report/dashboard_report': () => json(200, { data: [] }),
    'GET /api/purchases': () => json(200, []),
    'GET /api/credit-bundles': () => json(200, BUNDLES),
    'GET /api/module-offers': () => json(200, MODULES),
    'GET /api/clients/all/chart-credit-usages': () =>
      json(200, {
        labels: ['2026-11-01', '2026-11-02'],
        series: [
          { client_id: 'c1', name: 'Demo Gemeente', y: [3, 4] },
          { client_id: 'c2', name: 'Tweede Gemeente', y: [0, 1] },
        ],
      }),
    ...extra,
  });
  const router = renderApp('/admin/dashboard', admin);
  return { router, calls: server.calls };
}

const only = (calls: FakeCall[], method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);

describe('admin dashboard (screen 21)', () => {
  it('says there are no reports yet, and still shows the chart of all clients', async () => {
    const { calls } = renderDashboard();
    expect(await screen.findByText('Nog geen rapporten: het eerste rapport verschijnt na de dagelijkse taak.')).toBeTruthy();
    const chart = screen.getByRole('region', { name: 'Creditgebruik van alle klanten' });
    expect(await within(chart).findByRole('img', { name: /8 credits in totaal/ })).toBeTruthy();
    expect(screen.getByText('Er zijn geen openstaande bestellingen.')).toBeTruthy();
    const [asked] = only(calls, 'GET', '/jsonapi/dashboard_report/dashboard_report');
    expect(asked?.query.get('sort')).toBe('-report_date');
    expect(asked?.query.get('page[limit]')).toBe('30');
    expect(asked?.headers.get('accept')).toBe('application/vnd.api+json');
  });

  it('sums the credit usage per client over the last 30 days and shows the storage in units of 1024', async () => {
    renderDashboard({
      'GET /jsonapi/dashboard_report/dashboard_report': () => json(200, { data: [report(serverToday()), report(daysBefore(serverToday(), 1)), report(daysBefore(serverToday(), 40))] }),
    });
    const usage = await screen.findByRole('table', { name: 'Creditgebruik per klant in de laatste 30 dagen' });
    expect(within(usage).getAllByTestId('usage-row').map((row) => row.textContent)).toEqual(['Demo Gemeente14', 'Tweede Gemeente2']);
    const storage = screen.getByRole('region', { name: 'Opslag' });
    expect(within(storage).getByText('Vrij').nextElementSibling?.textContent).toBe('50,00 GB');
    expect(within(storage).getByText('Totaal').nextElementSibling?.textContent).toBe('200,00 GB');
    expect(within(storage).getByText('Beschikbaar').nextElementSibling?.textContent).toBe('25,00%');
    const rows = within(storage).getAllByTestId('storage-row').map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Demo Gemeente', '12', '5,50 MB', '740'],
      ['Tweede Gemeente', '0', '1,50 KB', '0'],
    ]);
  });

  it('confirms an open order of any client after a question', async () => {
    let open = [ORDER];
    const { calls } = renderDashboard({
      'GET /api/purchases': () => json(200, open),
      'POST /api/purchases/p1/confirm': () => {
        open = [];
        return json(200, { status: true, message: 'Credits zijn toegevoegd aan klant.' });
      },
    });
    const ui = userEvent.setup();
    const orders = await screen.findByRole('table', { name: 'Openstaande bestellingen' });
    expect(within(orders).getByText('Tweede Gemeente')).toBeTruthy();
    await ui.click(within(orders).getByRole('button', { name: 'Bestelling Bundel 100 bevestigen' }));
    await ui.click(within(await screen.findByRole('dialog', { name: 'Bestelling bevestigen' })).getByRole('button', { name: 'Bevestigen' }));
    expect(await screen.findByText('Credits zijn toegevoegd aan klant.')).toBeTruthy();
    expect(await screen.findByText('Er zijn geen openstaande bestellingen.')).toBeTruthy();
    expect(only(calls, 'POST', '/api/purchases/p1/confirm')).toHaveLength(1);
  });

  it('saves a bundle with its price in cents, adds a new one, and checks the price first', async () => {
    const { calls } = renderDashboard({
      'PATCH /api/credit-bundles/b100': (call) => json(200, { id: 'b100', ...(JSON.parse(call.body ?? '{}') as object) }),
      'POST /api/credit-bundles': (call) => json(201, { id: 'b-new', ...(JSON.parse(call.body ?? '{}') as object) }),
    });
    const ui = userEvent.setup();
    const [existing, blank] = await screen.findAllByTestId('bundle-editor');
    if (!existing || !blank) throw new Error('two bundle editors expected');
    const price = within(existing).getByRole('textbox', { name: 'Prijs in euro (excl. btw)' }) as HTMLInputElement;
    expect(price.value).toBe('50,00');
    await ui.clear(price);
    await ui.type(price, 'vijftig');
    await ui.click(within(existing).getByRole('button', { name: 'Bundel Bundel 100 opslaan' }));
    expect(await within(existing).findByText('Vul een prijs van 0 of hoger in euro in, bijvoorbeeld 12,50.')).toBeTruthy();
    expect(only(calls, 'PATCH', '/api/credit-bundles/b100')).toHaveLength(0);

    await ui.clear(price);
    await ui.type(price, '49,50');
    await ui.click(within(existing).getByRole('switch', { name: 'Te koop' }));
    await ui.click(within(existing).getByRole('button', { name: 'Bundel Bundel 100 opslaan' }));
    expect(await screen.findByText('Bundel Bundel 100 is opgeslagen.')).toBeTruthy();
    expect(JSON.parse(only(calls, 'PATCH', '/api/credit-bundles/b100')[0]?.body ?? 'null')).toEqual({
      name: 'Bundel 100',
      credits: 100,
      price: 4950,
      enabled: false,
      position: 1,
    });

    const fresh = screen.getAllByTestId('bundle-editor').at(-1);
    if (!fresh) throw new Error('the new bundle editor');
    await ui.type(within(fresh).getByRole('textbox', { name: 'Naam' }), 'Bundel 1000');
    await ui.type(within(fresh).getByRole('textbox', { name: 'Credits' }), '1000');
    await ui.type(within(fresh).getByRole('textbox', { name: 'Prijs in euro (excl. btw)' }), '400');
    await ui.click(within(fresh).getByRole('button', { name: 'Bundel toevoegen' }));
    expect(await screen.findByText('Bundel Bundel 1000 is toegevoegd.')).toBeTruthy();
    expect(JSON.parse(only(calls, 'POST', '/api/credit-bundles')[0]?.body ?? 'null')).toEqual({
      name: 'Bundel 1000',
      credits: 1000,
      price: 40000,
      enabled: true,
      position: 2,
    });
  });

  it("saves a module's offer, and shows the server's refusal", async () => {
    let refuse = true;
    const { calls } = renderDashboard({
      'PATCH /api/module-offers/map_element': (call) =>
        refuse
          ? ((refuse = false),
            json(422, {
              status: false,
              message: 'Vul een naam, een aantal credits groter dan 0 en een prijs van 0 of hoger in.',
              errors: [{ detail: 'Vul een naam, een aantal credits groter dan 0 en een prijs van 0 of hoger in.', source: { pointer: '/price' } }],
            }))
          : json(200, { type: 'map_element', ...(JSON.parse(call.body ?? '{}') as object) }),
    });
    const ui = userEvent.setup();
    const [editor] = await screen.findAllByTestId('module-editor');
    if (!editor) throw new Error('a module editor');
    const description = within(editor).getByRole('textbox', { name: 'Omschrijving' });
    await ui.clear(description);
    await ui.type(description, 'Kaarten met lagen');
    const save = within(editor).getByRole('button', { name: 'Module Kaart (Kaart element) opslaan' });
    await ui.click(save);
    expect(await within(editor).findByText('Vul een naam, een aantal credits groter dan 0 en een prijs van 0 of hoger in.')).toBeTruthy();
    await ui.click(save);
    expect(await screen.findByText('Module Kaart is opgeslagen.')).toBeTruthy();
    expect(JSON.parse(only(calls, 'PATCH', '/api/module-offers/map_element')[1]?.body ?? 'null')).toEqual({
      name: 'Kaart',
      description: 'Kaarten met lagen',
      price: 25000,
      enabled: true,
    });
  });

  it('is for admins only', async () => {
    const { calls } = installFakeServer(demoServer());
    renderApp('/admin/dashboard', storedSession());
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Admin dashboard', level: 1 })).toBeNull());
    await waitFor(() => expect(calls.some((call) => call.path.startsWith('/jsonapi/dashboard_report'))).toBe(false));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });
});
