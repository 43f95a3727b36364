/**
 * Which base style a map gets. The configured style (PDOK by default, config/app.ts) when it can
 * be fetched within a few seconds; otherwise a plain background that needs no network, so a map
 * opens at once offline and in tests and its features still show on top.
 */
import type { StyleSpecification } from 'maplibre-gl';
import { BASE_MAP_STYLE_URL } from '@/config/app';

/** A field user with one bar waits this long for the base map before getting the plain one. */
export const STYLE_TIMEOUT_MS = 4_000;

/**
 * A light background; no sources, sprites or glyphs, so it loads without any request (maplibre
 * draws label text with the browser's fonts when a style has no glyphs).
 */
export const LOCAL_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#eef0ea' } }],
};

interface StyleOptions {
  url?: string;
  timeoutMs?: number;
  online?: boolean;
  fetch?: typeof fetch;
}

/** The configured base style, or LOCAL_STYLE when there is none, we are offline, or it fails. */
export async function loadBaseStyle({
  url = BASE_MAP_STYLE_URL,
  timeoutMs = STYLE_TIMEOUT_MS,
  online = navigator.onLine,
  fetch: fetchStyle = fetch,
}: StyleOptions = {}): Promise<StyleSpecification> {
  if (!url || !online) return LOCAL_STYLE;
  try {
    const response = await fetchStyle(url, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok) return LOCAL_STYLE;
    const style = (await response.json()) as StyleSpecification;
    return style.version === 8 && Array.isArray(style.layers) ? style : LOCAL_STYLE;
  } catch {
    return LOCAL_STYLE;
  }
}

