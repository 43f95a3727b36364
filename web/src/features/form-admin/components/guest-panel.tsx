import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { paths } from '@/config/paths';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import type { AdminForm } from '../api';

const t = nl.formAdmin.guest;

/** The public link of a guest id: the app host plus the guest form route (spec 001 section 7). */
export function guestLink(origin: string, guestId: string): string {
  return `${origin}${paths.guest_form.build({ guest_id: guestId })}`;
}

export async function copyText(text: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    showToast(t.copied, { severity: 'success' });
  } catch {
    showToast(t.copyFailed, { severity: 'error' });
  }
}

interface GuestPanelProps {
  form: AdminForm;
  busy: boolean;
  onToggle(enabled: boolean): void;
}

/**
 * Spec 001 screen 6: guest access. Each time it is turned on the server makes a new guestID, so
 * the link shown is always the one of the saved form.
 */
export function GuestPanel({ form, busy, onToggle }: GuestPanelProps) {
  const enabled = Boolean(form.settings?.guestAccess);
  const guestId = form.settings?.guestID || form.form_guest_id;
  const link = enabled && guestId ? guestLink(window.location.origin, guestId) : null;
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <FormControlLabel
        control={<Switch checked={enabled} disabled={busy} onChange={(event) => onToggle(event.target.checked)} />}
        label={t.switch}
      />
      {link && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <TextField
            label={t.link}
            value={link}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { readOnly: true } }}
            onFocus={(event) => event.target.select()}
          />
          <IconButton aria-label={t.copy} onClick={() => void copyText(link)}>
            <ContentCopyIcon />
          </IconButton>
        </Box>
      )}
    </Box>
  );
}
