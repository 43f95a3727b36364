/**
 * Map defaults of spec 000 section 9 and the viewport shapes every map shares. Plain data, no
 * maplibre: screens import these without pulling the map chunk into their own.
 */

/** A position as the API and GeoJSON write it: [longitude, latitude]. */
export type LonLat = readonly [lon: number, lat: number];

/** A viewport extent in degrees, named as the datasource calls name their query parameters. */
export interface Bounds {
  left: number;
  bottom: number;
  right: number;
  top: number;
}

/** The centre of the Netherlands (Amersfoort), at a zoom that shows the whole country. */
export const DEFAULT_CENTER: LonLat = [5.387, 52.155];
export const DEFAULT_ZOOM = 7;
/** The spec's zoom levels 1 to 19. */
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 19;
/** Zoom for "go to my location". */
export const LOCATE_ZOOM = 18;

/** A center as stored in mapSettings ({lon, lat}, numbers or numeric strings), or the default. */
export function centerOf(setting: unknown): LonLat {
  if (setting && typeof setting === 'object') {
    const { lon, lat } = setting as { lon?: unknown; lat?: unknown };
    const [x, y] = [Number(lon), Number(lat)];
    if (lon !== '' && lat !== '' && lon != null && lat != null && Number.isFinite(x) && Number.isFinite(y)) return [x, y];
  }
  return DEFAULT_CENTER;
}

/** A zoom level as stored in mapSettings, clamped to the spec's levels, or the default. */
export function zoomOf(setting: unknown): number {
  const zoom = Number(setting);
  if (setting === '' || setting == null || !Number.isFinite(zoom)) return DEFAULT_ZOOM;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/**
 * Query parameters for a live-loaded call, rounded outwards to about 1 m (5 decimals): short,
 * repeatable URLs for the service worker's cache, never cutting off a feature at the edge.
 */
export function boundsQuery(bounds: Bounds): Record<'left' | 'bottom' | 'right' | 'top', string> {
  const { left, bottom, right, top } = clampBounds(bounds);
  const down = (value: number) => String(Math.floor(value * 1e5) / 1e5);
  const up = (value: number) => String(Math.ceil(value * 1e5) / 1e5);
  return { left: down(left), bottom: down(bottom), right: up(right), top: up(top) };
}

/** An extent kept inside the world's degrees (a map panned across the date line reports more). */
export function clampBounds({ left, bottom, right, top }: Bounds): Bounds {
  const lon = (value: number) => Math.min(180, Math.max(-180, value));
  const lat = (value: number) => Math.min(90, Math.max(-90, value));
  return { left: lon(left), bottom: lat(bottom), right: lon(right), top: lat(top) };
}
