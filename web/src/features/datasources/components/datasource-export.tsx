import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { batchPercent, ProgressReport } from '@/components/progress-report';
import { SizedDialog } from '@/components/sized-dialog';
import { batchFailed, batchProgress, followBatch, type Batch } from '@/lib/batches';
import { downloadLink } from '@/lib/download';
import { nl } from '@/messages/nl-admin';
import { failureTexts, startDatasourceExport, stopDatasourceExport } from '../api';

const t = nl.datasources.export;

/** Spec 002 section 4: idle, processing (with stop), finished with a download link. */
type ExportState =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'running'; batch: Batch }
  | { phase: 'done'; url: string }
  | { phase: 'stopped' }
  | { phase: 'refused'; texts: string[] };

/**
 * The export dialog of spec 002 screen 18: 'Exporteren' starts the export as a batch whose
 * progress (processed of total, from the batch queue) the dialog shows until its queue is
 * empty, with 'Stoppen' while it runs; then the browser fetches the CSV through the answer's
 * link (its token stands in for the api-key) and the dialog offers the link again. Closing the
 * dialog stops the following, not the export.
 */
export function DatasourceExport({ id, name }: { id: string; name: string }) {
  const titleId = useId();
  const introId = useId();
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const following = useRef<AbortController | null>(null);

  useEffect(() => () => following.current?.abort(), []);

  const start = async () => {
    following.current?.abort();
    const controller = new AbortController();
    following.current = controller;
    setState({ phase: 'starting' });
    try {
      const started = await startDatasourceExport(id);
      const last = await followBatch(started, {
        signal: controller.signal,
        onProgress: (batch) => setState({ phase: 'running', batch }),
      });
      if (last.status === 'cancelled') {
        setState({ phase: 'stopped' });
      } else if (batchFailed(last)) {
        setState({ phase: 'refused', texts: [t.failed] });
      } else {
        setState({ phase: 'done', url: started.created_data.download_url });
        downloadLink(started.created_data.download_url);
      }
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ phase: 'refused', texts: failureTexts(error, t.startFailed) });
    }
  };

  const stop = async (batch: Batch) => {
    following.current?.abort();
    following.current = null;
    try {
      await stopDatasourceExport(id, batch.batch_name);
      setState({ phase: 'stopped' });
    } catch (error) {
      setState({ phase: 'refused', texts: failureTexts(error, t.failed) });
    }
  };

  const close = () => {
    following.current?.abort();
    following.current = null;
    setState({ phase: 'idle' });
  };

  const running = state.phase === 'starting' || state.phase === 'running';
  let text = '';
  let percent: number | undefined;
  if (state.phase === 'starting') text = t.starting;
  if (state.phase === 'running') {
    const { processed, total } = batchProgress(state.batch);
    text = total > 0 ? t.progress(processed, total) : t.waiting;
    percent = batchPercent(state.batch);
  }
  if (state.phase === 'done') text = t.done;
  if (state.phase === 'stopped') text = t.stopped;

  return (
    <>
      <Button variant="outlined" startIcon={<FileDownloadIcon />} disabled={running} onClick={() => void start()}>
        {t.open}
      </Button>
      <SizedDialog width={600} open={state.phase !== 'idle'} onClose={close} aria-labelledby={titleId} aria-describedby={introId}>
        <DialogTitle id={titleId}>{t.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography id={introId}>{t.intro(name)}</Typography>
            {state.phase === 'refused' && (
              <Alert severity="error" role="alert">
                {state.texts.map((line) => (
                  <div key={line}>{line}</div>
                ))}
              </Alert>
            )}
            <ProgressReport text={text} label={t.progressLabel} active={running} percent={percent} />
            {state.phase === 'done' && (
              // A real link: a browser that blocked the first download, or a second copy.
              <Link href={state.url} download rel="noopener">
                {t.again}
              </Link>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          {state.phase === 'running' && (
            <Button color="warning" onClick={() => void stop(state.batch)}>
              {t.stop}
            </Button>
          )}
          <Button onClick={close}>{t.close}</Button>
        </DialogActions>
      </SizedDialog>
    </>
  );
}
