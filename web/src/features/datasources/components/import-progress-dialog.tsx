import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { SizedDialog } from '@/components/sized-dialog';
import { batchProgress, type Batch } from '@/lib/batches';
import { nl } from '@/messages/nl-admin';

const t = nl.datasources.progress;

/** Where a save with its import stands. */
export type ImportPhase =
  | { phase: 'idle' }
  /** The file on its way; `percent` of its bytes sent. */
  | { phase: 'uploading'; percent: number }
  /** The datasource being created or changed. */
  | { phase: 'saving' }
  /** The import batch, followed until its queue is empty. */
  | { phase: 'importing'; batch: Batch }
  /** The import stopped without being done; the datasource exists (its detail shows why). */
  | { phase: 'failed'; texts: string[] };

/** The live text and the bar's measure (undefined: no measure yet) of a phase. */
export function phaseReport(state: ImportPhase): { text: string; percent: number | undefined } {
  switch (state.phase) {
    case 'uploading':
      return { text: t.uploading(state.percent), percent: state.percent };
    case 'saving':
      return { text: t.saving, percent: undefined };
    case 'importing': {
      const { processed, total } = batchProgress(state.batch);
      if (state.batch.items_in_queue <= 0) return { text: t.done, percent: 100 };
      if (total === 0) return { text: t.waiting, percent: undefined };
      return { text: t.running(processed, total), percent: Math.round((processed / total) * 100) };
    }
    case 'failed':
      return { text: t.failed, percent: undefined };
    default:
      return { text: '', percent: undefined };
  }
}

interface ImportProgressDialogProps {
  state: ImportPhase;
  /** Goes on to the datasource's detail (while importing: the import runs on). Null before the datasource exists. */
  onToDetail: (() => void) | null;
  /** Stops the upload and goes back to the form; nothing is saved. */
  onCancelUpload: () => void;
}

/**
 * The import progress dialog of spec 002 screen 19 and section 4: upload, save, then the batch
 * import until its queue is empty. A polite live region reads each change out; the bar has no
 * measure until the server counted the steps. The upload can be cancelled (a large file on a
 * weak signal); once the datasource is being saved there is nothing left to cancel.
 */
export function ImportProgressDialog({ state, onToDetail, onCancelUpload }: ImportProgressDialogProps) {
  const titleId = useId();
  const open = state.phase !== 'idle';
  const { text, percent } = phaseReport(state);
  const running = state.phase === 'uploading' || state.phase === 'saving' || state.phase === 'importing';
  const uploading = state.phase === 'uploading';
  return (
    <SizedDialog width={800} open={open} aria-labelledby={titleId} onClose={() => uploading && onCancelUpload()}>
      <DialogTitle id={titleId}>{t.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography role="status" aria-live="polite" aria-atomic="true">
            {text}
          </Typography>
          {running && <LinearProgress aria-label={t.label} variant={percent === undefined ? 'indeterminate' : 'determinate'} value={percent ?? 0} />}
          {state.phase === 'failed' && (
            <Alert severity="error" role="alert">
              {state.texts.map((line) => (
                <div key={line}>{line}</div>
              ))}
            </Alert>
          )}
          {state.phase === 'importing' && <Typography color="text.secondary">{t.background}</Typography>}
        </Stack>
      </DialogContent>
      <DialogActions>
        {uploading && <Button onClick={onCancelUpload}>{t.cancel}</Button>}
        {onToDetail && (state.phase === 'importing' || state.phase === 'failed') && (
          <Button variant={state.phase === 'failed' ? 'contained' : 'text'} onClick={onToDetail}>
            {t.toDetail}
          </Button>
        )}
      </DialogActions>
    </SizedDialog>
  );
}
