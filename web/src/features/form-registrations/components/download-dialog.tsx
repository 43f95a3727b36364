import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { SizedDialog } from '@/components/sized-dialog';
import { nl } from '@/messages/nl-admin';
import type { DownloadQueue } from '../api';

/** Spec 001 screen 12 and section 9: the download progress overlay (800 wide), with a way out. */
export function DownloadDialog({ queue, onCancel }: { queue: DownloadQueue | null; onCancel(): void }) {
  const titleId = useId();
  const percent = queue && queue.total > 0 ? Math.min(100, Math.round((queue.processed / queue.total) * 100)) : 0;
  const text = queue?.status === 'running' ? nl.review.downloadProgress(queue.processed, queue.total) : nl.review.downloadQueued;
  return (
    <SizedDialog width={800} open={queue !== null} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{nl.review.downloadTitle}</DialogTitle>
      <DialogContent>
        <Typography role="status" sx={{ mb: 2 }}>
          {text}
        </Typography>
        <LinearProgress variant={queue?.status === 'running' ? 'determinate' : 'indeterminate'} value={percent} aria-label={text} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{nl.review.downloadCancel}</Button>
      </DialogActions>
    </SizedDialog>
  );
}
