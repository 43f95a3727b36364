/**
 * The value of a tracking element (spec 000 section 3 'Tracking point'): a list of points
 * `{ timestamp, lon, lat, accuracy }`, timestamp an ISO 8601 string, accuracy in metres. The
 * fill-in appends to it every 15 s (spec 000 section 9); the tracking map and the registration
 * views read it.
 */
import { isLocation, type Location } from './location';
import { simplifyIndices } from './simplify';

export interface TrackPoint {
  timestamp: string;
  lon: number;
  lat: number;
  /** Metres; the fill-in always measures one, the server also takes points without. */
  accuracy: number | null;
}

/** Spec 000 section 9: buffered points are simplified with tolerance 2 (metres) ... */
export const TRACK_TOLERANCE_M = 2;
/** ... and flushed into the value every 15 s. */
export const TRACK_FLUSH_MS = 15_000;

function isTrackPoint(item: unknown): item is Location & { timestamp: string } {
  if (!isLocation(item)) return false;
  const { timestamp } = item as { timestamp?: unknown };
  return typeof timestamp === 'string' && timestamp !== '';
}

/** Whether a value is a track the server accepts (domain/src/submission.rs, T::Tracking). */
export function isTrackValue(value: unknown): boolean {
  return Array.isArray(value) && value.every(isTrackPoint);
}

/** The points of a stored tracking value; anything that is not a point is left out. */
export function trackPoints(value: unknown): TrackPoint[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isTrackPoint).map(({ timestamp, lon, lat, accuracy }) => ({ timestamp, lon, lat, accuracy: accuracy ?? null }));
}

/** A position fix as the browser reports it, as a track point. */
export function pointOf(position: GeolocationPosition): TrackPoint {
  const { longitude, latitude, accuracy } = position.coords;
  return { timestamp: new Date(position.timestamp).toISOString(), lon: longitude, lat: latitude, accuracy };
}

/**
 * What a buffer of fixes adds to the track: the simplified line, each kept point carrying the
 * mean accuracy (2 decimals) of the fixes it stands for, that is itself and the fixes dropped
 * after it up to the next kept one (null when none of them has one).
 */
export function flushBuffer(buffer: readonly TrackPoint[], toleranceM = TRACK_TOLERANCE_M): TrackPoint[] {
  const kept = simplifyIndices(buffer, toleranceM);
  return kept.flatMap((start, position) => {
    const point = buffer[start];
    if (!point) return [];
    const measured = buffer.slice(start, kept[position + 1] ?? buffer.length).flatMap((fix) => (fix.accuracy === null ? [] : [fix.accuracy]));
    const mean = measured.length > 0 ? measured.reduce((sum, metres) => sum + metres, 0) / measured.length : null;
    return [{ ...point, accuracy: mean === null ? null : Math.round(mean * 100) / 100 }];
  });
}

/** Milliseconds from the first to the last point (0 for fewer than two). */
export function trackDuration(points: readonly TrackPoint[]): number {
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return 0;
  const ms = Date.parse(last.timestamp) - Date.parse(first.timestamp);
  return Number.isFinite(ms) && ms > 0 ? ms : 0;
}

/** A duration as hours, minutes and seconds: '0:04:05'. */
export function formatDuration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(seconds / 3600)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
}

/** The south-west and north-east corners around the points, for fitting a map to a track. */
export function trackBounds(points: readonly TrackPoint[]): [[number, number], [number, number]] | null {
  if (points.length === 0) return null;
  const lons = points.map((point) => point.lon);
  const lats = points.map((point) => point.lat);
  return [
    [Math.min(...lons), Math.min(...lats)],
    [Math.max(...lons), Math.max(...lats)],
  ];
}
