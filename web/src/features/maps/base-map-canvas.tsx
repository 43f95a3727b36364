/**
 * The lazily loaded half of BaseMap (base-map.tsx): everything that touches maplibre-gl.
 */
import 'maplibre-gl/dist/maplibre-gl.css';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { Map as MapLibreMap, NavigationControl, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { nl } from '@/messages/nl';
import type { BaseMapProps } from './base-map';
import { loadBaseStyle } from './map-style';
import { DEFAULT_CENTER, DEFAULT_ZOOM, MAX_ZOOM, MIN_ZOOM } from './map-view';

// maplibre 6 is ESM only and does not find its worker by itself in a bundled app.
setWorkerUrl(workerUrl);

export default function BaseMapCanvas({ label, center = DEFAULT_CENTER, zoom = DEFAULT_ZOOM, onReady, onClick, height }: BaseMapProps) {
  const container = useRef<HTMLDivElement>(null);
  // The latest callbacks, read by the map's listeners, so the map is built once per mount.
  const handlers = useRef({ onReady, onClick });
  useEffect(() => {
    handlers.current = { onReady, onClick };
  });
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let map: MapLibreMap | undefined;
    let cancelled = false;
    void loadBaseStyle().then((style) => {
      if (cancelled || !container.current) return;
      try {
        map = new MapLibreMap({
          container: container.current,
          style,
          center: [center[0], center[1]],
          zoom,
          minZoom: MIN_ZOOM,
          maxZoom: MAX_ZOOM,
          attributionControl: { compact: true },
          locale: { ...nl.maps.controls, 'Map.Title': label },
        });
      } catch {
        // No WebGL (old device, blocked by policy): the screen's lists still work without the map.
        setFailed(true);
        return;
      }
      const created = map;
      // aria-busy tells screen readers (and the map benchmark) when the map is drawing: set on
      // every data load, cleared once everything is drawn.
      const busy = (value: boolean) => container.current?.setAttribute('aria-busy', String(value));
      created.on('dataloading', () => busy(true));
      created.on('idle', () => busy(false));
      created.addControl(new NavigationControl({ showCompass: false }));
      created.once('load', () => handlers.current.onReady?.(created));
      created.on('click', (event) => handlers.current.onClick?.(event));
    });
    return () => {
      cancelled = true;
      map?.remove();
    };
    // The initial view only: later moves go through the map handed to onReady.
  }, []);

  if (failed) return <Alert severity="warning">{nl.maps.unavailable}</Alert>;
  // maplibre makes its canvas a region named by 'Map.Title' (the label), and keyboard-focusable.
  return <Box ref={container} aria-busy="true" sx={{ height, width: '100%', position: 'relative', bgcolor: 'action.hover' }} />;
}
