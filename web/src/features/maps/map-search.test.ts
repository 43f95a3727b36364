import { describe, expect, it } from 'vitest';
import type { MapFeature } from './map-features';
import { canChoose, FEATURE_ZOOM, focusView, matchFeatures, MAX_SEARCH_OPTIONS } from './map-search';
import { toSelectedItem } from './selection';

const feature = (id: string, name: string, status = 'actief'): MapFeature => ({ id, name, status, data: {}, coordinates: [5.38, 52.15] });

const POSTS = [
  feature('1', 'Onze Lieve Vrouwetoren Amersfoort'),
  feature('2', 'Dam Amsterdam', 'defect'),
  feature('3', 'Domtoren Utrecht'),
  feature('4', 'Martinitoren Groningen'),
  feature('5', 'Torenstraat Delft', ''),
  feature('6', 'Café de Toren'),
];

const names = (features: readonly MapFeature[]) => features.map((candidate) => candidate.name);

describe('matching features by name', () => {
  it('offers every feature by name, numbers in their order, when nothing is typed', () => {
    const posts = ['Paal 10', 'paal 2', 'Paal 1'].map((name, index) => feature(String(index), name));
    expect(names(matchFeatures(posts, '').shown)).toEqual(['Paal 1', 'paal 2', 'Paal 10']);
    expect(names(matchFeatures(posts, '   ').shown)).toEqual(['Paal 1', 'paal 2', 'Paal 10']);
  });

  it('puts names that start with the term first, then a word that does, then the rest', () => {
    expect(names(matchFeatures(POSTS, 'toren').shown)).toEqual([
      'Torenstraat Delft',
      'Café de Toren',
      'Domtoren Utrecht',
      'Martinitoren Groningen',
      'Onze Lieve Vrouwetoren Amersfoort',
    ]);
  });

  it('needs every word typed, in any order, ignoring case, accents and extra spaces', () => {
    expect(names(matchFeatures(POSTS, '  amersf   TOREN ').shown)).toEqual(['Onze Lieve Vrouwetoren Amersfoort']);
    expect(names(matchFeatures(POSTS, 'cafe').shown)).toEqual(['Café de Toren']);
    expect(names(matchFeatures(POSTS, 'toren rotterdam').shown)).toEqual([]);
  });

  it('shows at most 50 and counts every match', () => {
    const many = Array.from({ length: 120 }, (_, index) => feature(String(index), `Paal ${index + 1}`));
    const { shown, total } = matchFeatures(many, 'paal');
    expect(MAX_SEARCH_OPTIONS).toBe(50);
    expect(shown).toHaveLength(50);
    expect(total).toBe(120);
    expect(shown[0]?.name).toBe('Paal 1');
    expect(shown[49]?.name).toBe('Paal 50');
    expect(matchFeatures(many, 'paal 11', 3)).toEqual({ shown: [many[10], many[109], many[110]], total: 11 });
  });

  it('keeps features of one name apart in a fixed order', () => {
    const twins = [feature('b', 'Paal'), feature('a', 'Paal')];
    expect(matchFeatures(twins, 'pa').shown.map((candidate) => candidate.id)).toEqual(['a', 'b']);
  });
});

describe('choosing a feature from the search', () => {
  const [one, two, three] = POSTS;
  if (!one || !two || !three) throw new Error('fixture');

  it('can always replace a single selection, or deselect', () => {
    expect(canChoose([toSelectedItem(one)], two, 1)).toBe(true);
    expect(canChoose([toSelectedItem(one)], one, 1)).toBe(true);
  });

  it('cannot add to a full multiple selection, but can deselect from it', () => {
    const full = [toSelectedItem(one), toSelectedItem(two)];
    expect(canChoose(full, three, 2)).toBe(false);
    expect(canChoose(full, two, 2)).toBe(true);
    expect(canChoose([toSelectedItem(one)], three, 2)).toBe(true);
  });
});

describe('showing the chosen feature on the map', () => {
  it('centres on it, zoomed in far enough that it is no cluster', () => {
    expect(FEATURE_ZOOM).toBe(15);
    expect(focusView([5.387, 52.155], 7)).toEqual({ center: [5.387, 52.155], zoom: 15 });
  });

  it('keeps a closer zoom, within the spec levels', () => {
    expect(focusView([5.387, 52.155], 17.5).zoom).toBe(17.5);
    expect(focusView([5.387, 52.155], 25).zoom).toBe(19);
  });
});
