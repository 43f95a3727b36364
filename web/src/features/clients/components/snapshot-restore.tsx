import RestoreIcon from '@mui/icons-material/Restore';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { SizedDialog } from '@/components/sized-dialog';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api';
import { refreshUserInfo } from '@/lib/auth/auth-service';
import { batchFailed, batchProgress, followBatch, type Batch } from '@/lib/batches';
import { formatBytes } from '@/lib/format';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import { failureTexts, restoreClientSnapshot, type RestoreStarted } from '../api';
import { batchPercent, ProgressReport } from '@/components/progress-report';

const t = nl.clients.restore;

/** What the file input offers; the server reads the file's own `client.json` to be sure. */
const TAR_ACCEPT = '.tar,application/x-tar';

type Work =
  | { phase: 'idle' }
  /** The snapshot goes up; `percent` of its bytes are sent. */
  | { phase: 'uploading'; percent: number }
  /** The server restores it; followed until its queue is empty, and kept while user info is reloaded. */
  | { phase: 'running'; batch: Batch };

interface Refusal {
  texts: string[];
  /** Warning for what the admin can settle (a client that exists, one that is busy: 409). */
  severity: 'error' | 'warning';
}

/** The Dutch reason of a refused upload: the server's for 409 and 422, else each detail or ours. */
function refusalOf(error: unknown): Refusal {
  if (error instanceof ApiError && (error.status === 409 || error.status === 422) && error.serverMessage) {
    return { texts: [error.serverMessage], severity: error.status === 409 ? 'warning' : 'error' };
  }
  return { texts: failureTexts(error, t.uploadFailed), severity: 'error' };
}

/**
 * Decision 021: 'Klant terugzetten' opens a dialog that uploads a snapshot (with its progress)
 * and follows the restore batch; then user info is reloaded and the restored client opens. A
 * client that exists is replaced only with 'Bestaande klant vervangen', whose warning says
 * what that costs. Cancelling during the upload stops it (nothing is restored); closing while
 * the server restores only stops the following. For admins only: the caller shows it to them alone.
 */
