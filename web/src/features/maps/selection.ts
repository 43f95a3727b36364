/**
 * What a map selection is, and the map element's value made of it. Every selected item keeps
 * id, name, status and data at its top level: the server's tokens (`$kaart.name$`, `.status`,
 * data columns), rules and feature actions read them there (`selected_items` and
 * `item_property` in domain/src/values.rs), as they read search items.
 */
import { isRecord } from '@/lib/form-logic/values';
import type { MapFeature } from './map-features';

export interface SelectedItem {
  id: string;
  name: string;
  status: string;
  data: Record<string, unknown>;
  geometry: { type: 'Point'; coordinates: [lon: number, lat: number] };
}

export function toSelectedItem(feature: MapFeature): SelectedItem {
  return {
    id: feature.id,
    name: feature.name,
    status: feature.status,
    data: { ...feature.data },
    geometry: { type: 'Point', coordinates: [feature.coordinates[0], feature.coordinates[1]] },
  };
}

export function featureOf(item: SelectedItem): MapFeature {
  return { id: item.id, name: item.name, status: item.status, data: item.data, coordinates: item.geometry.coordinates };
}

/** The selected items of a stored value: a list of them, or one item (both shapes the server reads). */
export function selectedItemsOf(value: unknown): SelectedItem[] {
  const list = Array.isArray(value) ? value : isRecord(value) ? [value] : [];
  return list.filter(isRecord).flatMap((entry) => {
    if (entry.id == null) return [];
    const coordinates = isRecord(entry.geometry) && Array.isArray(entry.geometry.coordinates) ? entry.geometry.coordinates.map(Number) : [];
    const [lon = NaN, lat = NaN] = coordinates;
    return [
      {
        id: String(entry.id),
        name: typeof entry.name === 'string' ? entry.name : String(entry.id),
        status: typeof entry.status === 'string' ? entry.status : '',
        data: isRecord(entry.data) ? entry.data : {},
        geometry: { type: 'Point' as const, coordinates: [lon, lat] as [number, number] },
      },
    ];
  });
}

/** The element's value: the list, or undefined for none, so "required" sees an empty answer. */
export function selectionValue(items: readonly SelectedItem[]): SelectedItem[] | undefined {
  return items.length === 0 ? undefined : [...items];
}

/**
 * A click on a feature (spec 000 section 5, featuresMaxSelect): a selected one is deselected;
 * with room left it is added; with one allowed it replaces the selection; when full, nothing
 * changes (the count says why).
 */
export function toggleSelection(selected: readonly SelectedItem[], feature: MapFeature, max: number): readonly SelectedItem[] {
  if (selected.some((item) => item.id === feature.id)) return selected.filter((item) => item.id !== feature.id);
  if (max <= 1) return [toSelectedItem(feature)];
  if (selected.length >= max) return selected;
  return [...selected, toSelectedItem(feature)];
}

/**
 * Selected items the loaded features no longer hold (removed, hidden, or their status was
 * changed by a feature action): the spec's 'item missing' notice. Only meaningful when the
 * whole datasource is loaded (preload, nothing omitted).
 */
export function missingItems(selected: readonly SelectedItem[], features: readonly MapFeature[]): SelectedItem[] {
  const ids = new Set(features.map((feature) => feature.id));
  return selected.filter((item) => !ids.has(item.id));
}
