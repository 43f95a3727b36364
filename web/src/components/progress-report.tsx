import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { batchProgress, type Batch } from '@/lib/batches';

/** A batch's progress in percent, or undefined while the server has not counted its steps. */
export function batchPercent(batch: Batch): number | undefined {
  const { processed, total } = batchProgress(batch);
  return total > 0 ? Math.round((processed / total) * 100) : undefined;
}

interface ProgressReportProps {
  /** What the live region reads out; empty when there is nothing to say. */
  text: string;
  /** The bar's accessible name. */
  label: string;
  /** Shows the bar. */
  active: boolean;
  /** Without a measure the bar is indeterminate. */
  percent: number | undefined;
}

/**
 * Where long work stands (an upload, a batch): a polite live region that is always in the page,
 * so screen readers hear each change of its text, and a bar while the work runs.
 */
export function ProgressReport({ text, label, active, percent }: ProgressReportProps) {
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography role="status" aria-live="polite" aria-atomic="true">
        {text}
      </Typography>
      {active && <LinearProgress aria-label={label} variant={percent === undefined ? 'indeterminate' : 'determinate'} value={percent ?? 0} />}
    </Box>
  );
}
