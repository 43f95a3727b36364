import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import { deleteForm } from '../api';
import { useAdminForm } from '../form-context';
import { can, PERMISSION } from '../rights';
import { reportFailure, requireRights } from '../session';

const t = nl.formAdmin.remove;

/** Deleting needs 'eform manage form delete'. */
export function formRemoveLoader(): null {
  requireRights((rights) => can(rights, PERMISSION.delete));
  return null;
}

/** Spec 001 screen 7: the delete confirmation. */
export function FormRemoveRoute() {
  const { form } = useAdminForm();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const onDelete = async () => {
    setBusy(true);
    try {
      await deleteForm(form.form_id);
      showToast(t.deleted, { severity: 'success' });
      void navigate(paths.form_list_admin.build(), { replace: true });
    } catch (error) {
      reportFailure(error, t.failed);
      setBusy(false);
    }
  };

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Typography variant="h6" component="h2">
          {t.title}
        </Typography>
        <Typography>{t.confirm(form.form_name)}</Typography>
        <Stack direction="row" spacing={2}>
          <Button color="error" variant="contained" disabled={busy} onClick={() => void onDelete()}>
            {t.submit}
          </Button>
          <Button component={RouterLink} to={paths.form_view.build({ form_id: form.form_id })}>
            {nl.formAdmin.cancel}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
