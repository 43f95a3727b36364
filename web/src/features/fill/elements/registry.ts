/**
 * The one place that says which component renders which element type. Types of later versions
 * (supported.ts) get a notice, so forms that use them still open and send.
 */
import {
  AutocompleteElement,
  CheckboxMultipleElement,
  CheckboxSingleElement,
  RadioElement,
  SelectElement,
} from './choice-elements';
import { AutoIncrementElement, CalculationElement, UnavailableElement } from './computed-elements';
import { DateElement, DatetimeElement, TimeElement } from './date-elements';
import { FileElement, ImageElement } from './file-elements';
import { HeaderElement, ImageTagElement, StaticFileElement, StaticTextElement } from './layout-elements';
import { LinkedFormElement } from './linked-form-element';
import { DecimalElement, NumberElement } from './number-elements';
import { SearchElement } from './search-element';
import { SignatureElement } from './signature-element';
import { StateTransitionElement } from './state-transition-element';
import { SubformElement } from './subform-element';
import { isSupportedType, type SupportedType } from './supported';
import { EmailElement, TextareaElement, TextElement } from './text-elements';
import type { ElementComponent } from './types';

export const elementRegistry: Record<SupportedType, ElementComponent> = {
  text: TextElement,
  textarea: TextareaElement,
  number: NumberElement,
  decimal: DecimalElement,
  email: EmailElement,
  date: DateElement,
  time: TimeElement,
  datetime: DatetimeElement,
  checkbox_single: CheckboxSingleElement,
  checkbox_multiple: CheckboxMultipleElement,
  radio: RadioElement,
  select: SelectElement,
  autocomplete: AutocompleteElement,
  file: FileElement,
  image: ImageElement,
  header: HeaderElement,
  staticText: StaticTextElement,
  imageTag: ImageTagElement,
  staticFile: StaticFileElement,
  signature: SignatureElement,
  subform: SubformElement,
  linkedForm: LinkedFormElement,
  calculation: CalculationElement,
  autoIncrement: AutoIncrementElement,
  stateTransition: StateTransitionElement,
  search: SearchElement,
};

/** The component for an element; later types and types this app does not know get the notice. */
export function elementComponent(type: string): ElementComponent {
  return isSupportedType(type) && Object.hasOwn(elementRegistry, type) ? elementRegistry[type] : UnavailableElement;
}
