import { isMainFormRule, type Rule } from '@/lib/form-logic';

/**
 * Names of the rules that use a main-form data name: in a condition, as an action's target, or
 * (for a subform) as the form the rule works on. Renaming or removing that element breaks them,
 * so the editor warns first.
 */
export function rulesReferencing(rules: readonly Rule[], name: string): string[] {
  return rules
    .filter((rule) =>
      isMainFormRule(rule)
        ? (rule.condition_group?.conditions ?? []).some((condition) => condition.dataName === name) ||
          (rule.actions ?? []).some((action) => action.dataName === name)
        : rule.ruleForm === name,
    )
    .map((rule) => rule.ruleName);
}