export function SnapshotRestore() {
  const navigate = useNavigate();
  const titleId = useId();
  const introId = useId();
  const chosenId = useId();
  const fileErrorId = useId();
  const warningId = useId();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [replace, setReplace] = useState(false);
  const [work, setWork] = useState<Work>({ phase: 'idle' });
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const busy = work.phase !== 'idle';

  const openDialog = () => {
    setFile(null);
    setFileError(undefined);
    setReplace(false);
    setRefusal(null);
    setWork({ phase: 'idle' });
    setOpen(true);
  };

  const close = () => {
    const controller = running.current;
    running.current = null;
    controller?.abort();
    // The upload is cancelled with it; a restore the server took on goes on without us.
    if (work.phase === 'running') showToast(t.background, { severity: 'info' });
    setWork({ phase: 'idle' });
    setOpen(false);
  };

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    setRefusal(null);
    if (!chosen.name.toLowerCase().endsWith('.tar')) {
      setFile(null);
      setFileError(t.fileNotTar);
      return;
    }
    setFile(chosen);
    setFileError(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!file) {
      setFileError(t.fileRequired);
      chooseButton.current?.focus();
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    const { signal } = controller;
    setRefusal(null);
    setWork({ phase: 'uploading', percent: 0 });

    let started: RestoreStarted;
    try {
      started = await restoreClientSnapshot(file, {
        replace,
        signal,
        onUploadProgress: (loaded, total) => {
          if (!signal.aborted) setWork({ phase: 'uploading', percent: total > 0 ? Math.round((loaded / total) * 100) : 0 });
        },
      });
    } catch (error) {
      if (signal.aborted) return;
      setWork({ phase: 'idle' });
      setRefusal(refusalOf(error));
      return;
    }

    try {
      const last = await followBatch(started, { signal, onProgress: (batch) => setWork({ phase: 'running', batch }) });
      if (batchFailed(last)) {
        // The batch's own reason is the server's log text, not one for the screen.
        setWork({ phase: 'idle' });
        setRefusal({ texts: [t.failed], severity: 'error' });
        return;
      }
    } catch (error) {
      if (signal.aborted) return;
      setWork({ phase: 'idle' });
      setRefusal({ texts: failureTexts(error, t.failed), severity: 'error' });
      return;
    }

    // The restored client may be among the admin's own now.
    try {
      await refreshUserInfo();
    } catch (error) {
      console.warn('user info could not be refreshed after restoring a client', error);
    }
    if (signal.aborted) return;
    running.current = null;
    setOpen(false);
    setWork({ phase: 'idle' });
    showToast(t.restored(started.client_name), { severity: 'success' });
    void navigate(paths.client_view.build({ client_id: started.client_id }));
  };

  let text = '';
  let percent: number | undefined;
  if (work.phase === 'uploading') {
    text = t.uploading(work.percent);
    percent = work.percent;
  }
  if (work.phase === 'running') {
    const { processed, total } = batchProgress(work.batch);
    text = total > 0 ? t.progress(processed, total) : t.waiting;
    percent = batchPercent(work.batch);
  }
  const described = [chosenId, fileError ? fileErrorId : undefined].filter(Boolean).join(' ');

  return (
    <>
      <Button variant="outlined" startIcon={<RestoreIcon />} onClick={openDialog}>
        {t.open}
      </Button>
      <SizedDialog
        width={600}
        open={open}
        // A stray click beside the dialog must not cancel a long upload; Escape and the button do.
        onClose={(_event, reason) => {
          if (busy && reason === 'backdropClick') return;
          close();
        }}
        aria-labelledby={titleId}
        aria-describedby={introId}
      >
        <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
          <DialogTitle id={titleId}>{t.title}</DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              <Typography id={introId}>{t.intro}</Typography>
              {refusal && (
                <Alert severity={refusal.severity} role="alert">
                  {refusal.texts.map((line) => (
                    <div key={line}>{line}</div>
                  ))}
                </Alert>
              )}
              <Box>
                <FormLabel component="div" sx={{ mb: 1 }}>
                  {t.file}
                </FormLabel>
                <input
                  ref={input}
                  type="file"
                  accept={TAR_ACCEPT}
                  aria-label={t.file}
                  hidden
                  onChange={(event) => {
                    choose(event.target.files?.[0]);
                    // The same file chosen again after a refusal still counts as a choice.
                    event.target.value = '';
                  }}
                />
                <Button
                  ref={chooseButton}
                  variant="outlined"
                  startIcon={<UploadFileIcon />}
                  disabled={busy}
                  autoFocus
                  aria-describedby={described}
                  onClick={() => input.current?.click()}
                >
                  {t.choose}
                </Button>
                <Typography id={chosenId} variant="body2" sx={{ mt: 1 }}>
                  {file ? t.chosen(file.name, formatBytes(file.size)) : t.noFile}
                </Typography>
                {fileError && (
                  <FormHelperText id={fileErrorId} error>
                    {fileError}
                  </FormHelperText>
                )}
              </Box>
              <Box>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={replace}
                      disabled={busy}
                      onChange={(event) => setReplace(event.target.checked)}
                      slotProps={{ input: { 'aria-describedby': warningId } }}
                    />
                  }
                  label={t.replace}
                />
                {/* Always said; stressed once a replace is asked for. */}
                {replace ? (
                  <Alert id={warningId} severity="warning" role="note">
                    {t.replaceWarning}
                  </Alert>
                ) : (
                  <FormHelperText id={warningId} sx={{ mt: 0 }}>
                    {t.replaceWarning}
                  </FormHelperText>
                )}
              </Box>
              <ProgressReport
                text={text}
                label={work.phase === 'uploading' ? t.uploadLabel : t.progressLabel}
                active={busy}
                percent={percent}
              />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{work.phase === 'running' ? t.close : t.cancel}</Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {t.submit}
            </Button>
          </DialogActions>
        </Box>
      </SizedDialog>
    </>
  );
}
