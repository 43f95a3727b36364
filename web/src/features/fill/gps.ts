/**
 * The GPS element's rules (spec 000 sections 3 and 5): a location `{ lat, lon, accuracy }` is
 * stored only when the fix is accurate to `mapSettings.minAccuracy` metres (default 25, range
 * 0-200). A location the user picked on the map has accuracy null: nothing was measured, and the
 * server accepts null (domain/src/submission.rs, T::Gps).
 */
import { centerOf, zoomOf, type LonLat } from '@/features/maps/map-view';
import { isLocation } from '@/lib/geo/location';
import { nl } from '@/messages/nl';

const DEFAULT_MIN_ACCURACY = 25;
const MAX_MIN_ACCURACY = 200;

export interface GpsLocation {
  lat: number;
  lon: number;
  /** Metres; null for a location chosen by hand. */
  accuracy: number | null;
}

/** A GPS element's mapSettings as the element reads them (the builder stores free JSON). */
export interface GpsSettings {
  /** Metres, within 0-200; 25 when unset. */
  minAccuracy: number;
  /** setManualLocation: the location may be picked on a map. */
  manual: boolean;
  /** Where that map opens while there is no location. */
  center: LonLat;
  zoom: number;
}

export function gpsSettingsOf(mapSettings: unknown): GpsSettings {
  const settings: Record<string, unknown> = typeof mapSettings === 'object' && mapSettings !== null ? { ...mapSettings } : {};
  const { minAccuracy } = settings;
  const n = typeof minAccuracy === 'number' || (typeof minAccuracy === 'string' && minAccuracy.trim() !== '') ? Number(minAccuracy) : NaN;
  return {
    minAccuracy: Number.isFinite(n) ? Math.min(MAX_MIN_ACCURACY, Math.max(0, n)) : DEFAULT_MIN_ACCURACY,
    manual: settings.setManualLocation === true,
    center: centerOf(settings.center),
    zoom: zoomOf(settings.zoomlevel),
  };
}

/** A stored GPS value, or null when there is none (or it is not one). */
export function gpsLocation(value: unknown): GpsLocation | null {
  return isLocation(value) ? { lat: value.lat, lon: value.lon, accuracy: value.accuracy ?? null } : null;
}

/** A fix as the browser reports it. */
export function locationOf(position: GeolocationPosition): GpsLocation {
  return { lat: position.coords.latitude, lon: position.coords.longitude, accuracy: position.coords.accuracy };
}

/** Spec 000 section 5: 'at or below minAccuracy'. */
export function isAccurate(fix: GpsLocation, minAccuracy: number): boolean {
  return fix.accuracy !== null && fix.accuracy <= minAccuracy;
}

/** The status line under the element for the latest fix (none yet: still searching). */
export function fixText(fix: GpsLocation | null, minAccuracy: number): string {
  if (!fix || fix.accuracy === null) return nl.elements.gpsSearching;
  const metres = Math.round(fix.accuracy);
  return isAccurate(fix, minAccuracy) ? nl.elements.gpsFound(metres) : nl.elements.gpsInaccurate(minAccuracy, metres);
}

/** Degrees in Dutch notation: a decimal comma and 6 decimals (about 10 cm). */
export function formatCoordinate(degrees: number): string {
  return degrees.toFixed(6).replace('.', ',');
}

/** Whether two stored locations are the same, so a repeated fix does not change the form. */
export function sameLocation(a: GpsLocation | null, b: GpsLocation | null): boolean {
  return a?.lat === b?.lat && a?.lon === b?.lon && a?.accuracy === b?.accuracy;
}

/** The browser's geolocation, or null where there is none. */
export function geolocationApi(): Geolocation | null {
  return typeof navigator !== 'undefined' && navigator.geolocation ? navigator.geolocation : null;
}

/** The GPS itself rather than a guess from cell towers, and never a cached fix that would hide a bad signal. */
export const WATCH_OPTIONS: PositionOptions = { enableHighAccuracy: true, maximumAge: 0 };

/** GeolocationPositionError.PERMISSION_DENIED: the user (or a policy) said no; retrying will not help. */
export const PERMISSION_DENIED = 1;
