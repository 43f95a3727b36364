import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api';
import { refreshUserInfo, type RefreshResult } from '@/lib/auth/auth-service';
import { getSession } from '@/lib/auth/session';
import { batchFailed, batchProgress, followBatch, type Batch } from '@/lib/batches';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import { failureTexts, startClientRemoval } from '../api';
import { useClientShell } from '../client-context';
import { clientListPath } from '../policy';

const t = nl.clients.remove;

type Removal =
  | { phase: 'idle' }
  | { phase: 'starting' }
  /** Followed until its queue is empty, and kept while user info is reloaded. */
  | { phase: 'running'; batch: Batch }
  /** Not removed; `severity` warning when it can simply be tried again later (409). */
  | { phase: 'refused'; texts: string[]; severity: 'error' | 'warning' };

/**
 * Spec 002 screen 7 and section 4: the confirmation; 'Verwijder klant' starts the removal as a
 * batch, whose progress shows until its queue is empty; then user info is reloaded and the
 * client list opens. Leaving the screen stops the following, not the removal.
 */
export function ClientRemoveRoute() {
  const { client } = useClientShell();
  const navigate = useNavigate();
  const [removal, setRemoval] = useState<Removal>({ phase: 'idle' });
  const following = useRef<AbortController | null>(null);

  useEffect(() => () => following.current?.abort(), []);

  /** User info again (the client left the user's list), then the list the user came from. */
  const leave = async (signal: AbortSignal) => {
    let result: RefreshResult = 'ok';
    try {
      result = await refreshUserInfo();
    } catch (error) {
      console.warn('user info could not be refreshed after removing a client', error);
    }
    if (signal.aborted) return;
    if (result === 'no-clients') {
      // The removed client was the user's last: the spec's reaction to a user without clients.
      showToast(nl.auth.noClients, { severity: 'warning', persistent: true });
      void navigate(paths.logout.build(), { replace: true, state: { forced: true } });
      return;
    }
    showToast(t.removed(client.name), { severity: 'success' });
    const state = getSession();
    void navigate(clientListPath(state.status === 'authenticated' ? state.session.user.roles : []), { replace: true });
  };

  const onRemove = async () => {
    const controller = new AbortController();
    following.current = controller;
    setRemoval({ phase: 'starting' });
    try {
      const started = await startClientRemoval(client.id);
      const last = await followBatch(started, {
        signal: controller.signal,
        onProgress: (batch) => setRemoval({ phase: 'running', batch }),
      });
      if (batchFailed(last)) {
        setRemoval({ phase: 'refused', texts: [t.failed, ...(last.error ? [last.error] : [])], severity: 'error' });
        return;
      }
      await leave(controller.signal);
    } catch (error) {
      if (controller.signal.aborted) return;
      if (error instanceof ApiError && error.status === 409) {
        setRemoval({ phase: 'refused', texts: [error.serverMessage ?? t.startFailed], severity: 'warning' });
      } else {
        setRemoval({ phase: 'refused', texts: failureTexts(error, t.startFailed), severity: 'error' });
      }
    }
  };

  const busy = removal.phase === 'starting' || removal.phase === 'running';

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
      <Paper variant="outlined" component="section" aria-labelledby="client-remove-title" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Typography id="client-remove-title" variant="h6" component="h2">
          {t.title}
        </Typography>
        <Typography>{t.confirm}</Typography>
        <Typography>{t.permanent(client.name)}</Typography>
        {removal.phase === 'refused' && (
          <Alert severity={removal.severity} role="alert">
            {removal.texts.map((text) => (
              <div key={text}>{text}</div>
            ))}
          </Alert>
        )}
        <Progress removal={removal} />
        <Stack direction="row" spacing={2}>
          <Button color="error" variant="contained" disabled={busy} onClick={() => void onRemove()}>
            {t.submit}
          </Button>
          <Button component={RouterLink} to={paths.client_view.build({ client_id: client.id })} disabled={busy}>
            {t.cancel}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}

/**
 * The removal's progress: a bar (without a measure until the server counted the steps) and a
 * polite live region that reads out where it stands.
 */
function Progress({ removal }: { removal: Removal }) {
  const running = removal.phase === 'starting' || removal.phase === 'running';
  let text = '';
  let percent: number | undefined;
  if (removal.phase === 'starting') text = t.starting;
  if (removal.phase === 'running') {
    const { processed, total } = batchProgress(removal.batch);
    text = total > 0 ? t.progress(processed, total) : t.waiting;
    percent = total > 0 ? Math.round((processed / total) * 100) : undefined;
  }
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {/* Always in the page, so screen readers hear each change of its text. */}
      <Typography role="status" aria-live="polite" aria-atomic="true">
        {text}
      </Typography>
      {running && (
        <LinearProgress
          aria-label={t.progressLabel}
          variant={percent === undefined ? 'indeterminate' : 'determinate'}
          value={percent ?? 0}
        />
      )}
    </Box>
  );
}
