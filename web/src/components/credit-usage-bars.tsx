import { BarChart } from '@mui/x-charts/BarChart';
import type { ChartView } from '@/lib/credit-usage';
import { nl } from '@/messages/nl-admin';

const t = nl.creditUsage;

interface CreditUsageBarsProps {
  view: ChartView;
  /** Several clients: their bars stacked per period, with a legend. */
  stacked: boolean;
}

/**
 * The bars of the credit usage chart (@mui/x-charts). Its own module, loaded only when a chart
 * is shown (`credit-usage-chart.tsx`), so the fill-in screens never carry the chart library.
 */
export function CreditUsageBars({ view, stacked }: CreditUsageBarsProps) {
  return (
    <BarChart
      height={320}
      xAxis={[{ scaleType: 'band', data: view.labels }]}
      yAxis={[{ tickMinStep: 1 }]}
      series={view.series.map((line) => ({
        id: line.id,
        label: line.label,
        data: line.data,
        ...(stacked ? { stack: 'total' } : {}),
      }))}
      hideLegend={!stacked}
      localeText={{ noData: t.noData, loading: t.loading }}
    />
  );
}
