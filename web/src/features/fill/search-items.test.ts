import { describe, expect, it } from 'vitest';
import { chosenItems, DEFAULT_ITEM_COLOR, itemColor, matchItems, searchSettingsOf, searchValue, toSearchItems, type SearchItem } from './search-items';

const KERK: SearchItem = { id: '1', name: 'Kerkstraat', data: { postcode: '3801 AB', status: 'Open' } };
const MOLEN: SearchItem = { id: '2', name: 'Molenweg' };
const ACHTER: SearchItem = { id: '3', name: 'Achter de Molen', data: { huisnummers: 12 } };

describe('search items', () => {
  it("reads the server's answer defensively: items need a name, data only when it is an object", () => {
    expect(toSearchItems([{ id: 7, name: 'Kerkstraat', data: { postcode: '3801 AB' } }, { name: 'Zonder id', data: 'x' }, { id: '9' }, null, 'tekst'])).toEqual([
      { id: '7', name: 'Kerkstraat', data: { postcode: '3801 AB' } },
      { id: 'Zonder id', name: 'Zonder id' },
    ]);
    expect(toSearchItems({ data: [] })).toEqual([]);
  });

  it('matches case-insensitively, those that start with the term first, at most the limit, counting all', () => {
    const items = [ACHTER, KERK, MOLEN];
    expect(matchItems(items, ' MOL ')).toEqual({ shown: [MOLEN, ACHTER], total: 2 });
    expect(matchItems(items, '')).toEqual({ shown: items, total: 3 });
    expect(matchItems(items, 'e', 2)).toEqual({ shown: [ACHTER, KERK], total: 3 });
    expect(matchItems(items, 'plein')).toEqual({ shown: [], total: 0 });
  });

  it('colours an item by the first style whose text is its name or one of its values, green otherwise, nothing without styles', () => {
    const styles = [
      { text: 'open', color: '#c62828' },
      { text: 'Molenweg', color: 'blauw' },
    ];
    expect(itemColor(KERK, styles)).toBe('#c62828');
    // Not a colour the app can show: the default.
    expect(itemColor(MOLEN, styles)).toBe(DEFAULT_ITEM_COLOR);
    expect(itemColor(ACHTER, styles)).toBe(DEFAULT_ITEM_COLOR);
    expect(itemColor(KERK, [])).toBeUndefined();
  });

  it('stores one item or a list of copies, and reads both shapes back', () => {
    const single = searchValue([KERK], false);
    expect(single).toEqual(KERK);
    expect(single).not.toBe(KERK);
    expect((single as SearchItem).data).not.toBe(KERK.data);
    expect(searchValue([KERK, MOLEN], true)).toEqual([KERK, MOLEN]);
    expect(searchValue([], true)).toBeUndefined();

    expect(chosenItems(KERK)).toEqual([KERK]);
    expect(chosenItems([KERK, MOLEN])).toEqual([KERK, MOLEN]);
    expect(chosenItems(undefined)).toEqual([]);
    expect(chosenItems('Kerkstraat')).toEqual([]);
  });

  it('reads the search settings the builder stored, leaving out what is not one', () => {
    expect(searchSettingsOf({ datasourceId: 'ds1', multiple: true, itemStyles: [{ text: 'open', color: '#fff' }, { text: ' ' }, 'rood', { text: 'dicht' }] })).toEqual({
      datasourceId: 'ds1',
      multiple: true,
      itemStyles: [
        { text: 'open', color: '#fff' },
        { text: 'dicht', color: '' },
      ],
    });
    expect(searchSettingsOf(undefined)).toEqual({ datasourceId: '', multiple: false, itemStyles: [] });
    expect(searchSettingsOf({ datasourceId: 5, multiple: 'ja' })).toEqual({ datasourceId: '', multiple: false, itemStyles: [] });
  });
});
