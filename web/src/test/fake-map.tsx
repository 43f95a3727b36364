/**
 * maplibre cannot draw in jsdom (no WebGL). Component tests replace the lazily loaded map
 * chunk with this module:
 *   vi.mock('@/features/maps/base-map-canvas', () => import('@/test/fake-map'));
 * The fake hands a recording map to onReady, and `clickAt` plays a click on what the test
 * says lies under the pointer.
 */
import { useEffect, useRef } from 'react';
import type { LayerSpecification, Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';
import type { BaseMapProps } from '@/features/maps/base-map';
import type { Bounds } from '@/features/maps/map-view';

type Listener = (...args: unknown[]) => void;

interface RenderedFeature {
  layer: { id: string };
  properties: Record<string, unknown>;
  geometry: { type: 'Point'; coordinates: [number, number] };
}

export class FakeMap {
  readonly sources = new Map<string, { options: Record<string, unknown>; data: unknown }>();
  readonly layers: LayerSpecification[] = [];
  readonly eased: unknown[] = [];
  /** What queryRenderedFeatures answers: what lies under the next click. */
  rendered: RenderedFeature[] = [];
  bounds: Bounds = { left: 5.3, bottom: 52.1, right: 5.5, top: 52.2 };
  zoom = 7;
  private readonly listeners: { type: string; listener: Listener }[] = [];

  addSource(id: string, options: Record<string, unknown>) {
    this.sources.set(id, { options, data: options.data });
  }
  addLayer(layer: LayerSpecification) {
    this.layers.push(layer);
  }
  getStyle() {
    return { layers: [] };
  }
  getSource(id: string) {
    const source = this.sources.get(id);
    if (!source) return undefined;
    return {
      setData: async (data: unknown) => {
        source.data = data;
      },
      getClusterExpansionZoom: async () => 15,
    };
  }
  on(type: string, layerOrListener: string | Listener, maybeListener?: Listener) {
    const listener = typeof layerOrListener === 'function' ? layerOrListener : maybeListener;
    if (listener) this.listeners.push({ type, listener });
  }
  off(type: string, listener: Listener) {
    const index = this.listeners.findIndex((entry) => entry.type === type && entry.listener === listener);
    if (index >= 0) this.listeners.splice(index, 1);
  }
  fire(type: string) {
    for (const entry of this.listeners.filter((candidate) => candidate.type === type)) entry.listener();
  }
  getCanvas() {
    return { style: {} as Record<string, string> };
  }
  queryRenderedFeatures() {
    return this.rendered;
  }
  getBounds() {
    const { left, bottom, right, top } = this.bounds;
    return { getWest: () => left, getSouth: () => bottom, getEast: () => right, getNorth: () => top };
  }
  getZoom() {
    return this.zoom;
  }
  easeTo(options: unknown) {
    this.eased.push(options);
  }
  fitBounds(bounds: unknown, options: unknown) {
    this.eased.push({ bounds, ...(options as object) });
  }
  /** The names of the features the map's feature source holds now. */
  shownNames(source = 'eform-features'): string[] {
    const data = this.sources.get(source)?.data as { features: { properties: { name: string } }[] } | undefined;
    return (data?.features ?? []).map((feature) => feature.properties.name);
  }
}

/** The map on screen and the props it was last rendered with. */
export const fakeMap: { current: { map: FakeMap; props: BaseMapProps } | null } = { current: null };

/** Clicks the map on a feature (by its id) or, with `cluster`, on a cluster. */
export function clickAt(target: { feature: string } | { cluster: number }) {
  const current = fakeMap.current;
  if (!current) throw new Error('no map on screen');
  current.map.rendered = [
    'feature' in target
      ? { layer: { id: 'eform-points' }, properties: { fid: target.feature }, geometry: { type: 'Point', coordinates: [5.4, 52.1] } }
      : { layer: { id: 'eform-clusters' }, properties: { cluster_id: target.cluster }, geometry: { type: 'Point', coordinates: [5.4, 52.1] } },
  ];
  current.props.onClick?.({ point: { x: 10, y: 10 } } as unknown as MapMouseEvent);
}

export default function FakeBaseMapCanvas(props: BaseMapProps) {
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
    if (fakeMap.current) fakeMap.current.props = props;
  });
  useEffect(() => {
    const map = new FakeMap();
    fakeMap.current = { map, props: latest.current };
    latest.current.onReady?.(map as unknown as MapLibreMap);
    return () => {
      fakeMap.current = null;
    };
  }, []);
  return <div role="region" aria-label={props.label} />;
}
