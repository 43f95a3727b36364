/**
 * An outlined field for the first screens (sign-in, fill-in and the shell): the parts MUI's `TextField`
 * puts together, with a native select as its only select. `TextField` imports MUI's whole
 * `Select` for its `select` prop, with the menu, popover and list a native select never shows:
 * about 8 KiB of brotli on a first load that waits for every byte (issue 17, decision 029).
 * The markup and ids are `TextField`'s: the label names the field, the helper text describes it.
 */
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ChangeEvent, InputHTMLAttributes, ReactNode, Ref } from 'react';

export interface TextInputProps {
  id: string;
  label?: ReactNode;
  name?: string;
  type?: string;
  value?: string;
  defaultValue?: string;
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  placeholder?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  multiline?: boolean;
  rows?: number;
  inputRef?: Ref<HTMLInputElement>;
  /** Attributes of the input element itself (`inputMode`, `readOnly`); a select takes none. */
  htmlInput?: InputHTMLAttributes<HTMLInputElement>;
  startAdornment?: ReactNode;
  /** The label stays above the field: dates and times show their own placeholder, selects their choice. */
  shrinkLabel?: boolean;
  /** A native select of the `<option>` children. */
  select?: boolean;
  children?: ReactNode;
  sx?: SxProps<Theme>;
}

export function TextInput({
  id,
  label,
  helperText,
  required = false,
  disabled = false,
  error = false,
  fullWidth = false,
  size,
  shrinkLabel,
  select = false,
  children,
  htmlInput,
  sx,
  ...input
}: TextInputProps) {
  const labelled = label !== undefined && label !== null && label !== '';
  const helperId = helperText ? `${id}-helper-text` : undefined;
  const outline = { label: labelled ? label : undefined, notched: shrinkLabel, fullWidth };
  return (
    <FormControl variant="outlined" required={required} disabled={disabled} error={error} fullWidth={fullWidth} size={size} sx={sx}>
      {labelled && (
        <InputLabel htmlFor={id} id={`${id}-label`} shrink={shrinkLabel}>
          {label}
        </InputLabel>
      )}
      {select ? (
        <NativeSelect {...input} id={id} aria-describedby={helperId} input={<OutlinedInput {...outline} />}>
          {children}
        </NativeSelect>
      ) : (
        <OutlinedInput {...input} {...outline} id={id} aria-describedby={helperId} inputProps={htmlInput} />
      )}
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
