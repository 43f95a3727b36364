/**
 * Client-side checks before sending (spec 000 section 5). They follow the server's checks
 * (domain/src/submission.rs) with the same texts, so a field reads alike whichever side finds
 * the problem; the server checks again and its 422 answer is shown the same way.
 */
import {
  isEmptyValue,
  isLayoutType,
  normalizeDecimal,
  optionLabel,
  subformSchema,
  type ElementState,
  type FormElement,
  type FormValues,
} from '@/lib/form-logic';
import { isValidEmail } from '@/lib/email';
import { isLocation } from '@/lib/geo/location';
import { isTrackValue } from '@/lib/geo/track';
import { nl } from '@/messages/nl';
import { isEntry, isRequired } from './form-model';

/** Field errors keyed like rule states: 'name', or 'subform.N.name' inside entry N. */
export type FieldErrors = Record<string, string>;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function validateValues(
  schema: readonly FormElement[],
  values: FormValues,
  states: Record<string, ElementState>,
  prefix = '',
): FieldErrors {
  const errors: FieldErrors = {};
  for (const element of schema) {
    const key = prefix + element.name;
    if (states[key]?.hidden) continue;
    const value = values[element.name];
    if (element.elementType === 'subform' && Array.isArray(value)) {
      value.forEach((entry: unknown, position) => {
        if (isEntry(entry)) Object.assign(errors, validateValues(subformSchema(element), entry, states, `${key}.${position + 1}.`));
      });
    }
    const message = checkElement(element, value);
    if (message) errors[key] = message;
  }
  return errors;
}

/** The first problem with one element's value, if any. */
export function checkElement(element: FormElement, value: unknown): string | undefined {
  const type = element.elementType;
  // Layout shows no answer; calculations, computed values and serial numbers are the server's to fill in.
  if (isLayoutType(type) || type === 'calculation' || type === 'computed' || type === 'autoIncrement') return undefined;
  if (isEmptyValue(value)) return isRequired(element) ? nl.validation.required : undefined;
  switch (type) {
    case 'number':
    case 'decimal':
      return typeof value === 'number' ? checkBounds(element, value) : nl.validation.number;
    case 'checkbox_multiple':
      return Array.isArray(value) && value.every((item) => typeof item === 'string' && optionLabel(element, item) !== undefined)
        ? undefined
        : nl.validation.option;
    case 'date':
      return typeof value === 'string' && isValidDate(value) ? undefined : nl.validation.date;
    case 'time':
      return typeof value === 'string' && TIME.test(value) ? undefined : nl.validation.time;
    case 'datetime': {
      const [date = '', time = '', ...rest] = typeof value === 'string' ? value.split(' ') : [];
      return rest.length === 0 && isValidDate(date) && TIME.test(time) ? undefined : nl.validation.datetime;
    }
    case 'email':
      return typeof value === 'string' && isValidEmail(value.trim()) ? checkText(element, value) : nl.validation.email;
    case 'radio':
    case 'select':
    case 'autocomplete':
      return typeof value === 'string' && optionLabel(element, value) !== undefined ? undefined : nl.validation.option;
    case 'text':
    case 'textarea':
    case 'qrCodeScanner':
      return typeof value === 'string' ? checkText(element, value) : undefined;
    case 'gps':
      return isLocation(value) ? undefined : nl.validation.gps;
    case 'tracking':
      return isTrackValue(value) ? undefined : nl.validation.track;
    default:
      return undefined;
  }
}

function ruleValue(element: FormElement, name: string): number | null {
  const rule = (element.validation ?? []).find((candidate) => candidate.name === name);
  if (!rule) return null;
  if (typeof rule.value === 'number') return rule.value;
  return typeof rule.value === 'string' ? normalizeDecimal(rule.value) : null;
}

function checkBounds(element: FormElement, n: number): string | undefined {
  const min = ruleValue(element, 'min');
  if (min !== null && n < min) return nl.validation.min(numberText(min));
  const max = ruleValue(element, 'max');
  if (max !== null && n > max) return nl.validation.max(numberText(max));
  return undefined;
}

function checkText(element: FormElement, text: string): string | undefined {
  const length = [...text].length;
  const minLength = ruleValue(element, 'minLength');
  if (minLength !== null && length < minLength) return nl.validation.minLength(minLength);
  const maxLength = ruleValue(element, 'maxLength');
  if (maxLength !== null && length > maxLength) return nl.validation.maxLength(maxLength);
  const has = (name: string) => (element.validation ?? []).some((rule) => rule.name === name);
  if (has('email') && !isValidEmail(text.trim())) return nl.validation.email;
  if (has('number') && normalizeDecimal(text) === null) return nl.validation.number;
  if (has('emailOrToken') && !isValidEmail(text.trim()) && !/^\$[A-Za-z0-9_.#-]+\$$/.test(text.trim())) {
    return nl.validation.emailOrToken;
  }
  if (has('filenameOrToken') && !/^[A-Za-z0-9_$-]+$/.test(text) && !/^\$[a-z0-9_]+\$$/.test(text)) {
    return nl.validation.filenameOrToken;
  }
  return undefined;
}

function numberText(n: number): string {
  return String(n).replace('.', ',');
}

function isValidDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
