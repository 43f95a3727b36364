/**
 * The rule engine: which elements are hidden or visually hidden and which values rules set.
 * Twin of `domain/src/rules.rs` (semantics documented there and in
 * ops/decisions/006-form-values-and-rules.md); both run `domain/testdata/rules.json`.
 */
import {
  type Condition,
  type ElementType,
  type FormElement,
  type FormValues,
  type RegistrationMeta,
  type Rule,
  isMainFormRule,
  isSettableType,
  subformSchema,
} from './form';
import { formLogicMessages as m } from './messages';
import { renderTokens } from './tokens';
import { isEmptyValue, isRecord, itemProperty, normalizeDecimal, numericValue, rawText, selectedItems } from './values';

/** Name of the pseudo element that holds the workflow phase of the registration. */
export const REGISTRATION_PHASE = 'registration_phase';

type OperatorGroup = 'numeric' | 'checkbox' | 'multiple' | 'text' | 'other';

const OPERATORS: Record<OperatorGroup, readonly string[]> = {
  numeric: ['=', '!', '>', '>=', '<', '<=', 'empty', '!empty'],
  checkbox: ['empty', '!empty'],
  multiple: ['=', '!', 'empty', '!empty', 'contains', '!contains'],
  text: ['str_equals', 'starts_with', 'ends_with', 'includes', 'empty', '!empty'],
  other: ['=', '!', 'empty', '!empty'],
};

function operatorGroup(elementType: string): OperatorGroup {
  switch (elementType) {
    case 'number':
    case 'decimal':
    case 'calculation':
    case 'autoIncrement':
    case REGISTRATION_PHASE:
      return 'numeric';
    case 'checkbox_single':
      return 'checkbox';
    case 'checkbox_multiple':
      return 'multiple';
    case 'text':
    case 'textarea':
    case 'email':
    case 'map':
    case 'search':
      return 'text';
    default:
      return 'other';
  }
}

/**
 * The operators a condition on this element type may use (spec, document 000 section 5),
 * in the order the rules editor offers them. Accepts 'registration_phase' too.
 */
export function operatorsFor(elementType: ElementType | typeof REGISTRATION_PHASE | string): readonly string[] {
  return OPERATORS[operatorGroup(elementType)];
}

export interface ElementState {
  /** Not shown, not validated, value not stored. */
  hidden: boolean;
  /** Not shown, but kept and validated. */
  visuallyHidden: boolean;
}

export interface RuleContext {
  registration?: RegistrationMeta;
}

export interface RuleOutcome {
  /** Per element name; `subform.N.field` inside subform entry N. */
  states: Record<string, ElementState>;
  /** The values after set actions (a new object; the input is not changed). */
  values: FormValues;
  /** Problems in the rules, each reported once. */
  errors: string[];
}

type ActionMethod = 'show' | 'hide' | 'visually_hidden' | 'set';
const ACTION_METHODS: readonly string[] = ['show', 'hide', 'visually_hidden', 'set'];

function groupMethod(raw: string | undefined): 'AND' | 'OR' | null {
  const upper = (raw ?? '').toUpperCase();
  return upper === 'AND' || upper === 'OR' ? upper : null;
}

/** Evaluates the rules against the current values. */
export function evaluateRules(
  schema: readonly FormElement[],
  rules: readonly Rule[],
  values: FormValues,
  ctx: RuleContext = {},
): RuleOutcome {
  const registration = ctx.registration ?? {};
  const states: Record<string, ElementState> = {};
  const errors: string[] = [];
  const mainValues: FormValues = structuredClone(values);
  evaluateLevel(schema, rules.filter(isMainFormRule), mainValues, registration, '', states, errors);

  for (const rule of rules.filter((r) => !isMainFormRule(r))) {
    const known = schema.some((e) => e.name === rule.ruleForm && e.elementType === 'subform');
    if (!known) errors.push(m.ruleUnknownSubform(rule.ruleName, rule.ruleForm ?? ''));
  }
  for (const subform of schema.filter((e) => e.elementType === 'subform')) {
    const subformRules = [
      ...(subform.subform?.rules ?? []),
      ...rules.filter((r) => !isMainFormRule(r) && r.ruleForm === subform.name),
    ];
    const entries = mainValues[subform.name];
    if (!Array.isArray(entries)) continue;
    entries.forEach((entry, position) => {
      if (!isRecord(entry)) return;
      const prefix = `${subform.name}.${position + 1}.`;
      evaluateLevel(subformSchema(subform), subformRules, entry, registration, prefix, states, errors);
    });
  }
  return { states, values: mainValues, errors: [...new Set(errors)] };
}

