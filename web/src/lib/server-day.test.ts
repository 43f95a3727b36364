import { describe, expect, it } from 'vitest';
import { serverToday } from './server-day';

describe('serverToday', () => {
  it("is Amsterdam's calendar day, whatever the device's zone", () => {
    expect(serverToday(new Date('2026-11-30T12:00:00Z'))).toBe('2026-11-30');
    // Winter: an hour ahead of UTC; 23:30 UTC is already the next day, and the next month.
    expect(serverToday(new Date('2026-11-30T23:30:00Z'))).toBe('2026-12-01');
    expect(serverToday(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
    expect(serverToday(new Date('2026-12-31T22:59:59Z'))).toBe('2026-12-31');
    // Summer: two hours ahead.
    expect(serverToday(new Date('2026-06-30T22:00:00Z'))).toBe('2026-07-01');
    expect(serverToday(new Date('2026-06-30T21:59:00Z'))).toBe('2026-06-30');
  });
});
