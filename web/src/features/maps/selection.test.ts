import { describe, expect, it } from 'vitest';
import { itemProperty, selectedItems } from '@/lib/form-logic/values';
import type { MapFeature } from './map-features';
import { missingItems, selectedItemsOf, selectionValue, toggleSelection, toSelectedItem } from './selection';

const feature = (id: string, status = 'open'): MapFeature => ({
  id,
  name: `Paal ${id}`,
  status,
  data: { straat: 'Kerkstraat', nummer: Number(id) },
  coordinates: [5.38, 52.15],
});

describe('the map element value', () => {
  it('keeps id, name, status and data at the top of each item, with the point', () => {
    expect(toSelectedItem(feature('7'))).toEqual({
      id: '7',
      name: 'Paal 7',
      status: 'open',
      data: { straat: 'Kerkstraat', nummer: 7 },
      geometry: { type: 'Point', coordinates: [5.38, 52.15] },
    });
  });

  it('is read by tokens and feature actions as the server reads it (selected_items, item_property)', () => {
    const value = selectionValue([toSelectedItem(feature('7', 'closed'))]);
    const [item] = selectedItems(value);
    expect(item && itemProperty(item, 'id')).toBe('7');
    expect(item && itemProperty(item, 'name')).toBe('Paal 7');
    expect(item && itemProperty(item, 'status')).toBe('closed');
    expect(item && itemProperty(item, 'straat')).toBe('Kerkstraat');
    expect(item && itemProperty(item, 'nummer')).toBe('7');
  });

  it('is undefined without a selection, so required sees no answer', () => {
    expect(selectionValue([])).toBeUndefined();
  });

  it('reads a stored list, or one stored item, and skips what is no item', () => {
    const stored = selectionValue([toSelectedItem(feature('1')), toSelectedItem(feature('2'))]);
    expect(selectedItemsOf(stored)).toEqual(stored);
    expect(selectedItemsOf(JSON.parse(JSON.stringify(stored)))).toEqual(stored);
    expect(selectedItemsOf({ id: 3, name: 'Paal 3' })).toEqual([
      { id: '3', name: 'Paal 3', status: '', data: {}, geometry: { type: 'Point', coordinates: [NaN, NaN] } },
    ]);
    expect(selectedItemsOf(['x', { name: 'zonder id' }, null])).toEqual([]);
    expect(selectedItemsOf(undefined)).toEqual([]);
  });
});

describe('toggleSelection (featuresMaxSelect, spec 000 section 5)', () => {
  it('with one allowed, a new click replaces the selection and a second click deselects', () => {
    const first = toggleSelection([], feature('1'), 1);
    expect(first.map((item) => item.id)).toEqual(['1']);
    expect(toggleSelection(first, feature('2'), 1).map((item) => item.id)).toEqual(['2']);
    expect(toggleSelection(first, feature('1'), 1)).toEqual([]);
  });

  it('adds up to the maximum, then changes nothing until one is deselected', () => {
    let selected = toggleSelection([], feature('1'), 2);
    selected = toggleSelection(selected, feature('2'), 2);
    expect(selected.map((item) => item.id)).toEqual(['1', '2']);
    expect(toggleSelection(selected, feature('3'), 2)).toBe(selected);
    selected = toggleSelection(selected, feature('1'), 2);
    expect(toggleSelection(selected, feature('3'), 2).map((item) => item.id)).toEqual(['2', '3']);
  });
});

it('missingItems names the selected items the loaded features no longer hold', () => {
  const selected = [toSelectedItem(feature('1')), toSelectedItem(feature('2'))];
  expect(missingItems(selected, [feature('2', 'closed')]).map((item) => item.id)).toEqual(['1']);
  expect(missingItems(selected, [feature('1'), feature('2')])).toEqual([]);
});
