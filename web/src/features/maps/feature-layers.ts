/**
 * The features of a datasource on a maplibre map (spec 000 section 9): clustered within 40 px
 * while zoomed out, single points coloured by status when zoomed in (below resolution 3 m/px),
 * names only when closer still (below 2 m/px), and the selection drawn as rings on top of both,
 * so a selected item stays visible inside a cluster. Only types come from maplibre here: the
 * map object arrives through BaseMap's onReady.
 */
import type { ExpressionSpecification, GeoJSONSource, LayerSpecification, Map as MapLibreMap, PointLike } from 'maplibre-gl';
import { statusColor, type FeatureStyle, type MapFeature } from './map-features';

export const FEATURE_SOURCE = 'eform-features';
export const SELECTED_SOURCE = 'eform-selected';
export const CLUSTER_LAYER = 'eform-clusters';
const CLUSTER_COUNT_LAYER = 'eform-cluster-count';
export const POINT_LAYER = 'eform-points';
const LABEL_LAYER = 'eform-labels';
const SELECTED_LAYER = 'eform-selected';

/** Spec 000 section 9: cluster distance 40 px. */
export const CLUSTER_RADIUS = 40;
/**
 * Resolution 3 m/px at the Netherlands' latitude (~52°) lies between zoom 14 and 15: clusters up
 * to 14, single features from 15. Labels from zoom 15.5 (resolution 2 m/px).
 */
export const CLUSTER_MAX_ZOOM = 14;
export const LABEL_MIN_ZOOM = 15.5;
export const CLUSTER_COLOR = '#37474f';

/**
 * Spec 000 section 9: point radius 6 / resolution, clamped to 5..16 px. The resolution halves
 * with every zoom level, so the radius doubles: 5 px at zoom 16.3 up to 16 px at zoom 18.
 */
export const POINT_RADIUS: ExpressionSpecification = ['interpolate', ['exponential', 2], ['zoom'], 16.3, 5, 18, 16];

/** Fallback when the base style names no font (the local style): maplibre then draws with the browser's fonts. */
const DEFAULT_FONT = ['Noto Sans Regular'];

/** GeoJSON for the map: the feature's id, name and colour as properties. */
export function featureCollection(features: readonly MapFeature[], styles: readonly FeatureStyle[]): GeoJSON.FeatureCollection<GeoJSON.Point> {
  return {
    type: 'FeatureCollection',
    features: features.map((feature) => ({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [feature.coordinates[0], feature.coordinates[1]] },
      properties: { fid: feature.id, name: feature.name, color: statusColor(feature.status, styles) },
    })),
  };
}

/** The first text font the base style uses, so labels use glyphs its server has. */
export function textFontOf(layers: readonly LayerSpecification[]): string[] {
  for (const layer of layers) {
    const font = layer.type === 'symbol' ? layer.layout?.['text-font'] : undefined;
    if (Array.isArray(font) && font.length > 0 && font.every((name) => typeof name === 'string')) return font as string[];
  }
  return DEFAULT_FONT;
}

