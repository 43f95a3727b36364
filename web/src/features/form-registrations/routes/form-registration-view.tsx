import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import SendIcon from '@mui/icons-material/Send';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PageLoading } from '@/components/page-loading';
import { RegistrationValues } from '@/components/registration-values';
import { SafeHtml } from '@/components/safe-html';
import { paths } from '@/config/paths';
import { useAdminForm } from '@/features/form-admin/form-context';
import { can } from '@/features/form-admin/rights';
import { reportFailure, useAdminSession } from '@/features/form-admin/session';
import { WorkflowHistory } from '@/features/fill/components/workflow-history';
import type { Registration } from '@/lib/api/types';
import { formatTimestamp } from '@/lib/format';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl';
import { loadRegistration, registrationAction } from '../api';
import { REVIEW_PERMISSION } from './form-registrations';

type Action = 'trash' | 'untrash' | 'resend';

const ACTIONS: Record<Action, { title: string; text: string; confirm: string; done: string; failed: string; destructive: boolean }> = {
  trash: { title: nl.review.trashTitle, text: nl.review.trashText, confirm: nl.review.trash, done: nl.review.trashed, failed: nl.review.trashFailed, destructive: true },
  untrash: { title: nl.review.restoreTitle, text: nl.review.restoreText, confirm: nl.review.restore, done: nl.review.restored, failed: nl.review.restoreFailed, destructive: false },
  resend: { title: nl.review.resendTitle, text: nl.review.resendText, confirm: nl.review.resend, done: nl.review.resent, failed: nl.review.resendFailed, destructive: false },
};

/**
 * Spec 001 screen 13: one registration in the admin shape, with back to the list (its
 * selection kept), resend, and delete or restore after a confirmation. Trashed ones can be
 * viewed and restored.
 */
export function FormRegistrationViewRoute() {
  const { form } = useAdminForm();
  const { registration_id = '' } = useParams();
  const { search } = useLocation();
  const { rights } = useAdminSession();
  const [registration, setRegistration] = useState<Registration | null>(null);
  const [asking, setAsking] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(() => loadRegistration(form.form_id, registration_id).then(setRegistration), [form.form_id, registration_id]);
  useEffect(() => {
    reload().catch((error: unknown) => reportFailure(error, nl.review.loadFailed, { useServerMessage: true }));
  }, [reload]);

  const act = async (action: Action) => {
    setAsking(null);
    setBusy(true);
    try {
      await registrationAction(form.form_id, registration_id, action);
      showToast(ACTIONS[action].done, { severity: 'success' });
      await reload();
    } catch (error) {
      reportFailure(error, ACTIONS[action].failed);
    } finally {
      setBusy(false);
    }
  };

  const back = `${paths.form_registrations.build({ form_id: form.form_id })}${search}`;
  if (!registration) return <PageLoading />;
  const trashed = Boolean(registration.deleted_at);
  const mayDelete = can(rights, REVIEW_PERMISSION.delete);
  const asked = asking ? ACTIONS[asking] : null;

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, maxWidth: 950 }}>
      <Box>
        <Button component={RouterLink} to={back} startIcon={<ArrowBackIcon />}>
          {nl.review.back}
        </Button>
      </Box>
      <Typography variant="h5" component="h2">
        {`${form.form_name} ${registration.registration_serial_number}`}
      </Typography>
      {trashed && <Alert severity="warning">{nl.review.inTrash(formatTimestamp(String(registration.deleted_at)))}</Alert>}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {!trashed && registration.registration_status === 'completed' && (
          <Button variant="outlined" startIcon={<SendIcon />} onClick={() => setAsking('resend')} disabled={busy}>
            {nl.review.resend}
          </Button>
        )}
        {mayDelete && !trashed && (
          <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => setAsking('trash')} disabled={busy}>
            {nl.review.trash}
          </Button>
        )}
        {mayDelete && trashed && (
          <Button variant="outlined" startIcon={<RestoreFromTrashIcon />} onClick={() => setAsking('untrash')} disabled={busy}>
            {nl.review.restore}
          </Button>
        )}
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={nl.review.details}>
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 1fr) 2fr' }, columnGap: 2, rowGap: 1 }}>
          <Typography component="dt" sx={{ fontWeight: 500 }}>{nl.review.columns.date}</Typography>
          <Box component="dd" sx={{ m: 0 }}>{formatTimestamp(registration.registration_date)}</Box>
          <Typography component="dt" sx={{ fontWeight: 500 }}>{nl.review.columns.user}</Typography>
          <Box component="dd" sx={{ m: 0 }}>{registration.registration_user_id.username ?? ''}</Box>
          <Typography component="dt" sx={{ fontWeight: 500 }}>{nl.review.status}</Typography>
          <Box component="dd" sx={{ m: 0 }}>
            <Chip size="small" label={nl.review.statuses[registration.registration_status] ?? registration.registration_status} />
          </Box>
          {registration.registration_phase && (
            <>
              <Typography component="dt" sx={{ fontWeight: 500 }}>{nl.review.columns.phase}</Typography>
              <Box component="dd" sx={{ m: 0 }}>{registration.registration_phase}</Box>
            </>
          )}
        </Box>
        <Box sx={{ mt: 2 }}>
          <SafeHtml html={registration.form_summary} />
        </Box>
      </Paper>
      {registration.workflow_history && registration.workflow_history.length > 0 && <WorkflowHistory registration={registration} />}
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={nl.review.answers}>
        <RegistrationValues schema={registration.schema} values={registration.values} />
      </Paper>
      <ConfirmDialog
        open={asked !== null}
        title={asked?.title ?? ''}
        text={asked?.text ?? ''}
        confirmLabel={asked?.confirm ?? ''}
        destructive={asked?.destructive ?? false}
        onConfirm={() => asking && void act(asking)}
        onCancel={() => setAsking(null)}
      />
    </Box>
  );
}
