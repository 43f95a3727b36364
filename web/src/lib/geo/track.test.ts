import { describe, expect, it } from 'vitest';
import { flushBuffer, formatDuration, pointOf, trackBounds, trackDuration, trackPoints, type TrackPoint } from './track';

const point = (seconds: number, lon: number, lat: number, accuracy: number): TrackPoint => ({
  timestamp: new Date(Date.UTC(2024, 4, 1, 9, 0, seconds)).toISOString(),
  lon,
  lat,
  accuracy,
});

describe('flushBuffer', () => {
  it('simplifies with 2 m and gives each kept point the mean accuracy of the fixes it stands for', () => {
    // About 7 m apart on a straight line east, then a corner north.
    const buffer = [
      point(0, 5.387, 52.155, 4),
      point(1, 5.3871, 52.155, 6),
      point(2, 5.3872, 52.155, 8),
      point(3, 5.3872, 52.1551, 3),
      point(4, 5.3872, 52.1552, 5),
    ];
    expect(flushBuffer(buffer)).toEqual([
      { ...buffer[0], accuracy: 5 },
      { ...buffer[2], accuracy: 5.5 },
      { ...buffer[4], accuracy: 5 },
    ]);
  });

  it('keeps one or two fixes as they are and rounds means to 2 decimals', () => {
    expect(flushBuffer([])).toEqual([]);
    const single = point(0, 5.387, 52.155, 3.333);
    expect(flushBuffer([single])).toEqual([{ ...single, accuracy: 3.33 }]);
    const standing = [point(0, 5.387, 52.155, 1), point(1, 5.387, 52.155, 2), point(2, 5.387, 52.155, 2), point(3, 5.387, 52.155, 7)];
    expect(flushBuffer(standing)).toEqual([{ ...standing[0], accuracy: 1.67 }, standing[3]]);
  });
});

describe('track values', () => {
  it('reads the points of a stored value and leaves out what is no point', () => {
    const good = point(0, 5.387, 52.155, 4);
    const { accuracy: _, ...unmeasured } = good;
    expect(trackPoints([good, unmeasured, { ...good, lat: 91 }, { lon: 5, lat: 52 }, 'x'])).toEqual([good, { ...unmeasured, accuracy: null }]);
    expect(trackPoints(undefined)).toEqual([]);
  });

  it('turns a browser fix into a point with an ISO timestamp', () => {
    const fix = { timestamp: Date.UTC(2024, 4, 1, 9), coords: { longitude: 5.4, latitude: 52.1, accuracy: 7 } } as GeolocationPosition;
    expect(pointOf(fix)).toEqual({ timestamp: '2024-05-01T09:00:00.000Z', lon: 5.4, lat: 52.1, accuracy: 7 });
  });

  it('measures and writes the duration', () => {
    expect(trackDuration([point(0, 5, 52, 1), point(125, 5, 52, 1)])).toBe(125_000);
    expect(trackDuration([point(0, 5, 52, 1)])).toBe(0);
    expect(formatDuration(3_725_000)).toBe('1:02:05');
    expect(formatDuration(0)).toBe('0:00:00');
  });

  it('bounds a track for fitting the map to it', () => {
    expect(trackBounds([])).toBeNull();
    expect(trackBounds([point(0, 5.4, 52.1, 1), point(1, 5.3, 52.2, 1)])).toEqual([
      [5.3, 52.1],
      [5.4, 52.2],
    ]);
  });
});
