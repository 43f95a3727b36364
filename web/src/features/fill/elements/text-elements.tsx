import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { helpText } from './field-group';
import type { ElementProps } from './types';

/** The props every single-input element shares: label, asterisk, help or error, placeholder. */
export function inputProps({ element, id, error, required }: ElementProps): Partial<TextFieldProps> {
  return {
    id,
    label: element.label,
    required,
    error: Boolean(error),
    helperText: error ?? helpText(element.help),
    placeholder: typeof element.placeholder === 'string' ? element.placeholder : undefined,
    fullWidth: true,
  };
}

function TextInput(props: ElementProps & { type?: string; multiline?: boolean; autoComplete?: string }) {
  const { element, value, onChange, type = 'text', multiline = false, autoComplete } = props;
  return (
    <TextField
      {...inputProps(props)}
      type={type}
      multiline={multiline}
      // Spec 000 section 9: text areas show 3 rows unless the builder chose otherwise.
      rows={multiline ? (element.rows ?? 3) : undefined}
      autoComplete={autoComplete}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
    />
  );
}

export function TextElement(props: ElementProps) {
  return <TextInput {...props} />;
}

export function TextareaElement(props: ElementProps) {
  return <TextInput {...props} multiline />;
}

export function EmailElement(props: ElementProps) {
  return <TextInput {...props} type="email" autoComplete="email" />;
}
