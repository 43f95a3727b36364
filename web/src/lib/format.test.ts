import { describe, expect, it } from 'vitest';
import { centsToEuroText, daysBefore, formatBytes, formatCents, formatDay, formatTimestamp, localParts, parseEuros, yearsAfter } from './format';

describe('format', () => {
  it('shows server timestamps in local time with Dutch month names', () => {
    const iso = '2024-03-05T13:07:00Z';
    const { date, time } = localParts(new Date(iso));
    const [year, month, day] = date.split('-');
    const months = ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'];
    expect(formatTimestamp(iso)).toBe(`${day} ${months[Number(month) - 1]} ${year} ${time}`);
    expect(formatTimestamp('onzin')).toBe('onzin');
  });

  it('gives the value model notations of a moment', () => {
    expect(localParts(new Date(2024, 0, 2, 3, 4))).toEqual({ date: '2024-01-02', time: '03:04' });
  });

  it('counts bytes in units of 1024 with 2 decimals', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1,50 KB');
    expect(formatBytes(20_971_520)).toBe('20,00 MB');
  });

  it('shows byte sizes of disks and clients in KB, MB and GB', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1024)).toBe('1,00 KB');
    expect(formatBytes(5 * 1024 ** 3 + 512 * 1024 ** 2)).toBe('5,50 GB');
    expect(formatBytes(2 * 1024 ** 4)).toBe('2048,00 GB');
  });

  it('shows prices held in cents as euros', () => {
    expect(formatCents(4500)).toBe('€ 45,00');
    expect(formatCents(123456)).toBe('€ 1.234,56');
    expect(formatCents(0)).toBe('€ 0,00');
    expect(formatCents(33.33)).toBe('€ 0,33');
  });

  it('reads euros as typed into whole cents', () => {
    expect(parseEuros('12,50')).toBe(1250);
    expect(parseEuros('12.5')).toBe(1250);
    expect(parseEuros('€ 1.234,56')).toBe(123456);
    expect(parseEuros('1.234')).toBe(123400);
    expect(parseEuros('0')).toBe(0);
    expect(parseEuros('')).toBeUndefined();
    expect(parseEuros('-5')).toBeUndefined();
    expect(parseEuros('12,345')).toBeUndefined();
    expect(parseEuros('tien')).toBeUndefined();
    expect(centsToEuroText(1250)).toBe('12,50');
  });

  it('counts calendar days: two years ahead on the same day, and days back', () => {
    expect(yearsAfter('2026-11-26', 2)).toBe('2028-11-26');
    expect(yearsAfter('2028-02-29', 2)).toBe('2030-02-28');
    expect(daysBefore('2026-03-01', 1)).toBe('2026-02-28');
    expect(daysBefore('2026-11-26', 29)).toBe('2026-10-28');
    expect(formatDay('2028-11-26')).toBe('26 nov 2028');
  });
});
