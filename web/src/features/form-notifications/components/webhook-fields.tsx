import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { nl } from '@/messages/nl-admin';
import type { Problems } from '../problems';
import { HOOK_TYPES, isHookType, type HookType, type Webhook } from '../webhooks';
import { problemProps } from './field-problem';
import { PhasePicker } from './phase-picker';

interface WebhookFieldsProps {
  hook: Webhook;
  index: number;
  problems: Problems;
  workflow: boolean;
  onChange(hook: Webhook): void;
}

/** The fields of one integration (spec 001 section 3 'Webhook integration'): the address its type needs. */
export function WebhookFields({ hook, index, problems, workflow, onChange }: WebhookFieldsProps) {
  const t = nl.formNotifications.integrations;
  const at = (key: string) => `${index}/${key}`;
  const address = hook.hook_type ? HOOK_TYPES[hook.hook_type].address : null;

  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <TextField
          label={t.name}
          value={hook.hook_name}
          onChange={(event) => onChange({ ...hook, hook_name: event.target.value })}
          {...problemProps(problems, at('hook_name'))}
          required
          fullWidth
        />
        <TextField
          select
          label={t.type}
          value={hook.hook_type}
          onChange={(event) => onChange({ ...hook, hook_type: isHookType(event.target.value) ? event.target.value : '' })}
          {...problemProps(problems, at('hook_type'))}
          required
          fullWidth
        >
          {(Object.keys(HOOK_TYPES) as HookType[]).map((type) => (
            <MenuItem key={type} value={type}>
              {t.types[type]}
            </MenuItem>
          ))}
        </TextField>
        {address === 'hook_url' && (
          <TextField
            label={t.url}
            type="url"
            value={hook.hook_url}
            onChange={(event) => onChange({ ...hook, hook_url: event.target.value })}
            {...problemProps(problems, at('hook_url'), t.urlHelp)}
            required
            fullWidth
            sx={{ gridColumn: { md: '1 / -1' } }}
          />
        )}
        {hook.hook_type === 'sia-signal-create' && (
          <TextField
            label={t.siaCategory}
            type="url"
            value={hook.sia_category}
            onChange={(event) => onChange({ ...hook, sia_category: event.target.value })}
            helperText={t.siaCategoryHelp}
            fullWidth
            sx={{ gridColumn: { md: '1 / -1' } }}
          />
        )}
        {address === 'merged_registration_email' && (
          <TextField
            label={t.mergedEmail}
            type="email"
            value={hook.merged_registration_email}
            onChange={(event) => onChange({ ...hook, merged_registration_email: event.target.value })}
            {...problemProps(problems, at('merged_registration_email'))}
            required
            fullWidth
            sx={{ gridColumn: { md: '1 / -1' } }}
          />
        )}
      </Box>
      {workflow && (
        <PhasePicker
          phases={hook.send_on_registration_phase}
          problems={problems}
          path={at('send_on_registration_phase')}
          onChange={(phases) => onChange({ ...hook, send_on_registration_phase: phases })}
        />
      )}
    </Stack>
  );
}
