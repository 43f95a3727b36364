/**
 * Ramer–Douglas–Peucker line simplification with a tolerance in metres. Positions are put on a
 * local flat plane first (equirectangular around the line's mean latitude): over the few hundred
 * metres a track buffer spans the error of that projection is far below a GPS fix's own, and
 * degrees would make the tolerance mean something else north-south than east-west.
 */

/** A position in degrees. */
export interface LonLatPoint {
  lon: number;
  lat: number;
}

/** Mean radius of the earth (IUGG), in metres. */
const EARTH_RADIUS_M = 6_371_008.8;
const RAD = Math.PI / 180;

/** The positions in metres east (x) and north (y) of the first one. */
export function toLocalMetres(points: readonly LonLatPoint[]): { x: number; y: number }[] {
  const [origin] = points;
  if (!origin) return [];
  const meanLat = points.reduce((sum, point) => sum + point.lat, 0) / points.length;
  const xScale = EARTH_RADIUS_M * RAD * Math.cos(meanLat * RAD);
  const yScale = EARTH_RADIUS_M * RAD;
  return points.map((point) => ({ x: (point.lon - origin.lon) * xScale, y: (point.lat - origin.lat) * yScale }));
}

/** Distance in metres from p to the segment a-b (to a when a and b coincide). */
function distanceToSegment(p: { x: number; y: number }, a: { x: number; y: number }, b: { x: number; y: number }): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

/**
 * The indices (ascending) of the points the simplified line keeps: always the first and the last,
 * and every point that lies more than `toleranceM` metres off the line through the kept ones.
 * Iterative, so a long buffer cannot overflow the stack.
 */
export function simplifyIndices(points: readonly LonLatPoint[], toleranceM: number): number[] {
  if (points.length <= 2) return points.map((_, index) => index);
  const planar = toLocalMetres(points);
  // Every index asked for is within the list; the fallback only satisfies the type checker.
  const at = (index: number) => planar[index] ?? { x: 0, y: 0 };
  const keep = new Array<boolean>(points.length).fill(false);
  keep[0] = true;
  keep[points.length - 1] = true;
  const spans: [number, number][] = [[0, points.length - 1]];
  for (let span = spans.pop(); span; span = spans.pop()) {
    const [first, last] = span;
    let farthest = -1;
    let farthestDistance = toleranceM;
    for (let index = first + 1; index < last; index++) {
      const distance = distanceToSegment(at(index), at(first), at(last));
      if (distance > farthestDistance) {
        farthest = index;
        farthestDistance = distance;
      }
    }
    if (farthest < 0) continue;
    keep[farthest] = true;
    spans.push([first, farthest], [farthest, last]);
  }
  return keep.flatMap((kept, index) => (kept ? [index] : []));
}
