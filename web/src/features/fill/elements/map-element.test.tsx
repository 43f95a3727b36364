import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VIEWPORT_DEBOUNCE_MS } from '@/features/maps/feature-map';
import type { FormElement } from '@/lib/form-logic';
import { db } from '@/lib/offline/device-db';
import { clickAt, fakeMap } from '@/test/fake-map';
import { installFakeServer, json, type FakeHandler } from '@/test/fake-server';
import { FillEnvironmentContext, type FillEnvironment } from '../fill-environment';
import { checkElement } from '../validation';
import { MapElement } from './map-element';

vi.mock('@/features/maps/base-map-canvas', () => import('@/test/fake-map'));

afterEach(() => {
  vi.useRealTimers();
});

const feature = (id: string, name: string, status: string, data: Record<string, unknown> = {}) => ({
  type: 'Feature',
  id,
  geometry: { type: 'Point', coordinates: [5.38 + Number(id) / 1000, 52.15] },
  properties: { name, status, data },
});

/** `GET api/datasource/ds1` as the server answers it. */
const COLLECTION = {
  type: 'FeatureCollection',
  total: 3,
  omitted: 0,
  features: [
    feature('1', 'Paal 1', 'open', { straat: 'Kerkstraat' }),
    feature('2', 'Paal 2', 'closed', { straat: 'Molenweg' }),
    feature('3', 'Paal 3', '', { straat: 'Dorpsplein' }),
  ],
};

function environment(target: FillEnvironment['target'] = { kind: 'user', clientId: 'c1' }): FillEnvironment {
  return { target, editSubformEntry: vi.fn(async () => null), fillLinkedForm: null, assigneeName: () => undefined };
}

const element = (mapSettings: Record<string, unknown> = {}): FormElement => ({
  uuid: 'u-kaart',
  name: 'lantaarnpaal',
  label: 'Lantaarnpaal',
  elementType: 'map',
  mapSettings: { mapLayers: [{ type: 'geojson', datasource_id: 'ds1', loadingStrategy: 'preload' }], ...mapSettings },
});

function renderMap(el: FormElement, initial?: unknown, env = environment()) {
  const changes: unknown[] = [];
  function Harness() {
    const [value, setValue] = useState<unknown>(initial);
    return (
      <FillEnvironmentContext.Provider value={env}>
        <MapElement
          element={el}
          id="lantaarnpaal"
          value={value}
          onChange={(next) => {
            changes.push(next);
            setValue(next);
          }}
          required={false}
          values={{ lantaarnpaal: value }}
          entryErrors={{}}
        />
      </FillEnvironmentContext.Provider>
    );
  }
  render(<Harness />);
  return { changes, last: () => changes.at(-1) };
}

function server(answer: FakeHandler = () => json(200, COLLECTION)) {
  const { calls } = installFakeServer({ 'GET /api/datasource/ds1': answer });
  return () => calls.filter((call) => call.path === '/api/datasource/ds1');
}

/** Waits until the (lazy) map is on screen and shows `names`. */
async function mapShows(names: string[]) {
  await screen.findByRole('region', { name: 'Lantaarnpaal' });
  await waitFor(() => expect(fakeMap.current?.map.shownNames()).toEqual(names));
}

