/**
 * The rules editor's pure part (spec 001 sections 3 and 5): which elements and operators a rule
 * may use, blank rules, and the checks before saving. Operators come from the rule engine the
 * fill-in runs (`operatorsFor`), so the editor never offers one the engine would reject.
 */
import {
  isLayoutType,
  isSettableType,
  MAIN_FORM,
  normalizeDecimal,
  operatorsFor,
  REGISTRATION_PHASE,
  type Condition,
  type FormElement,
  type Rule,
  type RuleAction,
} from '@/lib/form-logic';
import { nl } from '@/messages/nl-admin';

export const ACTION_METHODS = ['show', 'hide', 'visually_hidden', 'set'] as const;
export const GROUP_METHODS = ['AND', 'OR'] as const;

/** Operators that compare nothing, so they take no value. */
const VALUELESS: ReadonlySet<string> = new Set(['empty', '!empty']);

export function takesValue(operator: string): boolean {
  return !VALUELESS.has(operator);
}

/** '_none' and the names of the form's subforms, the values of `ruleForm`. */
export function ruleForms(schema: readonly FormElement[]): { value: string; element: FormElement | null }[] {
  return [
    { value: MAIN_FORM, element: null },
    ...schema.filter((element) => element.elementType === 'subform').map((element) => ({ value: element.name, element })),
  ];
}

/** The elements of the level a rule works on: the form's, or one subform's. */
export function levelSchema(schema: readonly FormElement[], ruleForm: string | null | undefined): FormElement[] {
  if (!ruleForm || ruleForm === MAIN_FORM) return [...schema];
  return schema.find((element) => element.elementType === 'subform' && element.name === ruleForm)?.subform?.schema ?? [];
}

/** Elements a condition can read: those holding a value (layout elements hold none). */
export function conditionElements(level: readonly FormElement[]): FormElement[] {
  return level.filter((element) => !isLayoutType(element.elementType));
}

/** The type a condition's dataName has on this level; registration_phase for workflow forms. */
export function conditionType(level: readonly FormElement[], dataName: string): string | null {
  if (dataName === REGISTRATION_PHASE) return REGISTRATION_PHASE;
  return level.find((element) => element.name === dataName)?.elementType ?? null;
}

export function operatorOptions(level: readonly FormElement[], dataName: string): readonly string[] {
  const type = conditionType(level, dataName);
  return type ? operatorsFor(type) : [];
}

const NUMERIC: ReadonlySet<string> = new Set(['number', 'decimal', 'calculation', 'autoIncrement', REGISTRATION_PHASE]);

/** A value with a $token$ is only known while filling in; it is not checked as a number here. */
function hasToken(value: string): boolean {
  return /\$[^$\s]+\$/.test(value);
}

function textOf(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

export function blankCondition(): Condition {
  return { conditionType: 'dataValue', dataName: '', operator: '', value: '' };
}

export function blankAction(): RuleAction {
  return { method: 'show', dataName: '', value: '' };
}

export function blankRule(): Rule {
  return {
    ruleName: '',
    ruleForm: MAIN_FORM,
    condition_group: { method: 'AND', conditions: [blankCondition()] },
    actions: [blankAction()],
  };
}

/** A condition with another element keeps its operator only when the new type allows it. */
export function withDataName(condition: Condition, level: readonly FormElement[], dataName: string): Condition {
  const operators = operatorOptions(level, dataName);
  return { ...condition, dataName, operator: operators.includes(condition.operator) ? condition.operator : '' };
}

/**
 * Every problem of every rule, keyed 'i.ruleName', 'i.ruleForm', 'i.conditions', 'i.conditions.j.dataName',
 * 'i.conditions.j.operator', 'i.conditions.j.value', 'i.actions', 'i.actions.k.dataName', 'i.actions.k.value'.
 */
export function checkRules(rules: readonly Rule[], schema: readonly FormElement[]): Record<string, string> {
  const t = nl.formRules;
  const errors: Record<string, string> = {};
  rules.forEach((rule, i) => {
    if (rule.ruleName.trim() === '') errors[`${i}.ruleName`] = t.ruleNameRequired;
    const forms = ruleForms(schema).map((form) => form.value);
    if (!rule.ruleForm || !forms.includes(rule.ruleForm)) errors[`${i}.ruleForm`] = t.ruleFormRequired;
    const level = levelSchema(schema, rule.ruleForm);
    const conditions = rule.condition_group?.conditions ?? [];
    if (conditions.length === 0) errors[`${i}.conditions`] = t.conditionsRequired;
    conditions.forEach((condition, j) => {
      const key = `${i}.conditions.${j}`;
      const type = conditionType(level, condition.dataName);
      if (condition.dataName === '' || type === null) {
        errors[`${key}.dataName`] = t.dataNameRequired;
        return;
      }
      if (condition.operator === '') errors[`${key}.operator`] = t.operatorRequired;
      else if (!operatorsFor(type).includes(condition.operator)) errors[`${key}.operator`] = t.operatorInvalid;
      else if (takesValue(condition.operator)) {
        const value = textOf(condition.value).trim();
        if (value === '') errors[`${key}.value`] = t.valueRequired;
        else if (NUMERIC.has(type) && !hasToken(value) && normalizeDecimal(value) === null) errors[`${key}.value`] = t.valueNumeric;
      }
    });
    const actions = rule.actions ?? [];
    if (actions.length === 0) errors[`${i}.actions`] = t.actionsRequired;
    actions.forEach((action, k) => {
      const key = `${i}.actions.${k}`;
      if (!(ACTION_METHODS as readonly string[]).includes(action.method)) errors[`${key}.method`] = t.actionRequired;
      const target = level.find((element) => element.name === action.dataName);
      if (!target) {
        errors[`${key}.dataName`] = t.dataNameRequired;
        return;
      }
      if (action.method !== 'set') return;
      const value = textOf(action.value).trim();
      if (!isSettableType(target.elementType)) errors[`${key}.dataName`] = t.setValueNotAllowed;
      else if (value === '') errors[`${key}.value`] = t.valueRequired;
      else if (NUMERIC.has(target.elementType) && !hasToken(value) && normalizeDecimal(value) === null) {
        errors[`${key}.value`] = t.valueNumeric;
      }
    });
  });
  return errors;
}

/** Tokens a rule value can use: the level's elements, then the registration's facts (spec 001 section 3). */
export function valueTokens(level: readonly FormElement[]): { token: string; label: string }[] {
  return [
    ...conditionElements(level).map((element) => ({ token: element.name, label: element.label || element.name })),
    ...REGISTRATION_TOKENS,
  ];
}

const REGISTRATION_TOKENS = [
  { token: 'registratie.registratiedatum', label: nl.formRules.tokenDate },
  { token: 'registratie.invuller', label: nl.formRules.tokenUser },
  { token: 'registratie.formuliernaam', label: nl.formRules.tokenFormName },
  { token: 'registratie.serienummer', label: nl.formRules.tokenSerial },
];
