import { describe, expect, it } from 'vitest';
import { simplifyIndices, toLocalMetres } from './simplify';

/** Metres to degrees near Amersfoort (52.155 N), the other way round from toLocalMetres. */
const ORIGIN = { lon: 5.387, lat: 52.155 };
const M_PER_DEG_LAT = 6_371_008.8 * (Math.PI / 180);
const at = (east: number, north: number) => ({
  lon: ORIGIN.lon + east / (M_PER_DEG_LAT * Math.cos((ORIGIN.lat * Math.PI) / 180)),
  lat: ORIGIN.lat + north / M_PER_DEG_LAT,
});

describe('toLocalMetres', () => {
  it('puts positions in metres east and north of the first', () => {
    const [origin, east, north] = toLocalMetres([at(0, 0), at(100, 0), at(0, 50)]);
    expect(origin).toEqual({ x: 0, y: 0 });
    expect(east?.x).toBeCloseTo(100, 0);
    expect(east?.y).toBeCloseTo(0, 6);
    expect(north?.y).toBeCloseTo(50, 6);
  });
});

describe('simplifyIndices (tolerance in metres)', () => {
  it('keeps short lines whole', () => {
    expect(simplifyIndices([], 2)).toEqual([]);
    expect(simplifyIndices([at(0, 0)], 2)).toEqual([0]);
    expect(simplifyIndices([at(0, 0), at(0, 0)], 2)).toEqual([0, 1]);
  });

  it('drops points within the tolerance of a straight walk, keeping both ends', () => {
    const walk = [at(0, 0), at(10, 1), at(20, -1.5), at(30, 0.5), at(40, 0)];
    expect(simplifyIndices(walk, 2)).toEqual([0, 4]);
  });

  it('keeps a corner and a detour beyond the tolerance, whichever direction it goes', () => {
    const corner = [at(0, 0), at(10, 0), at(20, 0), at(20, 10), at(20, 20)];
    expect(simplifyIndices(corner, 2)).toEqual([0, 2, 4]);
    const northSouth = [at(0, 0), at(2.5, 10), at(0, 20)];
    expect(simplifyIndices(northSouth, 2)).toEqual([0, 1, 2]);
    expect(simplifyIndices(northSouth, 3)).toEqual([0, 2]);
  });

  it('measures to the segment, so a walk back to the start keeps its far end', () => {
    const there = [at(0, 0), at(30, 0), at(0, 0.5)];
    expect(simplifyIndices(there, 2)).toEqual([0, 1, 2]);
  });
});
