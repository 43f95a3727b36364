import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useId, useRef, useState, type FormEvent } from 'react';
import { isValidEmail } from '@/lib/email';
import type { FormSettings } from '@/lib/api/types';
import { nl } from '@/messages/nl-admin';

const t = nl.formAdmin.developerMode;

/** What the panel saves in the form's `settings` (read by the worker, decision 017). */
export interface DeveloperModeSettings {
  email_developer_mode: boolean;
  email_developer_address?: string;
}

/** The check of the address: required while the mode is on, and an e-mail address. */
export function developerAddressProblem(on: boolean, address: string): string | null {
  if (!on) return null;
  const trimmed = address.trim();
  if (!trimmed) return t.addressRequired;
  return isValidEmail(trimmed) ? null : t.addressInvalid;
}

interface DeveloperModePanelProps {
  settings: FormSettings | null | undefined;
  busy: boolean;
  /** Saves the changed settings; true when the server took them. */
  onSave(settings: DeveloperModeSettings): Promise<boolean>;
}

/**
 * The admins' e-mail developer mode of a form (spec 000 section 6): while on, every mail of the
 * form goes only to the developer address, so a form can be tried out without mailing its real
 * recipients. The switch and the address are one setting, saved together: the mode cannot be
 * on without an address the worker can send to (it refuses such mails, decision 017).
 */
export function DeveloperModePanel({ settings, busy, onSave }: DeveloperModePanelProps) {
  const storedOn = settings?.email_developer_mode === true;
  const storedAddress = typeof settings?.email_developer_address === 'string' ? settings.email_developer_address : '';
  const [on, setOn] = useState(storedOn);
  const [address, setAddress] = useState(storedAddress);
  const [submitted, setSubmitted] = useState(false);
  const addressRef = useRef<HTMLInputElement>(null);
  const helpId = useId();

  const problem = submitted ? developerAddressProblem(on, address) : null;
  const dirty = on !== storedOn || (on && address.trim() !== storedAddress.trim());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (developerAddressProblem(on, address)) {
      addressRef.current?.focus();
      return;
    }
    // Switched off, the address stays as it was: switching on again brings it back.
    const saved = await onSave(on ? { email_developer_mode: true, email_developer_address: address.trim() } : { email_developer_mode: false });
    if (saved) setSubmitted(false);
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} sx={{ display: 'grid', gap: 1.5 }}>
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={on}
              disabled={busy}
              slotProps={{ input: { 'aria-describedby': helpId } }}
              // The address field follows the switch in the tab order; the focus stays put.
              onChange={(event) => setOn(event.target.checked)}
            />
          }
          label={t.switch}
        />
        <FormHelperText id={helpId} sx={{ mt: 0 }}>
          {t.help}
        </FormHelperText>
      </Box>
      {on && (
        <TextField
          inputRef={addressRef}
          type="email"
          label={t.address}
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          error={problem !== null}
          helperText={problem ?? t.addressHelp}
          autoComplete="email"
          required
          fullWidth
          sx={{ maxWidth: 480 }}
        />
      )}
      <Box>
        <Button type="submit" variant="outlined" disabled={busy || !dirty}>
          {t.save}
        </Button>
      </Box>
    </Box>
  );
}