function evaluateLevel(
  schema: readonly FormElement[],
  rules: readonly Rule[],
  values: FormValues,
  registration: RegistrationMeta,
  prefix: string,
  states: Record<string, ElementState>,
  errors: string[],
): void {
  const showTargets = new Set<string>();
  const shown = new Set<string>();
  const hidden = new Set<string>();
  const visuallyHidden = new Set<string>();

  for (const rule of rules) {
    const holds = ruleHolds(rule, schema, values, registration, errors);
    for (const action of rule.actions ?? []) {
      if (!ACTION_METHODS.includes(action.method)) {
        errors.push(m.ruleUnknownAction(rule.ruleName, action.method));
        continue;
      }
      const method = action.method as ActionMethod;
      const target = schema.find((e) => e.name === action.dataName);
      if (!target) {
        errors.push(m.ruleUnknownElement(rule.ruleName, action.dataName));
        continue;
      }
      if (method === 'show') {
        showTargets.add(target.name);
        if (holds) shown.add(target.name);
      } else if (method === 'hide') {
        if (holds) hidden.add(target.name);
      } else if (method === 'visually_hidden') {
        if (holds) visuallyHidden.add(target.name);
      } else if (!isSettableType(target.elementType)) {
        errors.push(m.ruleSetNotAllowed(rule.ruleName, target.name, target.elementType));
      } else if (holds) {
        const text = valueText(action.value, schema, values, registration);
        const value = converted(target.elementType, text);
        if (value === undefined) errors.push(m.ruleSetNotANumber(rule.ruleName, target.name, text));
        else values[target.name] = value;
      }
    }
  }

  for (const element of schema) {
    const name = element.name;
    states[prefix + name] = {
      hidden: (showTargets.has(name) && !shown.has(name)) || hidden.has(name),
      visuallyHidden: element.visuallyHidden === true || visuallyHidden.has(name),
    };
  }
}

function ruleHolds(
  rule: Rule,
  schema: readonly FormElement[],
  values: FormValues,
  registration: RegistrationMeta,
  errors: string[],
): boolean {
  const group = rule.condition_group;
  // Every condition is evaluated (no short-circuit) so that every error is reported.
  const results = (group?.conditions ?? []).map((condition) =>
    conditionHolds(rule, condition, schema, values, registration, errors),
  );
  const method = groupMethod(group?.method);
  // A rule without conditions never holds: the editor requires at least one.
  if (results.length === 0) return false;
  if (method === 'AND') return results.every(Boolean);
  if (method === 'OR') return results.some(Boolean);
  errors.push(m.ruleUnknownMethod(rule.ruleName, group?.method ?? ''));
  return false;
}

