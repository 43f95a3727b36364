import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { RemoteOption } from '../use-remote-options';

interface RemoteSelectFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  /** Null while the list is not there (loading or failed): a text field then. */
  options: RemoteOption[] | null;
  /** Extra choices before the loaded ones (e.g. 'nobody'). */
  fixed?: RemoteOption[];
  error?: string;
  helperText?: string;
  required?: boolean;
}

/** A select over a list loaded from the server; a value not (or no longer) in it stays visible. */
export function RemoteSelectField({ id, label, value, onChange, options, fixed = [], error, helperText, required }: RemoteSelectFieldProps) {
  const all = options === null ? null : [...fixed, ...options];
  const known = value === '' || all?.some((option) => option.value === value);
  return (
    <TextField
      id={id}
      select={all !== null}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? helperText}
      required={required}
      fullWidth
    >
      {all && !known && <MenuItem value={value}>{value}</MenuItem>}
      {all?.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
