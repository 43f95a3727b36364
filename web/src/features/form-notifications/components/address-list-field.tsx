import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { nl } from '@/messages/nl-admin';
import type { Problems } from '../problems';
import { problemProps } from './field-problem';

interface AddressListFieldProps {
  /** The list's name: 'Aan', 'CC', 'BCC'. */
  label: string;
  addresses: readonly string[];
  /** At least one address: an empty list still shows one field to type in. */
  required?: boolean;
  problems: Problems;
  /** The list's path (`0/to_addresses`); an address's is `0/to_addresses/1`. */
  path: string;
  onChange(addresses: string[]): void;
}

/**
 * One address list of an e-mail: a field per address (each an e-mail address or one `$token$`),
 * each with its own problem beside it, a remove button per field and an add button. A group
 * with a legend, so a screen reader names the list before the fields.
 */
export function AddressListField({ label, addresses, required = false, problems, path, onChange }: AddressListFieldProps) {
  const t = nl.formNotifications.emails;
  const legendId = useId();
  const [added, setAdded] = useState<number | null>(null);
  const shown = required && addresses.length === 0 ? [''] : addresses;
  const listProblem = problems[path];

  const set = (n: number, value: string) => onChange(shown.map((address, i) => (i === n ? value : address)));

  return (
    <Box component="fieldset" aria-labelledby={legendId} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" id={legendId} variant="subtitle2" sx={{ mb: 1 }}>
        {required ? `${label} *` : label}
      </Typography>
      <Stack spacing={1}>
        {shown.map((address, n) => {
          const fieldLabel = t.address(label, n + 1);
          return (
            <Stack key={n} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                label={fieldLabel}
                value={address}
                onChange={(event) => set(n, event.target.value)}
                // A problem of the list (no address at all) is told at its first field.
                {...problemProps(n === 0 && listProblem ? { [`${path}/0`]: listProblem, ...problems } : problems, `${path}/${n}`, n === 0 ? t.addressHelp : undefined)}
                autoFocus={added === n}
                type="text"
                autoComplete="off"
                size="small"
                fullWidth
              />
              {(!required || shown.length > 1) && (
                <IconButton
                  aria-label={t.removeAddress(fieldLabel)}
                  title={t.removeAddress(fieldLabel)}
                  onClick={() => onChange(shown.filter((_, i) => i !== n))}
                >
                  <CloseIcon />
                </IconButton>
              )}
            </Stack>
          );
        })}
      </Stack>
      <Button
        size="small"
        startIcon={<AddIcon />}
        sx={{ mt: 0.5 }}
        onClick={() => {
          setAdded(shown.length);
          onChange([...shown, '']);
        }}
      >
        {t.addAddress(label)}
      </Button>
    </Box>
  );
}
