import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormElement } from '@/lib/form-logic';
import { itemProperty, selectedItems } from '@/lib/form-logic/values';
import { db } from '@/lib/offline/device-db';
import { DATASOURCE_MAX_AGE_MS } from '@/lib/offline/offline-cache';
import { installFakeServer, json, type FakeCall, type FakeHandler } from '@/test/fake-server';
import { FillEnvironmentContext, type FillEnvironment } from '../fill-environment';
import { SEARCH_DEBOUNCE_MS, SearchElement } from './search-element';

/** `GET api/datasource/ds1?format=search` as the server answers it: id, name and the other columns. */
const ITEMS = [
  { id: '1', name: 'Kerkstraat', data: { postcode: '3801 AB', wijk: 'Noord' } },
  { id: '2', name: 'Molenweg', data: { postcode: '3803 AB', wijk: 'Centrum' } },
  { id: '3', name: 'Achter de Molen', data: { wijk: 'Oost' } },
  { id: '4', name: 'Dorpsstraat' },
];

const unreachable: FakeHandler = () => {
  throw new TypeError('Failed to fetch');
};

function environment(target: FillEnvironment['target'] = { kind: 'user', clientId: 'c1' }): FillEnvironment {
  return { target, editSubformEntry: vi.fn(async () => null), fillLinkedForm: null, assigneeName: () => undefined };
}

const element = (searchSettings: Record<string, unknown> = { datasourceId: 'ds1' }): FormElement => ({
  uuid: 'u-zoek',
  name: 'straat',
  label: 'Straat',
  elementType: 'search',
  searchSettings,
});

/** The element as the form renders it, every reported value recorded. */
function renderSearch(el: FormElement, initial?: unknown, env = environment()) {
  const changes: unknown[] = [];
  function Harness() {
    const [value, setValue] = useState<unknown>(initial);
    return (
      <FillEnvironmentContext.Provider value={env}>
        <SearchElement
          element={el}
          id="straat"
          value={value}
          onChange={(next) => {
            changes.push(next);
            setValue(next);
          }}
          required={false}
          values={{ straat: value }}
          entryErrors={{}}
        />
      </FillEnvironmentContext.Provider>
    );
  }
  render(<Harness />);
  return { changes, last: () => changes.at(-1) };
}

/** A fake server whose search list answer the test switches between calls. */
function searchServer(answer: FakeHandler = () => json(200, ITEMS)) {
  const state = { answer };
  const { calls } = installFakeServer({ 'GET /api/datasource/ds1': (call) => state.answer(call) });
  return { state, reads: () => calls.filter((call: FakeCall) => call.path === '/api/datasource/ds1') };
}

const input = () => screen.getByRole('combobox', { name: 'Straat' });
/** The names in the open list (each option shows the item's data values under its name). */
const optionTexts = () =>
  within(screen.getByRole('listbox', { name: 'Straat' }))
    .getAllByRole('option')
    .map((option) => option.querySelector(':scope > span:last-child > span:first-child')?.textContent);

