import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { nl } from '@/messages/nl';
import type { SendProgress } from '../api';

/**
 * While a registration is sent: the upload percentage, then 'server-processing' once the body is
 * out (spec 000 section 4). Cannot be dismissed; it closes when the server answers.
 */
export function ProgressDialog({ progress }: { progress: SendProgress | null }) {
  const titleId = useId();
  const processing = progress?.phase === 'server-processing';
  const percent = progress?.phase === 'sending' || progress?.phase === 'files' ? progress.percent : 100;
  const text =
    progress?.phase === 'files'
      ? nl.fill.progressFiles(progress.number, progress.total, progress.percent)
      : processing
        ? nl.fill.progressProcessing
        : nl.fill.progressSending(percent);
  return (
    <Dialog open={progress !== null} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{nl.fill.progressTitle}</DialogTitle>
      <DialogContent>
        <Typography role="status" sx={{ mb: 2 }} data-phase={progress?.phase ?? 'sending'}>
          {text}
        </Typography>
        <LinearProgress
          variant={processing ? 'indeterminate' : 'determinate'}
          value={processing ? undefined : percent}
          aria-label={text}
        />
      </DialogContent>
    </Dialog>
  );
}
