/**
 * The search element's list (spec 000 sections 3, 5 and 9): the items of a search datasource as
 * `GET api/datasource/{id}?format=search` answers them, matched on the device as the user
 * types, and the element's value made of the chosen items. The value holds each item's `id`,
 * `name` and `data` (the datasource's other columns), so the server's tokens (`$zoek.postcode$`),
 * rules (datasourcePropertyName) and exports read them as they read map features
 * (`selected_items` and `item_property` in domain/src/values.rs).
 */
import { isRecord } from '@/lib/form-logic/values';

/** One item of a search list. */
export interface SearchItem {
  id: string;
  name: string;
  /** The datasource's other columns; absent when it has none. */
  data?: Record<string, unknown>;
}

/** The search settings of an element (spec 000 section 3), read defensively: the builder stores free JSON. */
export interface SearchSettings {
  datasourceId: string;
  /** Ours: more than one item may be chosen. Without it one item (spec 000 section 5). */
  multiple: boolean;
  itemStyles: { text: string; color: string }[];
}

export function searchSettingsOf(raw: unknown): SearchSettings {
  const settings = isRecord(raw) ? raw : {};
  const styles = Array.isArray(settings.itemStyles) ? settings.itemStyles : [];
  return {
    datasourceId: typeof settings.datasourceId === 'string' ? settings.datasourceId : '',
    multiple: settings.multiple === true,
    itemStyles: styles.filter(isRecord).flatMap((style) =>
      typeof style.text === 'string' && style.text.trim() !== '' ? [{ text: style.text, color: typeof style.color === 'string' ? style.color : '' }] : [],
    ),
  };
}

/** The server's answer as items; anything else in it is left out. */
export function toSearchItems(answer: unknown): SearchItem[] {
  if (!Array.isArray(answer)) return [];
  return answer.filter(isRecord).flatMap((entry) => {
    if (typeof entry.name !== 'string') return [];
    const item: SearchItem = { id: String(entry.id ?? entry.name), name: entry.name };
    if (isRecord(entry.data)) item.data = entry.data;
    return [item];
  });
}

/** Spec 000 section 9: a list shows at most 50 items at once. */
export const MAX_SHOWN_ITEMS = 50;

/**
 * The items whose name holds `term` (case-insensitively, spec 000 section 5), those that start
 * with it first, at most `limit`; `total` counts every match.
 */
export function matchItems(items: readonly SearchItem[], term: string, limit = MAX_SHOWN_ITEMS): { shown: SearchItem[]; total: number } {
  const needle = term.trim().toLocaleLowerCase('nl');
  if (needle === '') return { shown: items.slice(0, limit), total: items.length };
  const starts: SearchItem[] = [];
  const contains: SearchItem[] = [];
  for (const item of items) {
    const name = item.name.toLocaleLowerCase('nl');
    if (name.startsWith(needle)) starts.push(item);
    else if (name.includes(needle)) contains.push(item);
  }
  const all = [...starts, ...contains];
  return { shown: all.slice(0, limit), total: all.length };
}

/** Spec 000 section 3: item styles are green unless a style says otherwise. */
export const DEFAULT_ITEM_COLOR = '#2e7d32';

const HEX_COLOR = /^#[0-9a-f]{3}([0-9a-f]{3})?$/i;

/**
 * The colour of an item under the element's item styles: the first style whose text is the
 * item's name or one of its data values (case-insensitively), else green. Without item styles
 * there is no colour at all.
 */
export function itemColor(item: SearchItem, styles: SearchSettings['itemStyles']): string | undefined {
  if (styles.length === 0) return undefined;
  const texts = [item.name, ...Object.values(item.data ?? {}).map((value) => (typeof value === 'string' || typeof value === 'number' ? String(value) : ''))]
    .map((text) => text.trim().toLocaleLowerCase('nl'))
    .filter((text) => text !== '');
  const style = styles.find((candidate) => texts.includes(candidate.text.trim().toLocaleLowerCase('nl')));
  if (!style) return DEFAULT_ITEM_COLOR;
  return HEX_COLOR.test(style.color.trim()) ? style.color.trim() : DEFAULT_ITEM_COLOR;
}

/** The chosen items of a stored value: one item, or a list of them (both shapes the server reads). */
export function chosenItems(value: unknown): SearchItem[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return toSearchItems(list);
}

/** The element's value for `chosen`: one item (single select) or a list, undefined for none. */
export function searchValue(chosen: readonly SearchItem[], multiple: boolean): SearchItem | SearchItem[] | undefined {
  if (chosen.length === 0) return undefined;
  const copies = chosen.map((item) => (item.data ? { id: item.id, name: item.name, data: { ...item.data } } : { id: item.id, name: item.name }));
  return multiple ? copies : copies[0];
}
