/**
 * A position as values hold it (a GPS element's value, a tracking point): `lat` and `lon` in
 * degrees, `accuracy` in metres when it was measured. Mirrors the server's `is_location`
 * (domain/src/submission.rs), so the fill-in accepts exactly what a send will.
 */
export interface Location {
  lat: number;
  lon: number;
  /** Null (or absent) for a place picked by hand: nothing was measured. */
  accuracy?: number | null;
}

export function isLocation(value: unknown): value is Location {
  if (typeof value !== 'object' || value === null) return false;
  const { lat, lon, accuracy } = value as Record<string, unknown>;
  const within = (n: unknown, limit: number) => typeof n === 'number' && Math.abs(n) <= limit;
  return within(lat, 90) && within(lon, 180) && (accuracy === undefined || accuracy === null || (typeof accuracy === 'number' && accuracy >= 0));
}
