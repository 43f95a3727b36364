/**
 * The one map component every map screen builds on (map element, guest map, GPS manual location,
 * tracking map). maplibre-gl and its CSS live in a chunk of their own that loads only when a map
 * is shown (DESIGN.md section 5), so nothing else pays for it.
 *
 * Usage: `<BaseMap label="Kaart" center={[lon, lat]} zoom={12} onReady={(map) => …} onClick={(e) => …} />`.
 * - center and zoom are the initial view only; move the map later through the map given to onReady.
 * - onReady runs once, when the base style (PDOK, or the plain local style offline) has loaded:
 *   add sources, layers and handlers to the map there. They live until the component unmounts.
 * - onClick gets maplibre's MapMouseEvent (lngLat for the place, point for queryRenderedFeatures).
 * - When the browser cannot draw a map (no WebGL), a notice replaces it and onReady never runs;
 *   screens keep their non-map controls (lists, buttons) usable without it.
 */
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense } from 'react';
import type { Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';
import { nl } from '@/messages/nl';
import type { LonLat } from './map-view';

export type { MapLibreMap, MapMouseEvent };

export interface BaseMapProps {
  /** Accessible name of the map region, e.g. the element's label. */
  label: string;
  /** Initial centre; DEFAULT_CENTER when left out. */
  center?: LonLat;
  /** Initial zoom; DEFAULT_ZOOM when left out. */
  zoom?: number;
  onReady?(map: MapLibreMap): void;
  onClick?(event: MapMouseEvent): void;
  /** CSS height; 400 px when left out. */
  height?: number | string;
}

export const DEFAULT_MAP_HEIGHT = 400;

const BaseMapCanvas = lazy(() => import('./base-map-canvas'));

export function BaseMap(props: BaseMapProps) {
  const height = props.height ?? DEFAULT_MAP_HEIGHT;
  return (
    <Suspense
      fallback={
        <Box role="status" sx={{ height, display: 'grid', placeItems: 'center', bgcolor: 'action.hover' }}>
          <CircularProgress aria-label={nl.maps.loading} />
        </Box>
      }
    >
      <BaseMapCanvas {...props} height={height} />
    </Suspense>
  );
}
