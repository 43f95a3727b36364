import { describe, expect, it } from 'vitest';
import { boundsQuery, centerOf, clampBounds, DEFAULT_CENTER, DEFAULT_ZOOM, zoomOf } from './map-view';

describe('map defaults (spec 000 section 9)', () => {
  it('reads a stored centre, numbers or typed text, and falls back to Amersfoort', () => {
    expect(centerOf({ lon: 4.9, lat: 52.37 })).toEqual([4.9, 52.37]);
    expect(centerOf({ lon: '4.9', lat: '52.37' })).toEqual([4.9, 52.37]);
    expect(DEFAULT_CENTER).toEqual([5.387, 52.155]);
    for (const bad of [undefined, null, {}, { lon: '', lat: '' }, { lon: 'x', lat: 1 }, { lon: 1 }]) expect(centerOf(bad)).toEqual(DEFAULT_CENTER);
  });

  it('clamps the zoom to levels 1-19 and defaults to 7', () => {
    expect(zoomOf(12)).toBe(12);
    expect(zoomOf('14')).toBe(14);
    expect(zoomOf(25)).toBe(19);
    expect(zoomOf(0)).toBe(1);
    expect(zoomOf('')).toBe(DEFAULT_ZOOM);
    expect(zoomOf(undefined)).toBe(7);
  });
});

describe('boundsQuery', () => {
  it('names the edges as the datasource calls do, rounded outwards to 5 decimals', () => {
    expect(boundsQuery({ left: 5.1234567, bottom: 52.0000001, right: 5.2345671, top: 52.1 })).toEqual({
      left: '5.12345',
      bottom: '52',
      right: '5.23457',
      top: '52.1',
    });
  });

  it('keeps a map panned past the date line inside the world', () => {
    expect(clampBounds({ left: -200, bottom: -95, right: 190, top: 91 })).toEqual({ left: -180, bottom: -90, right: 180, top: 90 });
    expect(boundsQuery({ left: -200, bottom: -95, right: 190, top: 91 })).toEqual({ left: '-180', bottom: '-90', right: '180', top: '90' });
  });
});
