/**
 * A form's schema (elements) and rules as the form builder stores them. Twin of
 * `domain/src/form.rs`; the server checks forms when they are saved, so the web app only
 * needs the types. Unknown fields are allowed (index signatures) because later features add
 * fields and a save must never drop them.
 */

/** Every element type, in the order of the specification. */
export const ELEMENT_TYPES = [
  'text',
  'textarea',
  'number',
  'decimal',
  'email',
  'date',
  'time',
  'datetime',
  'checkbox_single',
  'checkbox_multiple',
  'radio',
  'select',
  'autocomplete',
  'file',
  'image',
  'header',
  'staticText',
  'imageTag',
  'staticFile',
  'signature',
  'map',
  'subform',
  'search',
  'gps',
  'tracking',
  'linkedForm',
  'calculation',
  'qrCodeScanner',
  'autoIncrement',
  'stateTransition',
  'computed',
] as const;

export type ElementType = (typeof ELEMENT_TYPES)[number];

/** Layout elements show something but never hold a value. */
export function isLayoutType(type: ElementType): boolean {
  return type === 'header' || type === 'staticText' || type === 'imageTag' || type === 'staticFile';
}

/**
 * Whether an element of this type can be required: only types the fill-in gives an input for.
 * Layout shows nothing to answer, calculations, computed values, serial numbers and phase
 * transitions are filled in by the form itself, and subforms and linked forms are entries the
 * filler adds on purpose. The server ignores `required` on every other type. Twin of
 * `ElementType::can_be_required` (`domain/src/form.rs`); both run
 * `domain/testdata/element-types.json`.
 */
export function canBeRequired(type: string): boolean {
  return SETTABLE.has(type as ElementType) || PICKED.has(type);
}

/** Types whose value the filler uploads, draws, picks from a datasource, locates or scans. */
const PICKED: ReadonlySet<string> = new Set<ElementType>([
  'file',
  'image',
  'signature',
  'map',
  'search',
  'gps',
  'tracking',
  'qrCodeScanner',
]);

/** Choice elements whose value is an option value (or a list of them). */
export function hasOptions(type: ElementType): boolean {
  return type === 'radio' || type === 'select' || type === 'autocomplete' || type === 'checkbox_multiple';
}

/** Types a rule's `set` action may write (typed in or chosen, never computed or structured). */
export function isSettableType(type: ElementType): boolean {
  return SETTABLE.has(type);
}

const SETTABLE: ReadonlySet<ElementType> = new Set<ElementType>([
  'text',
  'textarea',
  'number',
  'decimal',
  'email',
  'date',
  'time',
  'datetime',
  'checkbox_single',
  'checkbox_multiple',
  'radio',
  'select',
  'autocomplete',
]);

export interface ElementOption {
  value: string;
  label: string;
  [extra: string]: unknown;
}

export interface ValidationRule {
  /** required, min, max, minLength, maxLength, number, email, emailOrToken, filenameOrToken */
  name: string;
  value?: unknown;
  applyTo?: unknown;
  [extra: string]: unknown;
}

export interface SubformConfig {
  schema?: FormElement[] | null;
  rules?: Rule[] | null;
  values?: unknown;
  defaultValues?: unknown;
  [extra: string]: unknown;
}

export interface FormElement {
  uuid?: string;
  /** Data name: the key of the element's value in a registration. */
  name: string;
  label?: string;
  elementType: ElementType;
  options?: ElementOption[] | null;
  validation?: ValidationRule[] | null;
  visuallyHidden?: boolean | null;
  rememberInput?: boolean | null;
  defaultDateNow?: boolean | null;
  hdImages?: boolean | null;
  useOnlyCamera?: boolean | null;
  rows?: number | null;
  formula?: string | null;
  number_formatter?: 'none' | 'price' | null;
  registrationLabel?: unknown;
  summaryText?: unknown;
  subform?: SubformConfig | null;
  component?: 'h1' | 'h2' | 'h3' | 'h4' | null;
  staticText?: string | null;
  formId?: unknown;
  [extra: string]: unknown;
}

/** `ruleForm` of a rule on the main form. */
export const MAIN_FORM = '_none';

export interface Condition {
  /** Always `dataValue`; empty means `dataValue`. */
  conditionType?: string | null;
  dataName: string;
  /** Map and search: which property of the selected items to compare (default `name`). */
  datasourcePropertyName?: string | null;
  operator: string;
  value?: unknown;
  [extra: string]: unknown;
}

export interface ConditionGroup {
  /** AND or OR, read case-insensitively. */
  method: string;
  conditions: Condition[];
  [extra: string]: unknown;
}

export interface RuleAction {
  /** show, hide, visually_hidden or set */
  method: string;
  dataName: string;
  value?: unknown;
  [extra: string]: unknown;
}

export interface Rule {
  ruleName: string;
  /** `_none` (or empty) for the main form, otherwise a subform's name. */
  ruleForm?: string | null;
  condition_group: ConditionGroup;
  actions: RuleAction[];
  [extra: string]: unknown;
}

/** A registration's values, keyed by element name (see ops/decisions/006). */
export type FormValues = Record<string, unknown>;

/** Facts about the registration that tokens and rules read; dates are passed in. */
export interface RegistrationMeta {
  /** `YYYY-MM-DD HH:mm` */
  date?: string | null;
  username?: string | null;
  formName?: string | null;
  serialNumber?: string | null;
  /** Workflow phase '1'..'9', read by rules on `registration_phase`. */
  phase?: string | null;
}

/** True for a rule on the main form. */
export function isMainFormRule(rule: Rule): boolean {
  return !rule.ruleForm || rule.ruleForm === MAIN_FORM;
}

/** Elements of one subform entry; empty for other types. */
export function subformSchema(element: FormElement): FormElement[] {
  return element.subform?.schema ?? [];
}

/** The label of an option value, if the element has that option. */
export function optionLabel(element: FormElement, value: string): string | undefined {
  return (element.options ?? []).find((option) => option.value === value)?.label;
}
