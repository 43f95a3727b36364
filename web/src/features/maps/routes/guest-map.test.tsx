import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { clickAt, fakeMap } from '@/test/fake-map';
import { installFakeServer, json, type FakeHandler } from '@/test/fake-server';
import { renderApp } from '@/test/render-app';
import { writeSavedFilter } from '../status-filter';

vi.mock('@/features/maps/base-map-canvas', () => import('@/test/fake-map'));

configure({ asyncUtilTimeout: 5000 });

const feature = (id: string, status: string) => ({
  type: 'Feature',
  id,
  geometry: { type: 'Point', coordinates: [5.38, 52.15] },
  properties: { name: `Paal ${id}`, status, data: { straat: 'Kerkstraat' } },
});

/** The guest map answer (api/src/routes/guest_maps.rs): the features of the asked statuses. */
function guestAnswer(filter: string, mapSettings: Record<string, unknown> = {}) {
  const all = [feature('1', 'open'), feature('2', 'closed'), feature('3', '')];
  const statuses = filter === 'all' ? null : filter.split('||');
  const features = statuses ? all.filter((f) => statuses.includes(f.properties.status || '_none')) : all;
  return {
    form_name: 'Demo kaartmelding',
    datasource_name: 'Demo lantaarnpalen',
    datasource_id: 'ds1',
    status_values: ['open', 'closed', '_none'],
    mapSettings: { mapLayers: [{ datasource_id: 'ds1', loadingStrategy: 'preload' }], show_status_filters: true, guest_map_enabled: true, ...mapSettings },
    features: { type: 'FeatureCollection', total: features.length, omitted: 0, features },
  };
}

describe('the guest map (spec 000 screen 12)', () => {
  it('shows form, datasource, map, status filter and selected features to a visitor who is not signed in', async () => {
    const byUuid: FakeHandler = (call) => json(200, guestAnswer(decodeURIComponent(call.path.split('/').at(-1) ?? '')));
    const { calls } = installFakeServer({
      'GET /api/guest/datasource/u-kaart/all': byUuid,
      'GET /api/guest/datasource/u-kaart/open%7C%7C_none': byUuid,
    });
    const user = userEvent.setup();
    const router = renderApp('/guest/map/u-kaart');
    expect(await screen.findByRole('heading', { name: 'Demo kaartmelding', level: 1 })).toBeTruthy();
    expect(screen.getByText('Databron: Demo lantaarnpalen')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/guest/map/u-kaart');
    await screen.findByRole('region', { name: 'Demo lantaarnpalen' });
    await waitFor(() => expect(fakeMap.current?.map.shownNames()).toEqual(['Paal 1', 'Paal 2', 'Paal 3']));
    expect(calls[0]?.headers.get('api-key')).toBeNull();

    act(() => clickAt({ feature: '2' }));
    const table = screen.getByRole('table', { name: 'Geselecteerde items' });
    expect(within(table).getByText('Paal 2')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: /^Deselecteren/ }));
    expect(screen.queryByRole('table', { name: 'Geselecteerde items' })).toBeNull();

    // The filter asks the server for the chosen statuses only.
    const filter = screen.getByRole('group', { name: 'Filter op status' });
    await user.click(within(filter).getByRole('checkbox', { name: 'closed' }));
    await waitFor(() => expect(calls.map((call) => call.path)).toContain('/api/guest/datasource/u-kaart/open%7C%7C_none'));
    await waitFor(() => expect(fakeMap.current?.map.shownNames()).toEqual(['Paal 1', 'Paal 3']));
  });

  it('lets a visitor find and select a feature with the search, on this device only', async () => {
    const { calls } = installFakeServer({
      'GET /api/guest/datasource/u-zoek/all': () => json(200, guestAnswer('all', { showMapSearch: true, featuresMaxSelect: 2 })),
    });
    const user = userEvent.setup();
    renderApp('/guest/map/u-zoek');
    await waitFor(() => expect(fakeMap.current?.map.shownNames()).toEqual(['Paal 1', 'Paal 2', 'Paal 3']));
    const search = screen.getByRole('combobox', { name: 'Zoek op de kaart' });
    await user.type(search, 'paal 3');
    await user.keyboard('{ArrowDown}{Enter}');
    const table = screen.getByRole('table', { name: 'Geselecteerde items' });
    expect(within(table).getByText('Paal 3')).toBeTruthy();
    expect(within(table).getByText('Geen status')).toBeTruthy();
    expect(screen.getByText('1 / 2 maximaal aantal features geselecteerd.')).toBeTruthy();
    await waitFor(() => expect(fakeMap.current?.map.shownNames('eform-selected')).toEqual(['Paal 3']));
    expect(fakeMap.current?.map.eased.at(-1)).toEqual({ center: [5.38, 52.15], zoom: 15 });
    expect(calls.map((call) => call.path)).toEqual(['/api/guest/datasource/u-zoek/all']);
  });

  it('asks by form and element name, with the filter saved for the datasource', async () => {
    writeSavedFilter('ds1', ['closed']);
    const { calls } = installFakeServer({
      'GET /api/guest/map/f1/lantaarnpaal/all': () => json(200, guestAnswer('all')),
      'GET /api/guest/map/f1/lantaarnpaal/closed': () => json(200, guestAnswer('closed')),
    });
    renderApp('/guest/map/f1/lantaarnpaal');
    expect(await screen.findByRole('heading', { name: 'Demo kaartmelding', level: 1 })).toBeTruthy();
    await waitFor(() => expect(fakeMap.current?.map.shownNames()).toEqual(['Paal 2']));
    expect(calls.map((call) => call.path)).toEqual(['/api/guest/map/f1/lantaarnpaal/all', '/api/guest/map/f1/lantaarnpaal/closed']);
  });

  it('asks live maps for the viewport', async () => {
    const { calls } = installFakeServer({
      'GET /api/guest/datasource/u-live/all': () => json(200, guestAnswer('all', { mapLayers: [{ datasource_id: 'ds1', loadingStrategy: 'live' }] })),
    });
    renderApp('/guest/map/u-live');
    await screen.findByRole('region', { name: 'Demo lantaarnpalen' });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(Object.fromEntries(calls[1]?.query ?? [])).toEqual({ left: '5.3', bottom: '52.1', right: '5.5', top: '52.2' });
  });

  it('says when the map does not exist or is not shared', async () => {
    installFakeServer({ 'GET /api/guest/datasource/weg/all': () => json(404, { message: 'Niet gevonden.' }) });
    renderApp('/guest/map/weg');
    expect(await screen.findByText('Deze kaart bestaat niet of is niet toegankelijk.')).toBeTruthy();
  });

  it('says the map could not be loaded on any other failure', async () => {
    installFakeServer({ 'GET /api/guest/datasource/kapot/all': () => json(500, {}) });
    renderApp('/guest/map/kapot');
    expect(await screen.findByText('Er is een fout opgetreden bij het laden van de kaart.')).toBeTruthy();
  });
});
