/**
 * The credit usage chart's data (spec 002 sections 3 'Chart point', 7 and 9; decision 022):
 * `GET api/clients/{id|all}/chart-credit-usages?year&month` and what the chart shows of it.
 * Shared by the client overview (one client) and the admin dashboard (every client).
 */
import { api } from '@/lib/api';
import type { ApiSchemas } from '@/lib/api/types';
import { serverToday } from '@/lib/server-day';
import { nl } from '@/messages/nl-admin';

/** Credits used per month of a year (`YYYY-MM` labels) or per day of a month (`YYYY-MM-DD`). */
export type CreditChart = ApiSchemas['Chart'];

/** Spec 002 section 9: the year choices are the last 10 years. */
export const CHART_YEARS = 10;

/** A year, and a month (1-12) or null for the whole year. */
export interface ChartPeriod {
  year: number;
  month: number | null;
}

/** Spec 002 section 9: the current year and month, as the server dates the credits used. */
export function defaultPeriod(now: Date = new Date()): ChartPeriod {
  const [year = 0, month = 1] = serverToday(now).split('-').map(Number);
  return { year, month };
}

/** This year and the nine before it, newest first. */
export function chartYears(now: Date = new Date()): number[] {
  const current = defaultPeriod(now).year;
  return Array.from({ length: CHART_YEARS }, (_, index) => current - index);
}

/** 'november 2026', or '2026' for a whole year. */
export function periodLabel({ year, month }: ChartPeriod): string {
  const name = month === null ? undefined : nl.calendar.months[month - 1];
  return name ? `${name} ${year}` : String(year);
}

/**
 * `client` is a client's uuid, or `all` (admins: one series per client that used credits). A
 * refusal only rejects: a chart beside other content never sends the user away.
 */
export function loadCreditChart(client: string, period: ChartPeriod, signal?: AbortSignal): Promise<CreditChart> {
  const query = new URLSearchParams({ year: String(period.year) });
  if (period.month !== null) query.set('month', String(period.month));
  return api.request<CreditChart>(`/api/clients/${encodeURIComponent(client)}/chart-credit-usages?${query.toString()}`, {
    signal,
    handleAuthErrors: false,
  });
}

/** One bar series: a client's credits per period. */
export interface ChartSeriesView {
  id: string;
  label: string;
  data: number[];
}

/** What the chart and its table show. */
export interface ChartView {
  /** 'jan'..'dec' per month of a year, '1'..'31' per day of a month. */
  labels: string[];
  series: ChartSeriesView[];
  /** Credits used in the whole period, all series together. */
  total: number;
}

/** A server label ('2026-11' or '2026-11-05') as the axis shows it ('nov' or '5'). */
export function axisLabel(label: string): string {
  const [, month, day] = label.split('-');
  if (day !== undefined) return String(Number(day));
  return nl.calendar.monthsShort[Number(month) - 1] ?? label;
}

/**
 * The server's chart as the bars show it: Dutch axis labels, every series as long as the
 * labels (a missing value counts 0), series without any use left out, and the total.
 */
export function chartView(chart: CreditChart): ChartView {
  const series = chart.series
    .map((line) => ({
      id: line.client_id,
      label: line.name,
      data: chart.labels.map((_, index) => line.y[index] ?? 0),
    }))
    .filter((line) => line.data.some((used) => used > 0));
  const total = series.reduce((sum, line) => sum + line.data.reduce((a, b) => a + b, 0), 0);
  return { labels: chart.labels.map(axisLabel), series, total };
}
