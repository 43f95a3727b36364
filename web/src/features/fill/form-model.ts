/**
 * What the fill screen derives from the user's input: calculations, rule states and set values,
 * the values to send, and the starting values of a new registration. Pure, so the same steps
 * run for the main form and for a subform entry in its modal.
 */
import {
  canBeRequired,
  evaluateFormula,
  evaluateRules,
  fillComputed,
  isLayoutType,
  MAIN_FORM,
  SUBFORM_INDEX,
  subformSchema,
  type ElementState,
  type FormElement,
  type FormValues,
  type Rule,
  type RuleContext,
} from '@/lib/form-logic';
import { localParts } from '@/lib/format';
import { readRemembered } from '@/lib/offline/remembered-inputs';

export interface DerivedForm {
  /** The input with rule `set` actions applied and computed values and calculations filled in. */
  values: FormValues;
  /** Per element name; 'subform.N.name' inside subform entry N. */
  states: Record<string, ElementState>;
  /** Problems in the form's rules (e.g. an unknown operator), for the error log. */
  ruleErrors: string[];
}

/**
 * The server's order (domain/src/submission.rs): computed values and calculations, rules, then
 * both again (a `set` may change what they read). Rules read their results, so both passes matter.
 */
export function deriveForm(
  schema: readonly FormElement[],
  rules: readonly Rule[],
  input: FormValues,
  ctx: RuleContext = {},
  outer?: FormValues,
): DerivedForm {
  const outcome = evaluateRules(schema, rules, fillCalculations(schema, fillComputed(schema, input), outer), ctx);
  return {
    values: fillCalculations(schema, fillComputed(schema, outcome.values), outer),
    states: outcome.states,
    ruleErrors: outcome.errors,
  };
}

/**
 * Fills in every calculation (inside subform entries too, where a formula reads the entry first
 * and the main form second). Repeated until stable so a calculation may use a later one.
 */
export function fillCalculations(schema: readonly FormElement[], input: FormValues, outer?: FormValues): FormValues {
  const values: FormValues = { ...input };
  for (const element of schema) {
    const entries = values[element.name];
    if (element.elementType !== 'subform' || !Array.isArray(entries)) continue;
    const parent = { ...values };
    values[element.name] = entries.map((entry: unknown) =>
      isEntry(entry) ? fillCalculations(subformSchema(element), entry, parent) : entry,
    );
  }
  const calculations = schema.filter((element) => element.elementType === 'calculation');
  for (let round = 0; round <= calculations.length; round++) {
    let changed = false;
    for (const element of calculations) {
      const formula = element.formula ?? '';
      const result = outer ? evaluateFormula(formula, outer, values) : evaluateFormula(formula, values);
      if (values[element.name] !== result.value) {
        values[element.name] = result.value;
        changed = true;
      }
    }
    if (!changed) break;
  }
  return values;
}

/** The rules that apply inside one entry of a subform, as rules of that entry's own level. */
export function subformRules(subform: FormElement, mainRules: readonly Rule[]): Rule[] {
  return [...(subform.subform?.rules ?? []), ...mainRules.filter((rule) => rule.ruleForm === subform.name)].map(
    (rule) => ({ ...rule, ruleForm: MAIN_FORM }),
  );
}

/** What a stateTransition element says: the next phase ('1'-'9') and user ('0' for nobody). */
export interface Transition {
  next_phase: string;
  assign_to_user: string;
}

/** The move of a stateTransition element; null when it names no phase. */
export function transitionOf(element: FormElement): Transition | null {
  const phase = String(element.next_phase ?? '').trim();
  if (!/^[1-9]$/.test(phase)) return null;
  const user = String(element.assign_to_user ?? '').trim();
  return { next_phase: phase, assign_to_user: user === '' ? '0' : user };
}

/**
 * The values that are sent: hidden elements (also inside subform entries) and elements that
 * never hold an answer are left out; the server assigns autoIncrement numbers itself.
 */
export function valuesToSend(
  schema: readonly FormElement[],
  values: FormValues,
  states: Record<string, ElementState>,
  prefix = '',
): FormValues {
  const sent: FormValues = {};
  for (const element of schema) {
    const { name, elementType } = element;
    if (isLayoutType(elementType) || elementType === 'autoIncrement') continue;
    if (states[prefix + name]?.hidden) continue;
    // The move a workflow phase makes is the form's; it is sent so the server can check it.
    if (elementType === 'stateTransition') {
      const move = transitionOf(element);
      if (move) sent[name] = move;
      continue;
    }
    if (values[name] === undefined) continue;
    const value = values[name];
    sent[name] =
      elementType === 'subform' && Array.isArray(value)
        ? value.map((entry: unknown, position) =>
            isEntry(entry)
              ? {
                  ...valuesToSend(subformSchema(element), entry, states, `${prefix}${name}.${position + 1}.`),
                  [SUBFORM_INDEX]: position + 1,
                }
              : entry,
          )
        : value;
  }
  return sent;
}

/**
 * The values a new registration (or subform entry) starts with: the defaults, then remembered
 * input where the caller has some (rememberInput), then the current moment for date fields with
 * defaultDateNow.
 */
export function initialValues(
  schema: readonly FormElement[],
  defaults: unknown,
  { now = new Date(), remembered }: { now?: Date; remembered?: (element: FormElement) => unknown } = {},
): FormValues {
  const values: FormValues = isEntry(defaults) ? { ...defaults } : {};
  const { date, time } = localParts(now);
  const fromNow: Partial<Record<string, string>> = { date, time, datetime: `${date} ${time}` };
  for (const element of schema) {
    const memory = element.rememberInput ? remembered?.(element) : undefined;
    if (memory !== undefined) values[element.name] = memory;
    const moment = element.defaultDateNow ? fromNow[element.elementType] : undefined;
    if (moment !== undefined && values[element.name] === undefined) values[element.name] = moment;
  }
  return values;
}

/** A form's starting values, with what the user entered last time in rememberInput fields. */
export function initialFormValues(formId: string, schema: readonly FormElement[], defaults: unknown, now = new Date()): FormValues {
  return initialValues(schema, defaults, { now, remembered: (element) => readRemembered(formId, element.name, now) });
}

/** A new subform entry: the subform's default values and the moment for defaultDateNow. */
export function newSubformEntry(subform: FormElement, now = new Date()): FormValues {
  return initialValues(subformSchema(subform), subform.subform?.defaultValues, { now });
}

/**
 * Whether the filler must answer the element (asterisk, client-side check). `required` on a type
 * without an input (map, gps, subform, ...) is ignored, as the server ignores it: the web must
 * never block a send the server accepts.
 */
export function isRequired(element: FormElement): boolean {
  return canBeRequired(element.elementType) && (element.validation ?? []).some((rule) => rule.name === 'required');
}

export function isEntry(value: unknown): value is FormValues {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
