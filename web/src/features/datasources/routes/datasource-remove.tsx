import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import { deleteDatasource, failureTexts } from '../api';
import { useDatasourceShell } from './datasource-shell';

const t = nl.datasources.remove;

/**
 * Spec 002 screen 20: the confirmation. 'Verwijder databron' removes the datasource and its items
 * and goes back to the list ('Databron is verwijderd.'); a failure says 'Databron kon niet worden
 * verwijderd.' with the server's reason. 'Annuleren' returns to the detail.
 */
export function DatasourceRemoveRoute() {
  const { datasource, kind } = useDatasourceShell();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string[]>([]);

  const onRemove = async () => {
    setBusy(true);
    setFailure([]);
    try {
      await deleteDatasource(kind, datasource.id);
      showToast(t.removed, { severity: 'success' });
      void navigate(paths.datasource_list.build(), { replace: true });
    } catch (error) {
      setBusy(false);
      // A 403 has its own reaction (message, dashboard).
      if (error instanceof ApiError && error.status === 403) return;
      showToast(t.failed, { severity: 'error' });
      setFailure(failureTexts(error, t.failed));
    }
  };

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
      <Paper variant="outlined" component="section" aria-labelledby="datasource-remove-title" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Typography id="datasource-remove-title" variant="h6" component="h2">
          {t.title}
        </Typography>
        <Typography>{t.confirm}</Typography>
        <Typography>{t.permanent(datasource.attributes.name)}</Typography>
        {failure.length > 0 && (
          <Alert severity="error" role="alert">
            {failure.map((line) => (
              <div key={line}>{line}</div>
            ))}
          </Alert>
        )}
        <Stack direction="row" spacing={2}>
          <Button color="error" variant="contained" disabled={busy} onClick={() => void onRemove()}>
            {t.submit}
          </Button>
          <Button component={RouterLink} to={paths.datasource_view.build({ datasource_type: kind, datasource_id: datasource.id })} disabled={busy}>
            {t.cancel}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
