import { describe, expect, it } from 'vitest';
import { fixText, formatCoordinate, gpsLocation, gpsSettingsOf, isAccurate } from './gps';

describe('gpsSettingsOf', () => {
  it('reads minAccuracy as a number or numeric text, within 0-200, 25 when unset', () => {
    expect(gpsSettingsOf(undefined).minAccuracy).toBe(25);
    expect(gpsSettingsOf({ minAccuracy: '' }).minAccuracy).toBe(25);
    expect(gpsSettingsOf({ minAccuracy: 'veel' }).minAccuracy).toBe(25);
    expect(gpsSettingsOf({ minAccuracy: 10 }).minAccuracy).toBe(10);
    expect(gpsSettingsOf({ minAccuracy: '150' }).minAccuracy).toBe(150);
    expect(gpsSettingsOf({ minAccuracy: 500 }).minAccuracy).toBe(200);
    expect(gpsSettingsOf({ minAccuracy: -3 }).minAccuracy).toBe(0);
  });

  it('allows a manual location only when setManualLocation is on, with the map defaults', () => {
    expect(gpsSettingsOf({ setManualLocation: true })).toMatchObject({ manual: true, center: [5.387, 52.155], zoom: 7 });
    expect(gpsSettingsOf({ setManualLocation: 'true', center: { lon: '4.9', lat: '52.37' }, zoomlevel: 12 })).toMatchObject({
      manual: false,
      center: [4.9, 52.37],
      zoom: 12,
    });
  });
});

describe('accuracy and texts (spec 000 section 5)', () => {
  const fix = (accuracy: number) => ({ lat: 52.1, lon: 5.3, accuracy });

  it('stores a fix at or below minAccuracy only', () => {
    expect(isAccurate(fix(25), 25)).toBe(true);
    expect(isAccurate(fix(25.01), 25)).toBe(false);
    expect(isAccurate({ lat: 52.1, lon: 5.3, accuracy: null }, 25)).toBe(false);
  });

  it('says whether the location was found, and how accurately, in whole metres', () => {
    expect(fixText(null, 25)).toBe('Locatie is nog niet gevonden');
    expect(fixText(fix(4.6), 25)).toBe('Locatie gevonden tot 5m nauwkeurig');
    expect(fixText(fix(100), 25)).toBe('Gevonden locatie niet nauwkeurig genoeg! Locatie moet tot 25m nauwkeurig zijn (Nu 100m)');
  });
});

describe('stored values', () => {
  it('reads a location the server accepts; a picked one has accuracy null', () => {
    expect(gpsLocation({ lat: 52.1, lon: 5.3, accuracy: 4 })).toEqual({ lat: 52.1, lon: 5.3, accuracy: 4 });
    expect(gpsLocation({ lat: 52.1, lon: 5.3 })).toEqual({ lat: 52.1, lon: 5.3, accuracy: null });
    expect(gpsLocation({ lat: 52.1, lon: 181 })).toBeNull();
    expect(gpsLocation('52.1, 5.3')).toBeNull();
  });

  it('writes degrees with a decimal comma', () => {
    expect(formatCoordinate(52.15517)).toBe('52,155170');
    expect(formatCoordinate(-0.5)).toBe('-0,500000');
  });
});
