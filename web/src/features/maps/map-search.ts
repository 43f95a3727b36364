/**
 * 'Zoek op de kaart' (spec 000 section 3, mapSettings.showMapSearch): the loaded features that
 * the status filter shows, found by name as the user types, and where the map goes to show the
 * chosen one. The search is also the keyboard's and screen reader's way to select a feature,
 * which otherwise takes a click on the canvas, so maps offer it whatever showMapSearch says
 * (decision 024). Matching runs on the device over features already loaded: no request, and
 * no debounce, since a preloaded datasource holds about 10,000 features at most (section 9).
 */
import { CLUSTER_MAX_ZOOM } from './feature-layers';
import type { MapFeature } from './map-features';
import { MAX_ZOOM, type LonLat } from './map-view';
import type { SelectedItem } from './selection';

/** Spec 000 section 9: a list of choices shows up to 50 options. */
export const MAX_SEARCH_OPTIONS = 50;

/** The first zoom at which features are single points, not clusters (feature-layers.ts). */
export const FEATURE_ZOOM = CLUSTER_MAX_ZOOM + 1;

/** Lower case without accents, so 'cafe' finds 'Café'. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('nl');
}

const WORD_BREAK = /[^\p{L}\p{N}]+/u;

// Numeric, so 'Paal 2' comes before 'Paal 10'.
const byName = new Intl.Collator('nl', { numeric: true, sensitivity: 'base' });

/**
 * 0 when the name starts with the whole term, 1 when one of its words starts with the first
 * word typed, 2 when the words are only somewhere inside it.
 */
function rankOf(name: string, term: string, words: readonly string[]): number {
  if (name.startsWith(term)) return 0;
  const first = words[0] ?? '';
  return name.split(WORD_BREAK).some((word) => word.startsWith(first)) ? 1 : 2;
}

export interface FeatureMatches {
  /** At most `limit` features, best first. */
  shown: MapFeature[];
  /** Every feature that matches. */
  total: number;
}

/**
 * The features whose name holds every word of `term` (in any order, ignoring case and accents):
 * those whose name starts with the term first, then those with a word starting with its first
 * word, then the rest; by name within each. An empty term matches every feature, by name.
 */
export function matchFeatures(features: readonly MapFeature[], term: string, limit = MAX_SEARCH_OPTIONS): FeatureMatches {
  const folded = fold(term).trim().replace(/\s+/g, ' ');
  const words = folded.split(' ').filter((word) => word !== '');
  const matches = features.flatMap((feature) => {
    const name = fold(feature.name);
    return words.every((word) => name.includes(word)) ? [{ feature, rank: words.length === 0 ? 0 : rankOf(name, folded, words) }] : [];
  });
  matches.sort((a, b) => a.rank - b.rank || byName.compare(a.feature.name, b.feature.name) || byName.compare(a.feature.id, b.feature.id));
  return { shown: matches.slice(0, limit).map((match) => match.feature), total: matches.length };
}

/**
 * Whether choosing `feature` changes the selection under toggleSelection's rules: a selected
 * one can always be deselected, and another chosen unless several are allowed and all are taken.
 */
export function canChoose(selected: readonly SelectedItem[], feature: MapFeature, max: number): boolean {
  return max <= 1 || selected.length < max || selected.some((item) => item.id === feature.id);
}

/** Where the map goes to show a chosen feature: centred on it, zoomed in until it is no cluster. */
export function focusView(coordinates: LonLat, zoom: number): { center: [number, number]; zoom: number } {
  return { center: [coordinates[0], coordinates[1]], zoom: Math.min(MAX_ZOOM, Math.max(zoom, FEATURE_ZOOM)) };
}
