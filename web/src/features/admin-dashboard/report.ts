/**
 * What the admin dashboard shows of the daily reports (spec 002 section 3 'Dashboard report',
 * screen 21): credits used per client over the last 30 days, and the storage of the latest
 * report. The report's per-client lists are free-form JSON in the API document, so they are
 * read here field by field.
 */
import { daysBefore } from '@/lib/format';
import type { ReportResource } from './api';

/** The dashboard sums the credits used over this many days, today included. */
export const USAGE_DAYS = 30;

export interface ClientUsage {
  clientId: string;
  name: string;
  credits: number;
}

export interface ClientStorage {
  clientId: string;
  name: string;
  registrations: number;
  diskBytes: number;
  creditsLeft: number;
}

export interface Storage {
  reportDate: string;
  diskFree: number;
  diskTotal: number;
  /** Percent of the disk free. */
  diskAvailable: number;
  clients: ClientStorage[];
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function entries(list: unknown): Record<string, unknown>[] {
  return Array.isArray(list) ? list.filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null) : [];
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'nl');

/**
 * Credits used per client in the `USAGE_DAYS` days up to `today` ('YYYY-MM-DD'), summed over
 * the reports of those days: every client a report names, the most used first, then by name;
 * a client keeps the name of its newest report.
 *
 * `today` is the server's day (`serverToday`: reports are dated in Amsterdam). A device whose
 * clock is behind can still be on the day before; the server's newest report then marks
 * today, so it is never dropped as a report from the future.
 */
export function usagePerClient(reports: readonly ReportResource[], today: string): ClientUsage[] {
  const usage = new Map<string, ClientUsage>();
  const newestFirst = [...reports].sort((a, b) => b.attributes.report_date.localeCompare(a.attributes.report_date));
  const newest = newestFirst[0]?.attributes.report_date;
  const until = newest !== undefined && newest > today ? newest : today;
  const from = daysBefore(until, USAGE_DAYS - 1);
  for (const report of newestFirst) {
    const date = report.attributes.report_date;
    if (date < from || date > until) continue;
    for (const entry of entries(report.attributes.credit_usage_per_client)) {
      const clientId = text(entry.client_id);
      if (!clientId) continue;
      const seen = usage.get(clientId) ?? { clientId, name: text(entry.client_name) || clientId, credits: 0 };
      seen.credits += count(entry.credit_count);
      usage.set(clientId, seen);
    }
  }
  return [...usage.values()].sort((a, b) => b.credits - a.credits || byName(a, b));
}

/** The disk and every client's registrations, bytes and credits of the newest report; null without one. */
export function latestStorage(reports: readonly ReportResource[]): Storage | null {
  const latest = [...reports].sort((a, b) => b.attributes.report_date.localeCompare(a.attributes.report_date))[0];
  if (!latest) return null;
  const { attributes } = latest;
  const clients = entries(attributes.registration_count_per_client)
    .map((entry) => ({
      clientId: text(entry.client_id),
      name: text(entry.client_name) || text(entry.client_id),
      registrations: count(entry.registration_count),
      diskBytes: count(entry.disk_bytes),
      creditsLeft: count(entry.credits_left),
    }))
    .sort(byName);
  return {
    reportDate: attributes.report_date,
    diskFree: attributes.disk_free,
    diskTotal: attributes.disk_total,
    diskAvailable: attributes.disk_available,
    clients,
  };
}

/** A percentage with a decimal comma and two decimals: '42,50%'. */
export function formatPercent(value: number): string {
  return `${value.toFixed(2).replace('.', ',')}%`;
}