/** Opens the list once it has loaded (the loading text goes first). */
async function openLoaded(user: ReturnType<typeof userEvent.setup>) {
  await user.click(input());
  await waitFor(() => expect(screen.queryByText('De lijst wordt geladen..')).toBeNull());
  return screen.findByRole('listbox', { name: 'Straat' });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('search element', () => {
  it('asks the datasource for its search list once, and matches only 250 ms after the last key', async () => {
    const { reads } = searchServer();
    renderSearch(element());
    await openLoaded(userEvent.setup());
    expect(optionTexts()).toEqual(['Kerkstraat', 'Molenweg', 'Achter de Molen', 'Dorpsstraat']);
    // Two items of one name can be told apart by their data.
    expect(screen.getAllByRole('option')[0]?.textContent).toBe('Kerkstraat3801 AB · Noord');
    expect(reads()).toHaveLength(1);
    expect(reads()[0]?.query.get('format')).toBe('search');

    // Keys as the input reports them, on a clock the test moves (user-event and findBy wait on timers).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
    type('mo');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    type('mol');
    // 200 ms after 'mo' and 249 ms after 'mol': nothing is matched yet.
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1));
    expect(optionTexts()).toHaveLength(4);
    act(() => vi.advanceTimersByTime(1));
    // Case-insensitive, those that start with the term first.
    expect(optionTexts()).toEqual(['Molenweg', 'Achter de Molen']);

    type('molx');
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(screen.getByText('Geen waardes gevonden. Verander uw zoekopdracht.')).toBeTruthy();
    expect(reads()).toHaveLength(1);
  });

  it('single select: stores the chosen item with its data, offers the whole list again, and empties on clear', async () => {
    searchServer();
    const user = userEvent.setup();
    const { changes, last } = renderSearch(element());
    await openLoaded(user);
    await user.type(input(), 'kerk');
    await waitFor(() => expect(optionTexts()).toEqual(['Kerkstraat']));
    await user.click(screen.getByRole('option', { name: /Kerkstraat/ }));
    expect(last()).toEqual({ id: '1', name: 'Kerkstraat', data: { postcode: '3801 AB', wijk: 'Noord' } });
    // The shape tokens and rules read ($straat.postcode$), as the server does.
    expect(itemProperty(selectedItems(last())[0] ?? {}, 'postcode')).toBe('3801 AB');
    expect((input() as HTMLInputElement).value).toBe('Kerkstraat');

    // The input shows the chosen name; opening the list offers every item, not just that one.
    await user.click(input());
    await waitFor(() => expect(optionTexts()).toHaveLength(4));
    await user.click(screen.getByRole('option', { name: /Dorpsstraat/ }));
    expect(last()).toEqual({ id: '4', name: 'Dorpsstraat' });

    await user.clear(input());
    expect(last()).toBeUndefined();
    expect(changes).toHaveLength(3);
  });

  it('shows a stored value by its name', async () => {
    searchServer();
    renderSearch(element(), { id: '2', name: 'Molenweg', data: { postcode: '3803 AB', wijk: 'Centrum' } });
    await waitFor(() => expect((input() as HTMLInputElement).value).toBe('Molenweg'));
  });

  it('multiple select: stores a list of the chosen items, each removable', async () => {
    searchServer();
    const user = userEvent.setup();
    const { last } = renderSearch(element({ datasourceId: 'ds1', multiple: true }));
    await openLoaded(user);
    await user.click(screen.getByRole('option', { name: /Kerkstraat/ }));
    expect(last()).toEqual([{ id: '1', name: 'Kerkstraat', data: { postcode: '3801 AB', wijk: 'Noord' } }]);
    // The list stays open for the next one.
    await user.click(screen.getByRole('option', { name: /Molenweg/ }));
    expect(last()).toEqual([
      { id: '1', name: 'Kerkstraat', data: { postcode: '3801 AB', wijk: 'Noord' } },
      { id: '2', name: 'Molenweg', data: { postcode: '3803 AB', wijk: 'Centrum' } },
    ]);
    expect(screen.getByRole('button', { name: 'Kerkstraat' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Molenweg' })).toBeTruthy();

    // Backspace in the empty input removes the last one; none left is no answer.
    await user.type(input(), '{Backspace}');
    expect(last()).toEqual([{ id: '1', name: 'Kerkstraat', data: { postcode: '3801 AB', wijk: 'Noord' } }]);
    await user.type(input(), '{Backspace}');
    expect(last()).toBeUndefined();
  });

  it('shows at most 50 items and says how many more match', async () => {
    const many = Array.from({ length: 60 }, (_, index) => ({ id: String(index), name: `Straat ${index}` }));
    searchServer(() => json(200, many));
    const user = userEvent.setup();
    renderSearch(element());
    await openLoaded(user);
    expect(optionTexts()).toHaveLength(50);
    expect(screen.getByText('De eerste 50 van 60 treffers worden getoond. Typ verder om te verfijnen.')).toBeTruthy();
  });

  it('works from the copy on this device when the network fails after one online load', async () => {
    const server = searchServer();
    const user = userEvent.setup();
    renderSearch(element());
    await openLoaded(user);
    const copy = await db.datasources.get('ds1');
    expect(copy?.items).toEqual(ITEMS);
    expect(Date.now() - (copy?.cachedAt ?? 0)).toBeLessThan(60_000);
    cleanup();

    // The next form opened without signal: the request fails, the device copy answers.
    server.state.answer = unreachable;
    const { last } = renderSearch(element());
    await openLoaded(user);
    expect(server.reads()).toHaveLength(2);
    expect(optionTexts()).toEqual(['Kerkstraat', 'Molenweg', 'Achter de Molen', 'Dorpsstraat']);
    await user.type(input(), 'molen');
    await waitFor(() => expect(optionTexts()).toEqual(['Molenweg', 'Achter de Molen']));
    await user.click(screen.getByRole('option', { name: /Achter de Molen/ }));
    expect(last()).toEqual({ id: '3', name: 'Achter de Molen', data: { wijk: 'Oost' } });
    expect(screen.queryByText(/De lijst kon niet worden geladen/)).toBeNull();
  });

  it('without signal and without a copy of at most 7 days: says so and loads again on request', async () => {
    await db.datasources.put({ datasource_id: 'ds1', items: ITEMS, cachedAt: Date.now() - DATASOURCE_MAX_AGE_MS - 1 });
    const server = searchServer(unreachable);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const user = userEvent.setup();
    renderSearch(element());
    expect(await screen.findByText('De lijst kon niet worden geladen. Probeer het opnieuw zodra u verbinding heeft.')).toBeTruthy();

    server.state.answer = () => json(200, ITEMS.slice(0, 2));
    await user.click(screen.getByRole('button', { name: 'Opnieuw laden' }));
    await waitFor(() => expect(screen.queryByText(/De lijst kon niet worden geladen/)).toBeNull());
    expect(server.reads()).toHaveLength(2);
    await openLoaded(user);
    expect(optionTexts()).toEqual(['Kerkstraat', 'Molenweg']);
  });

  it('says when the list is empty', async () => {
    searchServer(() => json(200, []));
    const user = userEvent.setup();
    renderSearch(element());
    await user.click(input());
    expect(await screen.findByText('Lijst met waardes is leeg.')).toBeTruthy();
  });

  it('asks nothing for a guest or without a datasource, and says why', () => {
    const { reads } = searchServer();
    renderSearch(element(), undefined, environment({ kind: 'guest', guestId: 'g1' }));
    expect(screen.getByText('Zoeken in een databron kan alleen na inloggen.')).toBeTruthy();
    cleanup();
    renderSearch(element({}));
    expect(screen.getByText('Voor dit zoekveld is nog geen databron gekozen.')).toBeTruthy();
    expect(reads()).toHaveLength(0);
  });
});
