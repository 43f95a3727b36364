import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ClientAccess } from '@/lib/api/types';
import { getToasts } from '@/lib/toast';
import { installFakeServer, json, type FakeCall, type FakeHandler } from '@/test/fake-server';
import { clientDetails, datasourceResource, DEMO, demoServer, storedSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const MANAGER: ClientAccess = { roles: ['form_manager'], permissions: ['eform edit datasources', 'eform create datasources'] };
const EDITOR: ClientAccess = { roles: ['form_manager'], permissions: ['eform edit datasources'] };

const LAMPS = datasourceResource('map_features', 'ds-lamps', { name: 'Lantaarnpalen', feature_count: 1250 });
const STREETS = datasourceResource('search', 'ds-streets', { name: 'Demo straten', feature_count: 3 });

/** The demo client with `modules`, as both the stored session and the server know it. */
function renderList(access: ClientAccess, modules: string[], lists: { map_features?: unknown[]; search?: unknown[] }, extra: Record<string, FakeHandler> = {}) {
  const client = { ...clientDetails(DEMO), modules };
  const server = installFakeServer({
    ...demoServer({ [DEMO.id]: access }),
    'GET /api/client/c1': () => json(200, client),
    'GET /jsonapi/eform_datasource/map_features': () => json(200, { data: lists.map_features ?? [] }),
    'GET /jsonapi/eform_datasource/search': () => json(200, { data: lists.search ?? [] }),
    ...extra,
  });
  const router = renderApp('/datasources', storedSession({ access, client }));
  return { router, calls: server.calls };
}

const listCalls = (calls: FakeCall[]) => calls.filter((call) => call.path.startsWith('/jsonapi/eform_datasource/'));

async function openAddMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Databron toevoegen' }));
  return screen.findByRole('menu', { name: 'Databron toevoegen' });
}

describe('datasource list', () => {
  it("shows both kinds of the client's datasources by name, each asked as JSON:API with the page limit of 300", async () => {
    const { calls } = renderList(MANAGER, ['map_element'], { map_features: [LAMPS], search: [STREETS] });
    const table = await screen.findByRole('table', { name: 'Databronnen van deze klant' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Demo straten', 'Zoeken', '3', expect.any(String)],
      ['Lantaarnpalen', 'Kaart items', '1.250', expect.any(String)],
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Databronnen' })).toBeTruthy();

    const asked = listCalls(calls);
    expect(asked.map((call) => call.path).sort()).toEqual(['/jsonapi/eform_datasource/map_features', '/jsonapi/eform_datasource/search']);
    for (const call of asked) {
      expect(call.query.get('filter[client_id.id]')).toBe('c1');
      expect(call.query.get('page[limit]')).toBe('300');
      expect(call.headers.get('accept')).toBe('application/vnd.api+json');
    }
  });

  it("offers 'Kaart items' and 'Zoeken' in the add menu; with the map module each opens its create screen", async () => {
    const user = userEvent.setup();
    const { router } = renderList(MANAGER, ['map_element'], { search: [STREETS] });
    const menu = await openAddMenu(user);
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Kaart items', 'Zoeken']);

    await user.click(within(menu).getByRole('menuitem', { name: 'Kaart items' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/datasources/create/map_features'));
    expect(await screen.findByRole('heading', { name: 'Databron toevoegen: Kaart items' })).toBeTruthy();
    // Map features ask for the coordinate system.
    expect(screen.getByRole('combobox', { name: /Coördinatenstelsel/ })).toBeTruthy();

    await router.navigate('/datasources');
    await user.click(within(await openAddMenu(user)).getByRole('menuitem', { name: 'Zoeken' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/datasources/create/search'));
    expect(await screen.findByRole('heading', { name: 'Databron toevoegen: Zoeken' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /Coördinatenstelsel/ })).toBeNull();
  });

  it("puts 'Kaart items' behind the paid-feature wall without the map module; 'Koop nu' leads to buying it", async () => {
    const user = userEvent.setup();
    const { router } = renderList(MANAGER, ['word'], { search: [STREETS] });
    const menu = await openAddMenu(user);
    const mapItem = within(menu).getByRole('menuitem', { name: /Kaart items/ });
    expect(mapItem.textContent).toBe('Kaart itemsbetaalde module');
    expect(within(menu).getByRole('menuitem', { name: 'Zoeken' }).textContent).toBe('Zoeken');

    await user.click(mapItem);
    const wall = await screen.findByRole('dialog', { name: 'Betaalde module' });
    expect(within(wall).getByText('Kaart items horen bij de betaalde module Kaart. Koop de module om ze te gebruiken.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/datasources');
    const buy = within(wall).getByRole('link', { name: 'Koop nu' });
    expect(buy.getAttribute('href')).toBe('/clients/c1/modules-buy?module=map_element');

    await user.click(within(wall).getByRole('button', { name: 'Misschien later' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Betaalde module' })).toBeNull());
    expect(router.state.location.pathname).toBe('/datasources');
  });

  it('says so when the client has no datasources; the hint to add one only for who may add', async () => {
    renderList(MANAGER, [], {});
    const empty = await screen.findByText(/Deze klant heeft nog geen databronnen\./);
    expect(empty.textContent).toBe('Deze klant heeft nog geen databronnen. Voeg er een toe met de knop Databron toevoegen.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows an editor without the create permission the list without the add menu or its hint', async () => {
    renderList(EDITOR, ['map_element'], {});
    const empty = await screen.findByText(/Deze klant heeft nog geen databronnen\./);
    expect(empty.textContent?.trim()).toBe('Deze klant heeft nog geen databronnen.');
    expect(screen.queryByRole('button', { name: 'Databron toevoegen' })).toBeNull();
  });

  it('opens a datasource from its row, by its link or anywhere on the row', async () => {
    const user = userEvent.setup();
    const { router } = renderList(MANAGER, ['map_element'], { map_features: [LAMPS], search: [STREETS] }, {
      'GET /jsonapi/eform_datasource/search/ds-streets': () => json(200, { data: STREETS }),
      'GET /jsonapi/eform_datasource/map_features/ds-lamps': () => json(200, { data: LAMPS }),
    });
    await user.click(await screen.findByRole('link', { name: 'Databron Demo straten openen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/datasources/search/ds-streets'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Demo straten' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Bekijk' }).getAttribute('aria-selected')).toBe('true');

    await router.navigate('/datasources');
    await user.click(await screen.findByRole('cell', { name: '1.250' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/datasources/map_features/ds-lamps'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lantaarnpalen' })).toBeTruthy();
  });

  it('sends a user without either datasource permission to the dashboard with the no-rights message', async () => {
    const { router, calls } = renderList({ roles: ['form_filler'], permissions: [] }, ['map_element'], {});
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(getToasts().map((toast) => toast.message)).toContain('U hebt geen rechten om deze content te bekijken.');
    expect(listCalls(calls)).toHaveLength(0);
  });
});
