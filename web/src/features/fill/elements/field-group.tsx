import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import type { ReactNode } from 'react';
import type { ElementProps } from './types';

/**
 * A labelled group for elements that are more than one input (choices, files, signature,
 * subform): a fieldset whose legend is the label (with the required asterisk) and whose help or
 * error text is announced with it.
 */
export function FieldGroup({
  element,
  id,
  error,
  required,
  children,
}: Pick<ElementProps, 'element' | 'id' | 'error' | 'required'> & { children: ReactNode }) {
  const help = helpText(element.help);
  return (
    <FormControl
      component="fieldset"
      error={Boolean(error)}
      required={required}
      fullWidth
      aria-describedby={error || help ? `${id}-help` : undefined}
    >
      <FormLabel component="legend" id={`${id}-label`} sx={{ mb: 0.5 }}>
        {element.label}
      </FormLabel>
      {children}
      {(error || help) && <FormHelperText id={`${id}-help`}>{error ?? help}</FormHelperText>}
    </FormControl>
  );
}

/** The builder's help text (spec 001 Element: help), shown under the field while it has no error. */
export function helpText(help: unknown): string | undefined {
  return typeof help === 'string' && help.trim() !== '' ? help : undefined;
}
