import { describe, expect, it } from 'vitest';
import type { ReportResource } from './api';
import { formatPercent, latestStorage, usagePerClient } from './report';

function report(date: string, usage: [string, string, number][], counts: [string, string, number, number, number][] = []): ReportResource {
  return {
    type: 'dashboard_report--dashboard_report',
    id: date,
    attributes: {
      report_date: date,
      disk_free: 50 * 1024 ** 3,
      disk_total: 200 * 1024 ** 3,
      disk_available: 25,
      credit_usage_per_client: usage.map(([client_id, client_name, credit_count]) => ({ client_id, client_name, credit_count })),
      registration_count_per_client: counts.map(([client_id, client_name, registration_count, disk_bytes, credits_left]) => ({
        client_id,
        client_name,
        registration_count,
        disk_bytes,
        credits_left,
      })),
    },
  };
}

describe('dashboard reports', () => {
  it('sums the credits used per client over the last 30 days, most used first, with the newest name', () => {
    const reports = [
      report('2026-11-26', [['c1', 'Demo Gemeente', 4], ['c2', 'Tweede', 0]]),
      report('2026-11-10', [['c1', 'Demo (oud)', 6], ['c2', 'Tweede', 3], ['c3', 'Derde', 3]]),
      // 30 days up to the 26th start on 28 October.
      report('2026-10-28', [['c2', 'Tweede', 1]]),
      report('2026-10-27', [['c1', 'Demo Gemeente', 100]]),
    ];
    expect(usagePerClient(reports, '2026-11-26')).toEqual([
      { clientId: 'c1', name: 'Demo Gemeente', credits: 10 },
      { clientId: 'c2', name: 'Tweede', credits: 4 },
      { clientId: 'c3', name: 'Derde', credits: 3 },
    ]);
    expect(usagePerClient([], '2026-11-26')).toEqual([]);
  });

  it("counts the server's report of a day the device has not reached yet (its clock is behind)", () => {
    const reports = [report('2026-11-30', [['c1', 'Demo Gemeente', 4]]), report('2026-11-01', [['c1', 'Demo Gemeente', 6]])];
    // The 30 days up to the server's 30 November start on 1 November.
    expect(usagePerClient(reports, '2026-11-29')).toEqual([{ clientId: 'c1', name: 'Demo Gemeente', credits: 10 }]);
  });

  it('reads the storage of the newest report, clients by name', () => {
    const storage = latestStorage([
      report('2026-11-25', [], [['c1', 'Oud', 1, 1, 1]]),
      report('2026-11-26', [], [['c2', 'Tweede', 3, 2048, 10], ['c1', 'Demo Gemeente', 12, 5 * 1024 ** 2, 740]]),
    ]);
    expect(storage).toEqual({
      reportDate: '2026-11-26',
      diskFree: 50 * 1024 ** 3,
      diskTotal: 200 * 1024 ** 3,
      diskAvailable: 25,
      clients: [
        { clientId: 'c1', name: 'Demo Gemeente', registrations: 12, diskBytes: 5 * 1024 ** 2, creditsLeft: 740 },
        { clientId: 'c2', name: 'Tweede', registrations: 3, diskBytes: 2048, creditsLeft: 10 },
      ],
    });
    expect(latestStorage([])).toBeNull();
    expect(formatPercent(42.5)).toBe('42,50%');
  });
});