/** The layers on top of the base style; `font` from textFontOf. */
export function featureLayers(font: string[]): LayerSpecification[] {
  return [
    {
      id: CLUSTER_LAYER,
      type: 'circle',
      source: FEATURE_SOURCE,
      filter: ['has', 'point_count'],
      paint: {
        'circle-color': CLUSTER_COLOR,
        'circle-opacity': 0.85,
        'circle-radius': ['step', ['get', 'point_count'], 14, 10, 18, 100, 22, 1000, 28],
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 2,
      },
    },
    {
      id: CLUSTER_COUNT_LAYER,
      type: 'symbol',
      source: FEATURE_SOURCE,
      filter: ['has', 'point_count'],
      layout: { 'text-field': ['get', 'point_count_abbreviated'], 'text-font': font, 'text-size': 12, 'text-allow-overlap': true },
      paint: { 'text-color': '#ffffff' },
    },
    {
      id: POINT_LAYER,
      type: 'circle',
      source: FEATURE_SOURCE,
      filter: ['!', ['has', 'point_count']],
      paint: {
        'circle-color': ['get', 'color'],
        'circle-radius': POINT_RADIUS,
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 1.5,
      },
    },
    {
      id: LABEL_LAYER,
      type: 'symbol',
      source: FEATURE_SOURCE,
      minzoom: LABEL_MIN_ZOOM,
      filter: ['!', ['has', 'point_count']],
      layout: { 'text-field': ['get', 'name'], 'text-font': font, 'text-size': 12, 'text-offset': [0, 1.4], 'text-anchor': 'top' },
      paint: { 'text-color': '#212121', 'text-halo-color': '#ffffff', 'text-halo-width': 1.5 },
    },
    {
      id: SELECTED_LAYER,
      type: 'circle',
      source: SELECTED_SOURCE,
      paint: {
        'circle-color': 'rgba(0, 0, 0, 0)',
        'circle-radius': ['interpolate', ['exponential', 2], ['zoom'], 16.3, 9, 18, 20],
        'circle-stroke-color': '#ffab00',
        'circle-stroke-width': 4,
      },
    },
  ];
}

/** Adds the (empty) sources and the layers; call once from BaseMap's onReady. */
export function addFeatureLayers(map: MapLibreMap): void {
  const empty: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };
  map.addSource(FEATURE_SOURCE, { type: 'geojson', data: empty, cluster: true, clusterRadius: CLUSTER_RADIUS, clusterMaxZoom: CLUSTER_MAX_ZOOM });
  map.addSource(SELECTED_SOURCE, { type: 'geojson', data: empty });
  for (const layer of featureLayers(textFontOf(map.getStyle().layers))) map.addLayer(layer);
}

export function showFeatures(map: MapLibreMap, features: readonly MapFeature[], styles: readonly FeatureStyle[]): void {
  void map.getSource<GeoJSONSource>(FEATURE_SOURCE)?.setData(featureCollection(features, styles));
}

export function showSelection(map: MapLibreMap, selected: readonly MapFeature[], styles: readonly FeatureStyle[]): void {
  void map.getSource<GeoJSONSource>(SELECTED_SOURCE)?.setData(featureCollection(selected, styles));
}

/** What is under a click: a feature's id, a cluster (zoomed into), or nothing. */
export type ClickTarget = { kind: 'feature'; id: string } | { kind: 'cluster' } | null;

/**
 * The feature under `point`, or a cluster, which this zooms into far enough to split it (the
 * usual way to reach single features, also on touch screens).
 */
export function clickTarget(map: MapLibreMap, point: PointLike): ClickTarget {
  const [hit] = map.queryRenderedFeatures(point, { layers: [POINT_LAYER, CLUSTER_LAYER] });
  if (!hit) return null;
  const properties = hit.properties as Record<string, unknown>;
  if (hit.layer.id === POINT_LAYER && properties.fid != null) return { kind: 'feature', id: String(properties.fid) };
  const clusterId = Number(properties.cluster_id);
  const source = map.getSource<GeoJSONSource>(FEATURE_SOURCE);
  if (source && Number.isFinite(clusterId) && hit.geometry.type === 'Point') {
    const [lon = 0, lat = 0] = hit.geometry.coordinates;
    void source.getClusterExpansionZoom(clusterId).then((zoom) => map.easeTo({ center: [lon, lat], zoom }));
  }
  return { kind: 'cluster' };
}

/** A pointer cursor over features and clusters, so they read as clickable. */
export function pointerOverFeatures(map: MapLibreMap): void {
  for (const layer of [POINT_LAYER, CLUSTER_LAYER]) {
    map.on('mouseenter', layer, () => (map.getCanvas().style.cursor = 'pointer'));
    map.on('mouseleave', layer, () => (map.getCanvas().style.cursor = ''));
  }
}
