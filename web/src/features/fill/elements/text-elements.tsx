import { TextInput, type TextInputProps } from '@/components/text-input';
import { helpText } from './field-group';
import type { ElementProps } from './types';

/** The props every single-input element shares: label, asterisk, help or error, placeholder. */
export function inputProps({ element, id, error, required }: ElementProps): TextInputProps {
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

function TextBox(props: ElementProps & { type?: string; multiline?: boolean; autoComplete?: string }) {
  const { element, value, onChange, type = 'text', multiline = false, autoComplete } = props;
  return (
    <TextInput
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
  return <TextBox {...props} />;
}

export function TextareaElement(props: ElementProps) {
  return <TextBox {...props} multiline />;
}

export function EmailElement(props: ElementProps) {
  return <TextBox {...props} type="email" autoComplete="email" />;
}
