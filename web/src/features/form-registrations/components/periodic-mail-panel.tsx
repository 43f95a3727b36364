import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useId, useState } from 'react';
import { ApiError } from '@/lib/api';
import type { AdminForm } from '@/lib/api/types';
import { isValidEmail } from '@/lib/email';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl-admin';
import { savePeriodicMail, type PeriodicMailSetting } from '../api';

const t = nl.review.periodic;

/** Spec 001 section 9: weekly on day 1-7 (default 6), or monthly on the 1st. */
export function readSetting(form: AdminForm): PeriodicMailSetting {
  const raw = (form.settings as Record<string, unknown> | null | undefined)?.weeklyRegistrationMail;
  const setting = typeof raw === 'object' && raw !== null ? (raw as Partial<PeriodicMailSetting>) : {};
  const day = Number(setting.day);
  return {
    enabled: setting.enabled === true,
    period: setting.period === 'monthly' ? 'monthly' : 'weekly',
    day: Number.isInteger(day) && day >= 1 && day <= 7 ? day : 6,
    recipients: Array.isArray(setting.recipients)
      ? setting.recipients.map((recipient) => ({ email: typeof recipient?.email === 'string' ? recipient.email : '' }))
      : [],
  };
}

/** What is wrong, per recipient row ('' when fine), and for the list as a whole. */
export function checkSetting(setting: PeriodicMailSetting): { recipients: string[]; list: string } {
  const recipients = setting.recipients.map(({ email }) =>
    email.trim() === '' ? nl.validation.required : isValidEmail(email.trim()) ? '' : nl.validation.email,
  );
  const list = setting.enabled && setting.recipients.length === 0 ? t.noRecipients : '';
  return { recipients, list };
}

/**
 * Spec 001 screen 12: the periodic mail of the form's registrations (enabled, period, day,
 * recipients with e-mail validation), saved alone with its own permission.
 */
export function PeriodicMailPanel({ form, onSaved }: { form: AdminForm; onSaved(form: AdminForm): void }) {
  const [setting, setSetting] = useState(() => readSetting(form));
  const [shown, setShown] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const idPrefix = useId();
  const problems = checkSetting(setting);
  const change = (next: Partial<PeriodicMailSetting>) => {
    setSetting((current) => ({ ...current, ...next }));
    setServerErrors({});
  };

  const save = async () => {
    setShown(true);
    if (problems.list || problems.recipients.some(Boolean)) return;
    setSaving(true);
    try {
      const clean = { ...setting, recipients: setting.recipients.map(({ email }) => ({ email: email.trim() })) };
      onSaved(await savePeriodicMail(form.form_id, clean));
      showToast(t.saved, { severity: 'success' });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const found: Record<string, string> = {};
        for (const detail of error.details) {
          const pointer = detail.source?.pointer ?? '';
          found[pointer.replace('/settings/weeklyRegistrationMail/', '')] = detail.detail;
        }
        setServerErrors(found);
      }
      showToast(error instanceof ApiError && error.serverMessage ? error.serverMessage : t.saveFailed, { severity: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={`${idPrefix}-title`}>
      <Typography variant="h6" component="h2" id={`${idPrefix}-title`}>
        {t.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t.help}
      </Typography>
      <FormControlLabel
        control={<Switch checked={setting.enabled} onChange={(event) => change({ enabled: event.target.checked })} />}
        label={t.enabled}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ my: 2 }}>
        <TextField
          id={`${idPrefix}-period`}
          select
          size="small"
          label={t.period}
          value={setting.period}
          onChange={(event) => change({ period: event.target.value === 'monthly' ? 'monthly' : 'weekly' })}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="weekly">{t.weekly}</MenuItem>
          <MenuItem value="monthly">{t.monthly}</MenuItem>
        </TextField>
        {setting.period === 'weekly' && (
          <TextField
            id={`${idPrefix}-day`}
            select
            size="small"
            label={t.day}
            value={String(setting.day)}
            onChange={(event) => change({ day: Number(event.target.value) })}
            sx={{ minWidth: 180 }}
          >
            {t.days.map((name, index) => (
              <MenuItem key={name} value={String(index + 1)}>
                {name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      <Typography variant="subtitle2" component="h3">
        {t.recipients}
      </Typography>
      <Stack spacing={1} sx={{ my: 1 }}>
        {setting.recipients.map((recipient, index) => {
          const error = (shown && problems.recipients[index]) || serverErrors[`recipients/${index}/email`] || '';
          return (
            <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                id={`${idPrefix}-recipient-${index}`}
                size="small"
                type="email"
                label={t.recipient(index + 1)}
                value={recipient.email}
                error={error !== ''}
                helperText={error || undefined}
                onChange={(event) =>
                  change({ recipients: setting.recipients.map((r, i) => (i === index ? { email: event.target.value } : r)) })
                }
                sx={{ flex: 1, maxWidth: 420 }}
              />
              <IconButton aria-label={t.removeRecipient(index + 1)} onClick={() => change({ recipients: setting.recipients.filter((_, i) => i !== index) })}>
                <DeleteIcon />
              </IconButton>
            </Stack>
          );
        })}
        {shown && problems.list && (
          <Typography color="error" variant="body2" role="alert">
            {problems.list}
          </Typography>
        )}
      </Stack>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button startIcon={<AddIcon />} onClick={() => change({ recipients: [...setting.recipients, { email: '' }] })}>
          {t.addRecipient}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving}>
          {t.save}
        </Button>
      </Box>
    </Paper>
  );
}
