import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import { TextInput } from '@/components/text-input';
import { normalizeDecimal } from '@/lib/form-logic';
import { inputProps } from './text-elements';
import type { ElementProps } from './types';

/**
 * Number and decimal fields keep what the user types (a half-typed '3,' must stay on screen) and
 * store the number it means: '3,5' is 3.5 (spec 000 section 5). Text that is no number is stored
 * as it is, so validation can name the field.
 */
function NumberInput(props: ElementProps & { decimal: boolean }) {
  const { element, value, onChange, decimal } = props;
  const shown = typeof value === 'number' ? String(value).replace('.', decimal ? ',' : '.') : typeof value === 'string' ? value : '';
  const [text, setText] = useState(shown);
  // A rule or reset changed the value from outside: show the new one.
  const typed = text.trim() === '' ? undefined : (normalizeDecimal(text) ?? text);
  const display = typed === value ? text : shown;
  const price = element.number_formatter === 'price';

  return (
    <TextInput
      {...inputProps(props)}
      value={display}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        onChange(next.trim() === '' ? undefined : (normalizeDecimal(next) ?? next));
      }}
      htmlInput={{ inputMode: decimal ? 'decimal' : 'numeric' }}
      startAdornment={price ? <InputAdornment position="start">€</InputAdornment> : undefined}
    />
  );
}

export function NumberElement(props: ElementProps) {
  return <NumberInput {...props} decimal={false} />;
}

export function DecimalElement(props: ElementProps) {
  return <NumberInput {...props} decimal />;
}
