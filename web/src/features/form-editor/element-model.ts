/**
 * Small pure edits of one element: its validation rules, its label (which drags the data name
 * along until the name is edited by hand) and the formula's decimal comma.
 */
import type { ElementOption, FormElement, ValidationRule } from '@/lib/form-logic';
import { slugify, uniqueName } from './data-name';

export function findRule(element: FormElement, name: string): ValidationRule | undefined {
  return (element.validation ?? []).find((rule) => rule.name === name);
}

export function hasRule(element: FormElement, name: string): boolean {
  return findRule(element, name) !== undefined;
}

/**
 * Adds, changes or (with `undefined`) removes one validation rule; the other rules keep their
 * order and fields.
 */
export function withRule(element: FormElement, name: string, rule: Omit<ValidationRule, 'name'> | undefined): FormElement {
  const rules = element.validation ?? [];
  const index = rules.findIndex((candidate) => candidate.name === name);
  if (rule === undefined) return { ...element, validation: rules.filter((candidate) => candidate.name !== name) };
  const next = { ...rule, name };
  return {
    ...element,
    validation: index === -1 ? [...rules, next] : rules.map((candidate, i) => (i === index ? next : candidate)),
  };
}

/** A rule with a value (min, max, minLength, maxLength); an empty text removes it. */
export function withRuleValue(element: FormElement, name: string, text: string): FormElement {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return withRule(element, name, undefined);
  const number = Number(trimmed);
  return withRule(element, name, { value: Number.isFinite(number) ? number : trimmed });
}

export function ruleText(element: FormElement, name: string): string {
  const value = findRule(element, name)?.value;
  return value === undefined || value === null ? '' : String(value);
}

/**
 * The label changes; a name that still follows the label follows it again (made unique among
 * `taken`), a name edited by hand stays.
 */
export function withLabel(element: FormElement, label: string, nameFollowsLabel: boolean, taken: readonly string[]): FormElement {
  if (!nameFollowsLabel) return { ...element, label };
  const base = slugify(label);
  return { ...element, label, name: base === '' ? element.name : uniqueName(base, taken) };
}

/** Section 5: "a comma becomes a dot". */
export function normalizeFormula(formula: string): string {
  return formula.replace(/,/g, '.');
}

export function withOption(options: readonly ElementOption[], index: number, patch: Partial<ElementOption>): ElementOption[] {
  return options.map((option, i) => (i === index ? { ...option, ...patch } : option));
}