describe('MapElement', () => {
  it('preloads the whole datasource and selects one item by clicking, a new click replacing it', async () => {
    const reads = server();
    const { last } = renderMap(element());
    await mapShows(['Paal 1', 'Paal 2', 'Paal 3']);
    expect(reads()).toHaveLength(1);
    expect([...(reads()[0]?.query.keys() ?? [])]).toEqual([]);
    expect(screen.getByText('3 items op de kaart')).toBeTruthy();
    expect(screen.getByText('0 / 1 maximaal aantal features geselecteerd.')).toBeTruthy();

    act(() => clickAt({ feature: '2' }));
    expect(last()).toEqual([
      { id: '2', name: 'Paal 2', status: 'closed', data: { straat: 'Molenweg' }, geometry: { type: 'Point', coordinates: [5.382, 52.15] } },
    ]);
    expect(screen.getByText('1 / 1 maximaal aantal features geselecteerd.')).toBeTruthy();
    await waitFor(() => expect(fakeMap.current?.map.shownNames('eform-selected')).toEqual(['Paal 2']));

    act(() => clickAt({ feature: '1' }));
    expect((last() as { id: string }[]).map((item) => item.id)).toEqual(['1']);
  });

  it('allows up to featuresMaxSelect items and deselects from the list without the map', async () => {
    server();
    const user = userEvent.setup();
    const { last } = renderMap(element({ featuresMaxSelect: 2, showDataColumns: true }));
    await mapShows(['Paal 1', 'Paal 2', 'Paal 3']);
    act(() => clickAt({ feature: '1' }));
    act(() => clickAt({ feature: '3' }));
    act(() => clickAt({ feature: '2' }));
    expect((last() as { id: string }[]).map((item) => item.id)).toEqual(['1', '3']);
    expect(screen.getByText('2 / 2 maximaal aantal features geselecteerd.')).toBeTruthy();

    const table = screen.getByRole('table', { name: 'Geselecteerde items' });
    expect(within(table).getByRole('columnheader', { name: 'straat' })).toBeTruthy();
    expect(within(table).getByText('Dorpsplein')).toBeTruthy();
    expect(within(table).getByText('Geen status')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'Deselecteren: Paal 1' }));
    expect((last() as { id: string }[]).map((item) => item.id)).toEqual(['3']);
    await user.click(screen.getByRole('button', { name: /^Deselecteren/ }));
    expect(last()).toBeUndefined();
  });

  it('with showMapSearch, selects a feature found by name as a click would, and moves the map to it', async () => {
    server();
    const user = userEvent.setup();
    const { last } = renderMap(element({ showMapSearch: true }));
    await mapShows(['Paal 1', 'Paal 2', 'Paal 3']);
    expect(screen.queryByRole('button', { name: 'Kies uit lijst' })).toBeNull();
    const search = screen.getByRole('combobox', { name: 'Zoek op de kaart' });

    await user.click(search);
    expect(screen.getAllByRole('option').map((option) => option.getAttribute('aria-label'))).toEqual([
      'Paal 1, open',
      'Paal 2, closed',
      'Paal 3, Geen status',
    ]);
    await user.type(search, '2');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(last()).toEqual([
      { id: '2', name: 'Paal 2', status: 'closed', data: { straat: 'Molenweg' }, geometry: { type: 'Point', coordinates: [5.382, 52.15] } },
    ]);
    expect((search as HTMLInputElement).value).toBe('');
    expect(within(screen.getByRole('table', { name: 'Geselecteerde items' })).getByText('Paal 2')).toBeTruthy();
    await waitFor(() => expect(fakeMap.current?.map.shownNames('eform-selected')).toEqual(['Paal 2']));
    // Zoomed in from 7 to where Paal 2 is a point of its own, not a cluster.
    expect(fakeMap.current?.map.eased.at(-1)).toEqual({ center: [5.382, 52.15], zoom: 15 });

    // The chosen one reads as selected; choosing another replaces it (one allowed).
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Paal 2, closed, geselecteerd' })).toBeTruthy();
    await user.click(screen.getByRole('option', { name: 'Paal 3, Geen status' }));
    expect((last() as { id: string }[]).map((item) => item.id)).toEqual(['3']);
  });

  it('without showMapSearch, opens the same search from "Kies uit lijst" by keyboard alone', async () => {
    server();
    const user = userEvent.setup();
    const { last } = renderMap(element({ featuresMaxSelect: 2, show_status_filters: true }));
    await mapShows(['Paal 1', 'Paal 2', 'Paal 3']);
    expect(screen.queryByRole('combobox', { name: 'Zoek op de kaart' })).toBeNull();
    const open = screen.getByRole('button', { name: 'Kies uit lijst' });
    expect(open.getAttribute('aria-expanded')).toBe('false');

    // The status filter limits what the search offers, as it limits the map.
    const filter = screen.getByRole('group', { name: 'Filter op status' });
    await user.click(within(filter).getByRole('checkbox', { name: 'closed' }));
    await waitFor(() => expect(fakeMap.current?.map.shownNames()).toEqual(['Paal 1', 'Paal 3']));

    open.focus();
    await user.keyboard('{Enter}');
    expect(open.getAttribute('aria-expanded')).toBe('true');
    const search = screen.getByRole('combobox', { name: 'Zoek op de kaart' });
    expect(document.activeElement).toBe(search);
    await user.keyboard('paal');
    expect(screen.getAllByRole('option').map((option) => option.getAttribute('aria-label'))).toEqual(['Paal 1, open', 'Paal 3, Geen status']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect((last() as { id: string }[]).map((item) => item.id)).toEqual(['1']);
    await user.keyboard('3{ArrowDown}{Enter}');
    expect((last() as { id: string }[]).map((item) => item.id)).toEqual(['1', '3']);
    expect(screen.getByText('2 / 2 maximaal aantal features geselecteerd.')).toBeTruthy();

    // Full: the one left out cannot be chosen; a selected one can be chosen again to deselect it.
    await user.click(within(filter).getByRole('checkbox', { name: 'closed' }));
    await user.click(search);
    expect(screen.getByRole('option', { name: 'Paal 2, closed' }).getAttribute('aria-disabled')).toBe('true');
    await user.click(screen.getByRole('option', { name: 'Paal 1, open, geselecteerd' }));
    expect((last() as { id: string }[]).map((item) => item.id)).toEqual(['3']);
  });

  it('filters by status when the element shows the filter, and remembers it per datasource', async () => {
    server();
    const user = userEvent.setup();
    renderMap(element({ show_status_filters: true, featureStyles: [{ status: 'open', color: '#00aa00' }] }));
    await mapShows(['Paal 1', 'Paal 2', 'Paal 3']);
    const filter = screen.getByRole('group', { name: 'Filter op status' });
    expect(within(filter).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(['open', 'closed', 'Geen status']);
    await user.click(within(filter).getByRole('checkbox', { name: 'closed' }));
    await waitFor(() => expect(fakeMap.current?.map.shownNames()).toEqual(['Paal 1', 'Paal 3']));
    expect(screen.getByText('2 items op de kaart')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('savedMapFilters-ds1')).toBe('["open","_none"]'), { timeout: 2_000 });
  });

  it('loads live per viewport, again after the map stops moving, and hints to zoom in when features are left out', async () => {
    const reads = server(() => json(200, { ...COLLECTION, total: 2503, omitted: 2500 }));
    renderMap(element({ mapLayers: [{ datasource_id: 'ds1', loadingStrategy: 'live' }] }));
    await mapShows(['Paal 1', 'Paal 2', 'Paal 3']);
    expect(Object.fromEntries(reads()[0]?.query ?? [])).toEqual({ left: '5.3', bottom: '52.1', right: '5.5', top: '52.2' });
    expect(screen.getByText('2500 items worden niet getoond. Zoom in om ze te zien.')).toBeTruthy();

    vi.useFakeTimers();
    const map = fakeMap.current?.map;
    if (!map) throw new Error('no map');
    map.bounds = { left: 5.38, bottom: 52.14, right: 5.39, top: 52.16 };
    act(() => map.fire('moveend'));
    act(() => vi.advanceTimersByTime(VIEWPORT_DEBOUNCE_MS - 1));
    expect(reads()).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(reads()).toHaveLength(2));
    expect(reads()[1]?.query.get('left')).toBe('5.38');
  });

  it('offline, shows the copy kept on the device and the selected items of the value', async () => {
    await db.datasources.put({ datasource_id: 'ds1', items: COLLECTION, cachedAt: Date.now() });
    server(() => {
      throw new TypeError('Failed to fetch');
    });
    const stored = [{ id: '9', name: 'Paal 9', status: 'open', data: {}, geometry: { type: 'Point', coordinates: [5.4, 52.1] } }];
    renderMap(element(), stored);
    await mapShows(['Paal 1', 'Paal 2', 'Paal 3']);
    expect(screen.getByRole('button', { name: 'Deselecteren: Paal 9' })).toBeTruthy();
    // The whole datasource is known and Paal 9 is not in it.
    expect(screen.getByText(/^Het geselecteerde item kon niet worden gevonden op de kaart\./)).toBeTruthy();
  });

  it('says so when the features cannot be loaded, and tries again on request', async () => {
    let fail = true;
    const reads = server(() => (fail ? json(500, { message: 'kapot' }) : json(200, COLLECTION)));
    const user = userEvent.setup();
    renderMap(element());
    await screen.findByText('De kaartitems konden niet worden geladen. Probeer het opnieuw zodra u verbinding heeft.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Opnieuw laden' }));
    await mapShows(['Paal 1', 'Paal 2', 'Paal 3']);
    expect(reads()).toHaveLength(2);
  });

  it('reads nothing for a guest, who has no session', async () => {
    const reads = server();
    renderMap(element(), undefined, environment({ kind: 'guest', guestId: 'g1' }));
    await screen.findByText('Een kaart kan alleen na inloggen worden gebruikt.');
    await screen.findByRole('region', { name: 'Lantaarnpaal' });
    expect(reads()).toHaveLength(0);
  });

  it('is required as a list of at least one item', () => {
    const required = { ...element(), validation: [{ name: 'required' }] } as FormElement;
    expect(checkElement(required, undefined)).toBe('Dit veld is verplicht.');
    expect(checkElement(required, [])).toBe('Dit veld is verplicht.');
    expect(checkElement(required, [{ id: '1', name: 'Paal 1', status: 'open', data: {} }])).toBeUndefined();
  });
});
