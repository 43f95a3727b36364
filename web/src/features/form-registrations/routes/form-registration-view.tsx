import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AttachEmailIcon from '@mui/icons-material/AttachEmail';
import DeleteIcon from '@mui/icons-material/Delete';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import SendIcon from '@mui/icons-material/Send';
import { useEffect, useId, useMemo, useState } from 'react';
import { Link as RouterLink, useLoaderData, useLocation, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RegistrationValues } from '@/components/registration-values';
import { SafeHtml } from '@/components/safe-html';
import { paths } from '@/config/paths';
import { useAdminForm } from '@/features/form-admin/form-context';
import { can, PERMISSION } from '@/features/form-admin/rights';
import { reportFailure, requireRights, useAdminSession } from '@/features/form-admin/session';
import { WorkflowHistory } from '@/features/fill/components/workflow-history';
import type { Registration } from '@/lib/api/types';
import { formatTimestamp } from '@/lib/format';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import { loadRegistration, registrationAction } from '../api';
import { DeliveriesSection } from '../components/deliveries-section';
import { deliveryRows, hasPending } from '../deliveries';
import { useEmailsDownload } from '../use-emails-download';
import { withReason } from '../with-reason';
import { REVIEW_PERMISSION } from './form-registrations';

/** While an e-mail or integration waits in the queue, the detail is asked again this often. */
export const DELIVERY_POLL_MS = 3000;

type Action = 'trash' | 'untrash' | 'resend';

const ACTIONS: Record<Action, { title: string; text: string; confirm: string; done: string; failed: string; destructive: boolean }> = {
  trash: { title: nl.review.trashTitle, text: nl.review.trashText, confirm: nl.review.trash, done: nl.review.trashed, failed: nl.review.trashFailed, destructive: true },
  untrash: { title: nl.review.restoreTitle, text: nl.review.restoreText, confirm: nl.review.restore, done: nl.review.restored, failed: nl.review.restoreFailed, destructive: false },
  resend: { title: nl.review.resendTitle, text: nl.review.resendText, confirm: nl.review.resend, done: nl.review.resent, failed: nl.review.resendFailed, destructive: false },
};

/**
 * The registration in the admin shape. Reviewing needs 'eform manage form registrations'
 * (others get the 403 reaction before anything is fetched); an unknown one is the route's 404.
 */
export async function formRegistrationViewLoader({ params, request }: LoaderFunctionArgs): Promise<Registration> {
  requireRights((rights) => can(rights, PERMISSION.registrations));
  return loadRegistration(params.form_id ?? '', params.registration_id ?? '', request.signal);
}

/**
 * Spec 001 screen 13: one registration in the admin shape, with back to the list (its
 * selection kept), resend, download of what its e-mails carried, delete or restore after a
 * confirmation, and what became of its e-mails and integrations. Trashed ones can be viewed
 * and restored. While a delivery is queued the page asks again every few seconds.
 */
export function FormRegistrationViewRoute() {
  const { form } = useAdminForm();
  const registration = useLoaderData<Registration>();
  const revalidator = useRevalidator();
  const { search } = useLocation();
  const { rights } = useAdminSession();
  const [asking, setAsking] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const readyTitleId = useId();
  const emails = useEmailsDownload(form.form_id, registration._id, nl.review.emailsZipName(registration.registration_serial_number));

  const deliveries = useMemo(() => deliveryRows(registration), [registration]);
  const pending = hasPending(deliveries);

  // Each answer starts the next wait, so asks never overlap; leaving the page ends it.
  const { revalidate, state: revalidating } = revalidator;
  useEffect(() => {
    if (!pending || revalidating !== 'idle') return;
    const timer = setTimeout(() => void revalidate(), DELIVERY_POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, revalidating, revalidate, registration]);

  const act = async (action: Action) => {
    setAsking(null);
    setBusy(true);
    try {
      await registrationAction(form.form_id, registration._id, action);
      showToast(ACTIONS[action].done, { severity: 'success' });
      // The statuses (a resend queues every delivery again) and the trash state come fresh.
      await revalidate();
    } catch (error) {
      // The server says why (e.g. only completed registrations outside the trash are resent).
      reportFailure(error, withReason(ACTIONS[action].failed, error));
    } finally {
      setBusy(false);
    }
  };

  const back = `${paths.form_registrations.build({ form_id: form.form_id })}${search}`;
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
        <Button variant="outlined" startIcon={<AttachEmailIcon />} onClick={() => void emails.start()} disabled={emails.busy}>
          {emails.busy ? nl.review.downloadEmailsBusy : nl.review.downloadEmails}
        </Button>
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
      <DeliveriesSection rows={deliveries} polling={pending} />
      {registration.workflow_history && registration.workflow_history.length > 0 && <WorkflowHistory registration={registration} />}
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={nl.review.answers}>
        <RegistrationValues
          schema={registration.schema}
          values={registration.values}
          trackingMap={paths.map_tracking.build({ form_id: form.form_id, registration_id: registration._id })}
        />
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
      {/* Spec 001 screen 13's download-ready dialog: the zip is being saved; again if it was not. */}
      <Dialog open={emails.ready !== null} onClose={emails.close} aria-labelledby={readyTitleId}>
        <DialogTitle id={readyTitleId}>{nl.review.emailsReadyTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText>{nl.review.emailsReadyText(emails.ready?.fileName ?? '')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={emails.saveAgain}>{nl.review.emailsSaveAgain}</Button>
          <Button onClick={emails.close} variant="contained" autoFocus>
            {nl.review.emailsClose}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
