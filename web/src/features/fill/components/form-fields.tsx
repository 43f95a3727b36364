import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { Suspense, useMemo } from 'react';
import type { ElementState, FormElement, FormValues } from '@/lib/form-logic';
import { nl } from '@/messages/nl';
import { isRequired } from '../form-model';
import { elementComponent } from '../elements/registry';
import { headingLevels } from '../heading-levels';
import type { FieldErrors } from '../validation';

interface FormFieldsProps {
  schema: readonly FormElement[];
  values: FormValues;
  states: Record<string, ElementState>;
  errors: FieldErrors;
  onChange(name: string, value: unknown): void;
  /** Makes the DOM ids unique when a modal form is open over another form. */
  idPrefix: string;
  /** The main form's values, when these fields are one subform entry. */
  outerValues?: FormValues;
  /** The level of the heading the fields sit under: the page's h1, or a dialog's or section's h2. */
  under: 1 | 2;
}

/**
 * The elements of one form level, each by its registered component. Hidden elements (rules) are
 * not rendered; visually hidden ones neither, but their values stay in the form. An element whose
 * code is still loading (see `deferred-elements.ts`) shows a progress bar in its place.
 */
export function FormFields({ schema, values, states, errors, onChange, idPrefix, outerValues, under }: FormFieldsProps) {
  const levels = useMemo(() => headingLevels(schema, states, under), [schema, states, under]);
  return (
    <Stack spacing={3}>
      {schema.map((element) => {
        const state = states[element.name];
        if (state?.hidden || state?.visuallyHidden) return null;
        const Component = elementComponent(element.elementType);
        const nested = `${element.name}.`;
        const entryErrors = Object.fromEntries(
          Object.entries(errors)
            .filter(([key]) => key.startsWith(nested))
            .map(([key, message]) => [key.slice(nested.length), message]),
        );
        return (
          <Box key={element.uuid ?? element.name} data-field={element.name}>
            <Suspense fallback={<LinearProgress aria-label={nl.app.loading} />}>
              <Component
                element={element}
                id={`${idPrefix}-${element.name}`}
                value={values[element.name]}
                onChange={(value) => onChange(element.name, value)}
                error={errors[element.name]}
                required={isRequired(element)}
                values={values}
                outerValues={outerValues}
                entryErrors={entryErrors}
                headingLevel={levels[element.name]}
              />
            </Suspense>
          </Box>
        );
      })}
    </Stack>
  );
}

const FOCUSABLE = 'input:not([type="hidden"]):not([hidden]):not([disabled]), textarea, select, button:not([disabled]), canvas, [tabindex]';

/** Moves focus to the first field with an error, so keyboard and screen-reader users land on it. */
export function focusFirstError(container: HTMLElement | null, errors: FieldErrors): void {
  if (!container) return;
  const names = Object.keys(errors).map((key) => key.split('.')[0]);
  const field = Array.from(container.querySelectorAll<HTMLElement>('[data-field]')).find((candidate) =>
    names.includes(candidate.dataset.field),
  );
  const target = field?.querySelector<HTMLElement>(FOCUSABLE);
  target?.focus();
  field?.scrollIntoView?.({ block: 'center' });
}
