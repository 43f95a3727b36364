import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { TextInput } from '@/components/text-input';
import { evaluateFormula, formatPrice } from '@/lib/form-logic';
import { nl } from '@/messages/nl';
import { inputProps } from './text-elements';
import type { ElementProps } from './types';

/** Spec 000 section 5: a live result, a note while inputs are missing, 'Fout' on an error. */
export function calculationText(props: Pick<ElementProps, 'element' | 'values' | 'outerValues'>): string {
  const { element, values, outerValues } = props;
  const formula = element.formula ?? '';
  const result = outerValues ? evaluateFormula(formula, outerValues, values) : evaluateFormula(formula, values);
  if (result.state === 'incomplete') return nl.elements.calculationIncomplete;
  if (result.state === 'error' || result.value === null) return nl.elements.calculationError;
  return element.number_formatter === 'price' ? formatPrice(result.value) : String(result.value).replace('.', ',');
}

/** Read-only fields: shown like inputs so they line up, but not editable. */
function ReadOnlyField({ props, text }: { props: ElementProps; text: string }) {
  return <TextInput {...inputProps(props)} required={false} value={text} htmlInput={{ readOnly: true }} />;
}

export function CalculationElement(props: ElementProps) {
  return <ReadOnlyField props={props} text={calculationText(props)} />;
}

/**
 * Spec 000 section 9: text read out of the element it watches (a QR label's line); the form
 * fills the value in (`fillComputed` in deriveForm), as the server does again on a send.
 */
export function ComputedElement(props: ElementProps) {
  return <ReadOnlyField props={props} text={typeof props.value === 'string' ? props.value : ''} />;
}

/** The serial number is assigned by the server when the registration is stored. */
export function AutoIncrementElement(props: ElementProps) {
  const text = typeof props.value === 'number' ? String(props.value) : nl.elements.autoIncrementPending;
  return <ReadOnlyField props={props} text={text} />;
}

/** An element type this app does not know (a newer version's): a notice, and the rest of the form keeps working. */
export function UnavailableElement({ element, id }: ElementProps) {
  return (
    <Alert id={id} severity="info" variant="outlined">
      {element.label && <AlertTitle>{element.label}</AlertTitle>}
      {nl.elements.notAvailable}
    </Alert>
  );
}
