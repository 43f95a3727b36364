import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { nl } from '@/messages/nl';
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

/**
 * Spec 000 section 5: the form designer's preview (admin mode) shows GPS and tracking without
 * starting them, so building a form never asks for the builder's location.
 */
export function AdminModeNotice(props: Pick<ElementProps, 'element' | 'id' | 'error' | 'required'>) {
  return (
    <FieldGroup {...props}>
      <Typography id={props.id} variant="body2" color="text.secondary">
        {nl.elements.adminModeDisabled}
      </Typography>
    </FieldGroup>
  );
}
