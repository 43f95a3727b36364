import { describe, expect, it } from 'vitest';
import { formatBytes, formatTimestamp, localParts } from './format';

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
});
