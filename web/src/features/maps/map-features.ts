/**
 * Datasource features and a map element's settings as maps use them (spec 000 sections 3 and 9;
 * spec 001 section 3), read defensively: answers come from the network or a device copy, and
 * the form builder stores mapSettings as free JSON.
 */
import { isRecord } from '@/lib/form-logic/values';
import { nl } from '@/messages/nl';
import { centerOf, zoomOf, type LonLat } from './map-view';

/** The status a feature without one is filtered and shown by ('Geen status'). */
export const NO_STATUS = '_none';

/** One feature of a map datasource. `status` is as the server has it ('' when none). */
export interface MapFeature {
  id: string;
  name: string;
  status: string;
  data: Record<string, unknown>;
  coordinates: LonLat;
}

/** A datasource answer: at most 2,000 features, `omitted` of the `total` left out. */
export interface FeatureAnswer {
  features: MapFeature[];
  total: number;
  omitted: number;
}

export const EMPTY_ANSWER: FeatureAnswer = { features: [], total: 0, omitted: 0 };

function toFeature(entry: unknown): MapFeature[] {
  if (!isRecord(entry) || !isRecord(entry.geometry) || !isRecord(entry.properties)) return [];
  const [lon, lat] = Array.isArray(entry.geometry.coordinates) ? entry.geometry.coordinates.map(Number) : [];
  if (entry.id == null || lon === undefined || lat === undefined || !Number.isFinite(lon) || !Number.isFinite(lat)) return [];
  const { name, status, data } = entry.properties;
  return [
    {
      id: String(entry.id),
      name: typeof name === 'string' ? name : String(entry.id),
      status: typeof status === 'string' ? status : '',
      data: isRecord(data) ? data : {},
      coordinates: [lon, lat],
    },
  ];
}

/** A GeoJSON FeatureCollection with total and omitted (`GET api/datasource/{id}`, guest maps). */
export function toFeatureAnswer(answer: unknown): FeatureAnswer {
  if (!isRecord(answer) || !Array.isArray(answer.features)) return EMPTY_ANSWER;
  const features = answer.features.flatMap(toFeature);
  const omitted = Number(answer.omitted);
  const total = Number(answer.total);
  return {
    features,
    omitted: Number.isFinite(omitted) && omitted > 0 ? omitted : 0,
    total: Number.isFinite(total) ? total : features.length,
  };
}

/** The key a status is filtered and coloured by: NO_STATUS for none. */
export function statusKey(status: string): string {
  return status.trim() === '' ? NO_STATUS : status;
}

/** How a status reads: 'Geen status' for none. */
export function statusLabel(status: string): string {
  return statusKey(status) === NO_STATUS ? nl.maps.noStatus : status;
}

/** Spec 000 section 9: open is blue and closed red unless the element says otherwise; the rest grey. */
export const DEFAULT_STATUS_COLORS: Readonly<Record<string, string>> = { open: '#3399CC', closed: '#e20000' };
export const OTHER_STATUS_COLOR = '#9e9e9e';

const HEX_COLOR = /^#[0-9a-f]{3}([0-9a-f]{3})?$/i;

export interface FeatureStyle {
  status: string;
  color: string;
}

/** The colour of a status: the element's style for it (case-insensitively), the default, else grey. */
export function statusColor(status: string, styles: readonly FeatureStyle[]): string {
  const key = statusKey(status).toLowerCase();
  const style = styles.find((candidate) => statusKey(candidate.status).toLowerCase() === key);
  if (style && HEX_COLOR.test(style.color)) return style.color;
  return DEFAULT_STATUS_COLORS[key] ?? OTHER_STATUS_COLOR;
}

/** A map element's settings as the maps read them. */
export interface MapSettingsView {
  /** The datasource of the first map layer; '' when none is chosen. */
  datasourceId: string;
  /** Live: features of the viewport, read again as it moves. Otherwise preloaded at once. */
  live: boolean;
  /** At least 1 (spec 000 section 5: default 1). */
  maxSelect: number;
  styles: FeatureStyle[];
  showStatusFilters: boolean;
  /** 'Zoek op de kaart' shown at once (map-search.ts); without it the search opens from a button. */
  showMapSearch: boolean;
  showDataColumns: boolean;
  center: LonLat;
  zoom: number;
}

export function mapSettingsOf(raw: unknown): MapSettingsView {
  const settings = isRecord(raw) ? raw : {};
  const layer = Array.isArray(settings.mapLayers) && isRecord(settings.mapLayers[0]) ? settings.mapLayers[0] : {};
  const max = Number(settings.featuresMaxSelect);
  const styles = Array.isArray(settings.featureStyles) ? settings.featureStyles.filter(isRecord) : [];
  return {
    datasourceId: typeof layer.datasource_id === 'string' ? layer.datasource_id : '',
    live: layer.loadingStrategy === 'live',
    maxSelect: Number.isInteger(max) && max >= 1 ? max : 1,
    styles: styles.flatMap((style) =>
      typeof style.status === 'string' && style.status.trim() !== ''
        ? [{ status: style.status.trim(), color: typeof style.color === 'string' ? style.color.trim() : '' }]
        : [],
    ),
    showStatusFilters: settings.show_status_filters === true,
    showMapSearch: settings.showMapSearch === true,
    showDataColumns: settings.showDataColumns === true,
    center: centerOf(settings.center),
    zoom: zoomOf(settings.zoomlevel),
  };
}

/**
 * The statuses a status filter offers, as keys: those with a style of the element, then those
 * the features (or the server) report, each once, in that order.
 */
export function statusOptions(styles: readonly FeatureStyle[], statuses: readonly string[]): string[] {
  return [...new Set([...styles.map((style) => statusKey(style.status)), ...statuses.map(statusKey)])];
}

/** The features whose status is shown; every feature when `shown` is null (no filter). */
export function filterFeatures(features: readonly MapFeature[], shown: readonly string[] | null): readonly MapFeature[] {
  if (shown === null) return features;
  const keys = new Set(shown);
  return features.filter((feature) => keys.has(statusKey(feature.status)));
}

/** The data columns of features, in first-seen order (the selected list's extra columns). */
export function dataColumns(items: readonly { data: Record<string, unknown> }[]): string[] {
  return [...new Set(items.flatMap((item) => Object.keys(item.data)))];
}
