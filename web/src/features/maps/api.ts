/**
 * The maps' calls (spec 000 section 7): a map datasource's features for the map element
 * (signed in) and the guest map (no sign-in). The guest map paths are not in the API document
 * yet, so their answer is typed here.
 */
import { api } from '@/lib/api';
import { cachedDatasource } from '@/lib/offline/offline-cache';
import { toFeatureAnswer, type FeatureAnswer } from './map-features';
import { boundsQuery, type Bounds } from './map-view';
import { statusFilterSegment } from './status-filter';

const enc = encodeURIComponent;

/** A guest has no session: a 401 or 403 is an answer, not a lost session. */
const AS_GUEST = { anonymous: true, handleAuthErrors: false } as const;

function withBounds(path: string, bounds: Bounds | null): string {
  return bounds ? `${path}?${new URLSearchParams(boundsQuery(bounds)).toString()}` : path;
}

/**
 * `GET api/datasource/{id}`: the features of a viewport (live loading) or of the whole
 * datasource (bounds null: preload). Without an answer from the server: the service worker's
 * copy of the same call; a preload also falls back to the device's copy of at most 7 days.
 */
export async function loadMapFeatures(datasourceId: string, bounds: Bounds | null, signal?: AbortSignal): Promise<FeatureAnswer> {
  const request = () => api.request<unknown>(withBounds(`/api/datasource/${enc(datasourceId)}`, bounds), { signal });
  return toFeatureAnswer(await (bounds ? request() : cachedDatasource(datasourceId, request)));
}

/** Which guest map: by the map element's uuid, or by form and element name. */
export type GuestMapRef = { mapUuid: string } | { formId: string; elementName: string };

/** `GET api/guest/datasource/{map_uuid}/{filter}` and `GET api/guest/map/{form_id}/{element_name}/{filter}`. */
export interface GuestMapAnswer {
  form_name: string;
  datasource_name: string;
  datasource_id: string;
  /** The statuses present in the datasource ('_none' for none). */
  status_values: string[];
  /** The map element's settings, as the form builder stored them. */
  mapSettings: unknown;
  features: FeatureAnswer;
}

/** The guest map's settings, datasource and features with a shown status, of a viewport or all. */
export async function loadGuestMap(ref: GuestMapRef, shown: readonly string[] | null, bounds: Bounds | null, signal?: AbortSignal): Promise<GuestMapAnswer> {
  const filter = enc(statusFilterSegment(shown));
  const path = 'mapUuid' in ref ? `/api/guest/datasource/${enc(ref.mapUuid)}/${filter}` : `/api/guest/map/${enc(ref.formId)}/${enc(ref.elementName)}/${filter}`;
  const answer = await api.request<Omit<GuestMapAnswer, 'features'> & { features: unknown }>(withBounds(path, bounds), { ...AS_GUEST, signal });
  return {
    form_name: String(answer.form_name ?? ''),
    datasource_name: String(answer.datasource_name ?? ''),
    datasource_id: String(answer.datasource_id ?? ''),
    status_values: Array.isArray(answer.status_values) ? answer.status_values.filter((status) => typeof status === 'string') : [],
    mapSettings: answer.mapSettings,
    features: toFeatureAnswer(answer.features),
  };
}
