/**
 * The one place that says which component renders which element type. A type this app does not
 * know (a form saved by a newer version) gets a notice, so the form still opens and sends. The
 * types in `deferred-elements.ts` load their code when first shown; `FormFields` gives them a
 * Suspense boundary and the fill-in loaders load them with the form.
 */
import type { ElementType } from '@/lib/form-logic';
import { CheckboxMultipleElement, CheckboxSingleElement, RadioElement, SelectElement } from './choice-elements';
import { AutoIncrementElement, CalculationElement, ComputedElement, UnavailableElement } from './computed-elements';
import { DateElement, DatetimeElement, TimeElement } from './date-elements';
import { deferredElements } from './deferred-elements';
import { FileElement, ImageElement } from './file-elements';
import { HeaderElement, ImageTagElement, StaticFileElement, StaticTextElement } from './layout-elements';
import { LinkedFormElement } from './linked-form-element';
import { DecimalElement, NumberElement } from './number-elements';
import { SignatureElement } from './signature-element';
import { StateTransitionElement } from './state-transition-element';
import { SubformElement } from './subform-element';
import { EmailElement, TextareaElement, TextElement } from './text-elements';
import type { ElementComponent } from './types';

export const elementRegistry: Record<ElementType, ElementComponent> = {
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
  autocomplete: deferredElements.autocomplete.component,
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
  search: deferredElements.search.component,
  map: deferredElements.map.component,
  gps: deferredElements.gps.component,
  tracking: deferredElements.tracking.component,
  qrCodeScanner: deferredElements.qrCodeScanner.component,
  computed: ComputedElement,
};

/** The component for an element; a type this app does not know gets the notice. */
export function elementComponent(type: string): ElementComponent {
  return Object.hasOwn(elementRegistry, type) ? elementRegistry[type as ElementType] : UnavailableElement;
}
