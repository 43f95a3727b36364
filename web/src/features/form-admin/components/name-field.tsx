import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';

/** What a NameField shows: the typed name and why it was refused. */
export interface NameState {
  value: string;
  error: string | undefined;
  setValue(value: string): void;
  setError(error: string | undefined): void;
}

export function useNameState(initial: string): NameState {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  return { value, error, setValue, setError };
}

interface NameFieldProps extends Pick<TextFieldProps, 'autoFocus' | 'margin'> {
  label: string;
  name: NameState;
}

/**
 * The required name of a form or folder, with the reason it was refused under it. Typing clears
 * that reason: it spoke of the name as it was.
 */
export function NameField({ label, name, ...rest }: NameFieldProps) {
  return (
    <TextField
      {...rest}
      label={label}
      required
      value={name.value}
      onChange={(event) => {
        name.setValue(event.target.value);
        name.setError(undefined);
      }}
      error={Boolean(name.error)}
      helperText={name.error}
      fullWidth
    />
  );
}
