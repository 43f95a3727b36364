import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useEffect, useId, useState } from 'react';
import { SizedDialog } from '@/components/sized-dialog';
import { DIALOG_WIDTH, TERMS_PDF_URL } from '@/config/app';
import { termsRequiredSignal } from '@/lib/api';
import type { ClientSummary } from '@/lib/api/types';
import { refreshUserInfo } from '@/lib/auth/auth-service';
import { useSession } from '@/lib/auth/session';
import { pendingTermsClient, refreshForTerms } from '@/lib/auth/terms';
import { nl } from '@/messages/nl';
import { acceptTerms } from '../api';

/**
 * Spec 000 screen 15: while the current client requires this user to accept its terms, nothing
 * else can be used. The modal cannot be dismissed; it goes once user info says they are accepted.
 * Screens wait for that before they load the client's content (`afterTermsAccepted`).
 */
export function TermsWall() {
  // The server refused content because the terms wait (they became required after user info
  // was read): user info says so once reloaded, and the wall comes up.
  useEffect(() => termsRequiredSignal.subscribe(() => void refreshForTerms()), []);
  const client = pendingTermsClient(useSession());
  if (!client) return null;
  // Keyed by client: switching to another client that requires terms starts unticked.
  return <TermsDialog key={client.id} client={client} />;
}

function TermsDialog({ client }: { client: ClientSummary }) {
  const titleId = useId();
  const [accepted, setAccepted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);

  const save = async () => {
    setSaving(true);
    setFailed(false);
    try {
      await acceptTerms(client.uuid);
      await refreshUserInfo();
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };

  // No onClose: neither Escape nor the backdrop closes it.
  return (
    <SizedDialog width={DIALOG_WIDTH.terms} open aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{nl.terms.title(client.name)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{nl.terms.intro}</DialogContentText>
          <Link href={TERMS_PDF_URL} target="_blank" rel="noopener">
            {nl.terms.pdfLink}
          </Link>
          <FormControlLabel
            control={<Checkbox checked={accepted} onChange={(event) => setAccepted(event.target.checked)} />}
            label={nl.terms.accept}
          />
          {failed && <Alert severity="error">{nl.terms.failed}</Alert>}
        </Stack>
      </DialogContent>
      {accepted && (
        <DialogActions>
          <Button variant="contained" onClick={() => void save()} disabled={saving}>
            {nl.terms.save}
          </Button>
        </DialogActions>
      )}
    </SizedDialog>
  );
}