function conditionHolds(
  rule: Rule,
  condition: Condition,
  schema: readonly FormElement[],
  values: FormValues,
  registration: RegistrationMeta,
  errors: string[],
): boolean {
  const ruleName = rule.ruleName;
  const conditionType = condition.conditionType ?? '';
  if (conditionType !== '' && conditionType !== 'dataValue') {
    errors.push(m.ruleUnknownConditionType(ruleName, conditionType));
    return false;
  }
  const name = condition.dataName;
  const element = schema.find((e) => e.name === name);
  let typeName: string;
  let value: unknown;
  if (element) {
    typeName = element.elementType;
    value = values[name];
  } else if (name === REGISTRATION_PHASE) {
    typeName = REGISTRATION_PHASE;
    value = registration.phase ?? undefined;
  } else {
    errors.push(m.ruleUnknownElement(ruleName, name));
    return false;
  }
  const operator = condition.operator;
  const group = operatorGroup(typeName);
  if (!OPERATORS[group].includes(operator)) {
    errors.push(m.ruleOperatorNotAllowed(ruleName, operator, name, typeName));
    return false;
  }
  const expected = valueText(condition.value, schema, values, registration).trim();
  const elementEmpty = isEmptyValue(value);
  if (operator === 'empty') return elementEmpty;
  if (operator === '!empty') return !elementEmpty;
  // Spec: "if both the element value and the token value are empty the condition is true".
  if (elementEmpty && expected === '') return true;
  switch (group) {
    case 'numeric':
      return compareNumbers(operator, numericValue(value), normalizeDecimal(expected));
    case 'multiple':
      return compareSets(operator, value, expected);
    case 'text': {
      const actual =
        typeName === 'map' || typeName === 'search'
          ? selectedItems(value)
              .map((item) => itemProperty(item, condition.datasourcePropertyName ?? 'name'))
              .join(', ')
          : rawText(value);
      return compareTexts(operator, actual, expected);
    }
    default: {
      const equal = rawText(value).trim() === expected;
      return operator === '=' ? equal : !equal;
    }
  }
}

/** Numbers compare only when both sides are numbers; otherwise only '!' holds. */
function compareNumbers(operator: string, actual: number | null, expected: number | null): boolean {
  if (actual === null || expected === null) return operator === '!';
  switch (operator) {
    case '=':
      return actual === expected;
    case '!':
      return actual !== expected;
    case '>':
      return actual > expected;
    case '>=':
      return actual >= expected;
    case '<':
      return actual < expected;
    case '<=':
      return actual <= expected;
    default:
      return false;
  }
}

/** '=' compares the selected set with the comma-separated set; contains: every listed value is selected. */
function compareSets(operator: string, value: unknown, expected: string): boolean {
  const selected = new Set<string>(
    Array.isArray(value)
      ? value.map((item) => rawText(item).trim())
      : isEmptyValue(value)
        ? []
        : [rawText(value).trim()],
  );
  const wanted = new Set(
    expected
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  );
  const contains = [...wanted].every((item) => selected.has(item));
  const equal = contains && selected.size === wanted.size;
  switch (operator) {
    case '=':
      return equal;
    case '!':
      return !equal;
    case 'contains':
      return contains;
    case '!contains':
      return !contains;
    default:
      return false;
  }
}

function compareTexts(operator: string, actualRaw: string, expectedRaw: string): boolean {
  const actual = actualRaw.trim().toLowerCase();
  const expected = expectedRaw.toLowerCase();
  switch (operator) {
    case 'str_equals':
      return actual === expected;
    case 'starts_with':
      return actual.startsWith(expected);
    case 'ends_with':
      return actual.endsWith(expected);
    case 'includes':
      return actual.includes(expected);
    default:
      return false;
  }
}

/** A condition or action value as text, with its tokens rendered. */
function valueText(
  value: unknown,
  schema: readonly FormElement[],
  values: FormValues,
  registration: RegistrationMeta,
): string {
  if (typeof value === 'string') return renderTokens(value, { schema, values, registration }, { html: false });
  return rawText(value);
}

/** The value a set writes, typed for its target; undefined when a number was expected. */
function converted(type: ElementType, text: string): unknown {
  const trimmed = text.trim();
  switch (type) {
    case 'number':
    case 'decimal':
      return trimmed === '' ? null : (normalizeDecimal(trimmed) ?? undefined);
    case 'checkbox_single':
      return ['true', '1', 'ja', 'yes', 'on'].includes(trimmed.toLowerCase());
    case 'checkbox_multiple':
      return trimmed
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '');
    default:
      return text;
  }
}
