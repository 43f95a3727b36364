import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useId, useMemo, useState, type ElementType } from 'react';
import { ApiError } from '@/lib/api';
import { chartView, chartYears, defaultPeriod, loadCreditChart, periodLabel, type ChartPeriod, type ChartView } from '@/lib/credit-usage';
import { nl } from '@/messages/nl-admin';

const t = nl.creditUsage;

/** The chart library is a chunk of its own, fetched when a chart is first shown. */
const CreditUsageBars = lazy(async () => ({ default: (await import('./credit-usage-bars')).CreditUsageBars }));

interface CreditUsageChartProps {
  /** A client's uuid, or `all` for every client (admins). */
  client: string;
  title: string;
  /** Several clients: stacked bars, a legend and a column per client in the table. */
  stacked?: boolean;
  /** The heading's level on its page. */
  headingComponent?: ElementType;
}

interface Loaded {
  /** The client and period the answer is for. */
  key: string;
  view?: ChartView;
  error?: string;
}

function keyOf(client: string, { year, month }: ChartPeriod): string {
  return `${client}|${year}|${month ?? ''}`;
}

/**
 * The credit usage chart with its year (the last 10) and month selects (spec 002 screens 5 and
 * 21, section 9): credits used per day of the month, or per month of the year when no month is
 * chosen. The period is the widget's own state, so a choice reads only the chart again, not the
 * page's loaders. Keyboard and screen-reader users get the same figures as a table.
 */
export function CreditUsageChart({ client, title, stacked = false, headingComponent = 'h2' }: CreditUsageChartProps) {
  const headingId = useId();
  const yearId = useId();
  const monthId = useId();
  const years = useMemo(() => chartYears(), []);
  const [period, setPeriod] = useState<ChartPeriod>(defaultPeriod);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [table, setTable] = useState(false);
  const key = keyOf(client, period);

  useEffect(() => {
    const controller = new AbortController();
    loadCreditChart(client, period, controller.signal).then(
      (chart) => setLoaded({ key, view: chartView(chart) }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // A refused period (422) says why; anything else gets the general text.
        const message = error instanceof ApiError && error.status === 422 && error.serverMessage ? error.serverMessage : t.failed;
        setLoaded({ key, error: message });
      },
    );
    return () => controller.abort();
    // `key` stands for client and period.
  }, [key]);

  const current = loaded?.key === key ? loaded : null;
  const label = periodLabel(period);

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography id={headingId} variant="h6" component={headingComponent} sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        <TextField
          id={yearId}
          select
          size="small"
          label={t.year}
          value={String(period.year)}
          onChange={(event) => setPeriod((before) => ({ ...before, year: Number(event.target.value) }))}
          slotProps={{ select: { native: true } }}
          sx={{ minWidth: 110 }}
        >
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </TextField>
        <TextField
          id={monthId}
          select
          size="small"
          label={t.month}
          value={period.month === null ? '' : String(period.month)}
          onChange={(event) => setPeriod((before) => ({ ...before, month: event.target.value === '' ? null : Number(event.target.value) }))}
          slotProps={{ select: { native: true } }}
          sx={{ minWidth: 160 }}
        >
          <option value="">{t.wholeYear}</option>
          {nl.calendar.months.map((name, index) => (
            <option key={name} value={index + 1}>
              {name}
            </option>
          ))}
        </TextField>
      </Box>

      {current === null ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, minHeight: 120 }}>
          <CircularProgress size={24} />
          <Typography color="text.secondary">{t.loading}</Typography>
        </Box>
      ) : current.error !== undefined || current.view === undefined ? (
        <Alert severity="error">{current.error ?? t.failed}</Alert>
      ) : current.view.series.length === 0 ? (
        <Typography color="text.secondary" role="status">
          {t.empty}
        </Typography>
      ) : (
        <>
          <Box role="img" aria-label={t.chartLabel(label, current.view.total)} data-testid="credit-usage-chart" sx={{ minHeight: 320 }}>
            <Suspense fallback={<CircularProgress size={24} />}>
              <CreditUsageBars view={current.view} stacked={stacked} />
            </Suspense>
          </Box>
          <Box>
            <Button size="small" aria-expanded={table} onClick={() => setTable((shown) => !shown)}>
              {table ? t.hideTable : t.showTable}
            </Button>
          </Box>
          {table && <UsageTable view={current.view} label={label} stacked={stacked} />}
        </>
      )}
    </Paper>
  );
}

/** The chart's figures: a row per period, a column per client (with a total for several). */
function UsageTable({ view, label, stacked }: { view: ChartView; label: string; stacked: boolean }) {
  return (
    <TableContainer>
      <Table size="small" aria-label={t.tableLabel(label)}>
        <TableHead>
          <TableRow>
            <TableCell>{t.period}</TableCell>
            {view.series.map((line) => (
              <TableCell key={line.id} align="right">
                {stacked ? line.label : t.credits}
              </TableCell>
            ))}
            {stacked && <TableCell align="right">{t.total}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {view.labels.map((period, index) => (
            <TableRow key={`${period}-${index}`}>
              <TableCell component="th" scope="row">
                {period}
              </TableCell>
              {view.series.map((line) => (
                <TableCell key={line.id} align="right">
                  {line.data[index] ?? 0}
                </TableCell>
              ))}
              {stacked && <TableCell align="right">{view.series.reduce((sum, line) => sum + (line.data[index] ?? 0), 0)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
