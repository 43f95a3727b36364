import type { ComponentType } from 'react';
import type { FormElement, FormValues } from '@/lib/form-logic';
import type { FieldErrors } from '../validation';

/** What every element component gets from the form renderer. */
export interface ElementProps {
  element: FormElement;
  /** DOM id of the element's main control; its label, help and error hang off it. */
  id: string;
  value: unknown;
  onChange(value: unknown): void;
  error?: string;
  required: boolean;
  /** Values of the level the element is on: the main form, or one subform entry. */
  values: FormValues;
  /** The main form's values, when the element is inside a subform entry. */
  outerValues?: FormValues;
  /** Errors inside a subform element's entries, keyed 'N.name'. */
  entryErrors: FieldErrors;
  /** A heading element's level in the page's outline (see `heading-levels.ts`). */
  headingLevel?: number;
}

export type ElementComponent = ComponentType<ElementProps>;
