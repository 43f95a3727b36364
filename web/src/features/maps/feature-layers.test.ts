import type { LayerSpecification, Map as MapLibreMap } from 'maplibre-gl';
import { describe, expect, it } from 'vitest';
import { FakeMap } from '@/test/fake-map';
import {
  addFeatureLayers,
  clickTarget,
  CLUSTER_LAYER,
  FEATURE_SOURCE,
  featureCollection,
  featureLayers,
  LABEL_MIN_ZOOM,
  POINT_LAYER,
  SELECTED_SOURCE,
  textFontOf,
} from './feature-layers';
import type { MapFeature } from './map-features';

const feature = (id: string, status: string): MapFeature => ({ id, name: `Paal ${id}`, status, data: { x: 1 }, coordinates: [5.38, 52.15] });

describe('featureCollection', () => {
  it('carries id, name and the status colour of each feature', () => {
    const collection = featureCollection([feature('1', 'open'), feature('2', 'closed'), feature('3', '')], [{ status: 'closed', color: '#111111' }]);
    expect(collection.features.map((f) => f.properties)).toEqual([
      { fid: '1', name: 'Paal 1', color: '#3399CC' },
      { fid: '2', name: 'Paal 2', color: '#111111' },
      { fid: '3', name: 'Paal 3', color: '#9e9e9e' },
    ]);
    expect(collection.features[0]?.geometry).toEqual({ type: 'Point', coordinates: [5.38, 52.15] });
  });
});

describe('the layers (spec 000 section 9)', () => {
  it('clusters within 40 px and draws the selection from a source of its own', () => {
    const map = new FakeMap();
    addFeatureLayers(map as unknown as MapLibreMap);
    expect(map.sources.get(FEATURE_SOURCE)?.options).toMatchObject({ type: 'geojson', cluster: true, clusterRadius: 40 });
    expect(map.sources.get(SELECTED_SOURCE)?.options).not.toHaveProperty('cluster');
    expect(map.layers.map((layer) => layer.id)).toEqual(['eform-clusters', 'eform-cluster-count', 'eform-points', 'eform-labels', 'eform-selected']);
  });

  it('labels features only when zoomed in, in the font of the base style', () => {
    const layers = featureLayers(['Rijksoverheid Sans']);
    const labels = layers.find((layer) => layer.id === 'eform-labels');
    expect(labels?.minzoom).toBe(LABEL_MIN_ZOOM);
    expect(labels?.type === 'symbol' && labels.layout?.['text-font']).toEqual(['Rijksoverheid Sans']);
  });

  it('takes the first text font of the base style, with a default for the local style', () => {
    const base = [
      { id: 'bg', type: 'background' },
      { id: 'roads', type: 'symbol', source: 'brt', layout: { 'text-font': ['Noto Sans Bold'] } },
    ] as LayerSpecification[];
    expect(textFontOf(base)).toEqual(['Noto Sans Bold']);
    expect(textFontOf([])).toEqual(['Noto Sans Regular']);
  });
});

describe('clickTarget', () => {
  it('answers the feature under the pointer', () => {
    const map = new FakeMap();
    map.rendered = [{ layer: { id: POINT_LAYER }, properties: { fid: '12' }, geometry: { type: 'Point', coordinates: [5, 52] } }];
    expect(clickTarget(map as unknown as MapLibreMap, [0, 0])).toEqual({ kind: 'feature', id: '12' });
    map.rendered = [];
    expect(clickTarget(map as unknown as MapLibreMap, [0, 0])).toBeNull();
  });

  it('zooms into a cluster far enough to split it', async () => {
    const map = new FakeMap();
    addFeatureLayers(map as unknown as MapLibreMap);
    map.rendered = [{ layer: { id: CLUSTER_LAYER }, properties: { cluster_id: 4 }, geometry: { type: 'Point', coordinates: [5.1, 52.2] } }];
    expect(clickTarget(map as unknown as MapLibreMap, [0, 0])).toEqual({ kind: 'cluster' });
    await Promise.resolve();
    await Promise.resolve();
    expect(map.eased).toEqual([{ center: [5.1, 52.2], zoom: 15 }]);
  });
});
