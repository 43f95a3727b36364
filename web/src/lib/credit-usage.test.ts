import { describe, expect, it } from 'vitest';
import { axisLabel, chartView, chartYears, defaultPeriod, periodLabel } from './credit-usage';

describe('credit usage chart data', () => {
  it('maps months of a year to Dutch month names, one series per client that used credits', () => {
    const view = chartView({
      labels: ['2026-01', '2026-02', '2026-03'],
      series: [
        { client_id: 'c1', name: 'Demo Gemeente', y: [3, 0, 5] },
        { client_id: 'c2', name: 'Tweede Gemeente', y: [0, 0, 0] },
        { client_id: 'c3', name: 'Derde', y: [1] },
      ],
    });
    expect(view.labels).toEqual(['jan', 'feb', 'mrt']);
    expect(view.series).toEqual([
      { id: 'c1', label: 'Demo Gemeente', data: [3, 0, 5] },
      // A short series is filled up with 0 to the number of labels.
      { id: 'c3', label: 'Derde', data: [1, 0, 0] },
    ]);
    expect(view.total).toBe(9);
  });

  it('maps days of a month to their numbers, and is empty without use', () => {
    const view = chartView({ labels: ['2026-11-01', '2026-11-02', '2026-11-30'], series: [{ client_id: 'c1', name: 'Demo', y: [0, 0, 0] }] });
    expect(view.labels).toEqual(['1', '2', '30']);
    expect(view.series).toEqual([]);
    expect(view.total).toBe(0);
    expect(axisLabel('2026-12')).toBe('dec');
    expect(axisLabel('onzin')).toBe('onzin');
  });

  it('offers the last 10 years and starts at the current year and month', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    expect(chartYears(now)).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017]);
    expect(defaultPeriod(now)).toEqual({ year: 2026, month: 11 });
    // The server's month and year: New Year in Amsterdam is still 31 December on UTC.
    const newYear = new Date('2026-12-31T23:30:00Z');
    expect(defaultPeriod(newYear)).toEqual({ year: 2027, month: 1 });
    expect(chartYears(newYear)[0]).toBe(2027);
    expect(periodLabel({ year: 2026, month: 11 })).toBe('november 2026');
    expect(periodLabel({ year: 2025, month: null })).toBe('2025');
  });
});
