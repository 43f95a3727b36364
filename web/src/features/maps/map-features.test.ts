import { describe, expect, it } from 'vitest';
import {
  dataColumns,
  filterFeatures,
  mapSettingsOf,
  NO_STATUS,
  statusColor,
  statusLabel,
  statusOptions,
  toFeatureAnswer,
  type MapFeature,
} from './map-features';

/** `GET api/datasource/{id}` as api/src/routes/datasources.rs feature_collection writes it. */
const ANSWER = {
  type: 'FeatureCollection',
  total: 2503,
  omitted: 501,
  features: [
    { type: 'Feature', id: '17', geometry: { type: 'Point', coordinates: [5.38, 52.15] }, properties: { name: 'Paal 1', status: 'open', data: { straat: 'Kerkstraat' } } },
    { type: 'Feature', id: 18, geometry: { type: 'Point', coordinates: [5.39, 52.16] }, properties: { name: 'Paal 2', status: '', data: null } },
    { type: 'Feature', id: '19', geometry: { type: 'Point', coordinates: ['x', 52] }, properties: { name: 'Kapot' } },
    { type: 'Feature', geometry: { type: 'Point', coordinates: [5, 52] }, properties: { name: 'Zonder id' } },
  ],
};

const feature = (id: string, status: string): MapFeature => ({ id, name: `Paal ${id}`, status, data: {}, coordinates: [5, 52] });

describe('toFeatureAnswer', () => {
  it('reads features with ids as text, leaving out those without id or position', () => {
    const answer = toFeatureAnswer(ANSWER);
    expect(answer.total).toBe(2503);
    expect(answer.omitted).toBe(501);
    expect(answer.features).toEqual([
      { id: '17', name: 'Paal 1', status: 'open', data: { straat: 'Kerkstraat' }, coordinates: [5.38, 52.15] },
      { id: '18', name: 'Paal 2', status: '', data: {}, coordinates: [5.39, 52.16] },
    ]);
  });

  it('answers nothing for something that is no feature collection', () => {
    expect(toFeatureAnswer(null)).toEqual({ features: [], total: 0, omitted: 0 });
    expect(toFeatureAnswer({ features: 'x' }).features).toEqual([]);
  });
});

describe('statuses', () => {
  it("shows features without a status as 'Geen status' and filters them as _none", () => {
    expect(statusLabel('')).toBe('Geen status');
    expect(statusLabel(NO_STATUS)).toBe('Geen status');
    expect(statusLabel('open')).toBe('open');
  });

  it('colours open blue and closed red by default, other statuses grey, unless the element styles them', () => {
    expect(statusColor('open', [])).toBe('#3399CC');
    expect(statusColor('closed', [])).toBe('#e20000');
    expect(statusColor('defect', [])).toBe('#9e9e9e');
    expect(statusColor('', [])).toBe('#9e9e9e');
    const styles = [
      { status: 'Defect', color: '#ff9900' },
      { status: 'open', color: '#00aa00' },
      { status: '_none', color: '#000' },
      { status: 'closed', color: 'rood' },
    ];
    expect(statusColor('defect', styles)).toBe('#ff9900');
    expect(statusColor('open', styles)).toBe('#00aa00');
    expect(statusColor('', styles)).toBe('#000');
    // Not a colour: the default stays.
    expect(statusColor('closed', styles)).toBe('#e20000');
  });

  it('offers the styled statuses first, then those of the features, each once', () => {
    expect(statusOptions([{ status: 'closed', color: '#e20000' }], ['open', '', 'closed', '_none', 'open'])).toEqual(['closed', 'open', '_none']);
  });

  it('filters by status key; null shows everything', () => {
    const features = [feature('1', 'open'), feature('2', ''), feature('3', 'closed')];
    expect(filterFeatures(features, null)).toBe(features);
    expect(filterFeatures(features, ['open', '_none']).map((f) => f.id)).toEqual(['1', '2']);
    expect(filterFeatures(features, [])).toEqual([]);
  });
});

describe('mapSettingsOf', () => {
  it('reads what the form builder writes (spec 001 section 3)', () => {
    expect(
      mapSettingsOf({
        mapLayers: [{ type: 'geojson', datasource_id: 'ds1', loadingStrategy: 'live' }],
        featureStyles: [{ status: ' open ', color: '#00aa00' }, { status: '', color: '#000' }],
        featuresMaxSelect: 3,
        show_status_filters: true,
        showMapSearch: true,
        showDataColumns: true,
        center: { lat: '52.09', lon: '5.12' },
        zoomlevel: 15,
        guest_map_enabled: true,
      }),
    ).toEqual({
      datasourceId: 'ds1',
      live: true,
      maxSelect: 3,
      styles: [{ status: 'open', color: '#00aa00' }],
      showStatusFilters: true,
      showMapSearch: true,
      showDataColumns: true,
      center: [5.12, 52.09],
      zoom: 15,
    });
  });

  it('defaults: no datasource, preload, one item (spec 000 section 5), Amersfoort at zoom 7', () => {
    expect(mapSettingsOf(undefined)).toEqual({
      datasourceId: '',
      live: false,
      maxSelect: 1,
      styles: [],
      showStatusFilters: false,
      showMapSearch: false,
      showDataColumns: false,
      center: [5.387, 52.155],
      zoom: 7,
    });
    expect(mapSettingsOf({ featuresMaxSelect: 0 }).maxSelect).toBe(1);
    expect(mapSettingsOf({ featuresMaxSelect: '2' }).maxSelect).toBe(2);
    expect(mapSettingsOf({ mapLayers: [{ datasource_id: 'ds1', loadingStrategy: 'preload' }] }).live).toBe(false);
  });
});

it('dataColumns lists every data column once, in first-seen order', () => {
  expect(dataColumns([{ data: { straat: 'a', nummer: 1 } }, { data: { wijk: 'b', straat: 'c' } }, { data: {} }])).toEqual(['straat', 'nummer', 'wijk']);
});
