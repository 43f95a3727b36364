import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { SizedDialog } from '@/components/sized-dialog';
import { ApiError } from '@/lib/api';
import { batchFailed, batchProgress, followBatch, type Batch } from '@/lib/batches';
import { downloadLink } from '@/lib/download';
import { nl } from '@/messages/nl-admin';
import { failureTexts, startClientSnapshot, type ClientDetails } from '../api';
import { batchPercent, ProgressReport } from '@/components/progress-report';

const t = nl.clients.snapshot;

type Snapshot =
  | { phase: 'idle' }
  | { phase: 'starting' }
  /** Followed until its queue is empty. */
  | { phase: 'running'; batch: Batch }
  /** Made; the browser was sent to `url`, which the dialog offers again. */
  | { phase: 'done'; url: string }
  /** Not made; `severity` warning when it can simply be tried again later (409). */
  | { phase: 'refused'; texts: string[]; severity: 'error' | 'warning' };

/**
 * Decision 021: 'Momentopname downloaden' starts a snapshot of the client as a batch, whose
 * progress a dialog shows until its queue is empty; then the browser fetches the file through
 * the answer's link (its token stands in for the api-key, so the browser streams the file to
 * disk). Closing the dialog stops the following, not the snapshot. For admins only: the caller
 * shows it to them alone.
 */
export function SnapshotDownload({ client }: { client: ClientDetails }) {
  const titleId = useId();
  const introId = useId();
  const [snapshot, setSnapshot] = useState<Snapshot>({ phase: 'idle' });
  const following = useRef<AbortController | null>(null);

  useEffect(() => () => following.current?.abort(), []);

  const start = async () => {
    following.current?.abort();
    const controller = new AbortController();
    following.current = controller;
    setSnapshot({ phase: 'starting' });
    try {
      const started = await startClientSnapshot(client.id);
      const last = await followBatch(started, {
        signal: controller.signal,
        onProgress: (batch) => setSnapshot({ phase: 'running', batch }),
      });
      if (batchFailed(last)) {
        // The batch's own reason is the server's log text, not one for the screen.
        setSnapshot({ phase: 'refused', texts: [t.failed], severity: 'error' });
        return;
      }
      setSnapshot({ phase: 'done', url: started.download_url });
      downloadLink(started.download_url);
    } catch (error) {
      if (controller.signal.aborted) return;
      if (error instanceof ApiError && error.status === 409) {
        setSnapshot({ phase: 'refused', texts: [error.serverMessage ?? t.startFailed], severity: 'warning' });
      } else {
        setSnapshot({ phase: 'refused', texts: failureTexts(error, t.startFailed), severity: 'error' });
      }
    }
  };

  const close = () => {
    following.current?.abort();
    following.current = null;
    setSnapshot({ phase: 'idle' });
  };

  const running = snapshot.phase === 'starting' || snapshot.phase === 'running';
  let text = '';
  let percent: number | undefined;
  if (snapshot.phase === 'starting') text = t.starting;
  if (snapshot.phase === 'running') {
    const { processed, total } = batchProgress(snapshot.batch);
    text = total > 0 ? t.progress(processed, total) : t.waiting;
    percent = batchPercent(snapshot.batch);
  }
  if (snapshot.phase === 'done') text = t.done;

  return (
    <>
      <Button variant="outlined" startIcon={<DownloadIcon />} disabled={running} onClick={() => void start()}>
        {t.open}
      </Button>
      <SizedDialog width={600} open={snapshot.phase !== 'idle'} onClose={close} aria-labelledby={titleId} aria-describedby={introId}>
        <DialogTitle id={titleId}>{t.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography id={introId}>{t.intro(client.name)}</Typography>
            {snapshot.phase === 'refused' && (
              <Alert severity={snapshot.severity} role="alert">
                {snapshot.texts.map((line) => (
                  <div key={line}>{line}</div>
                ))}
              </Alert>
            )}
            <ProgressReport text={text} label={t.progressLabel} active={running} percent={percent} />
            {snapshot.phase === 'done' && (
              // A real link: a browser that blocked the first download, or a second copy.
              <Link href={snapshot.url} download rel="noopener">
                {t.again}
              </Link>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t.close}</Button>
        </DialogActions>
      </SizedDialog>
    </>
  );
}
