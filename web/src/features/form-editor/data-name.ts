/**
 * Data names (document 001 section 5): required, only lowercase a-z, digits and underscore,
 * unique in their form level. New elements take a name made from their label until the user
 * edits the name by hand (section 4).
 */
import type { FormElement } from '@/lib/form-logic';
import { nl } from '@/messages/nl-admin';

export const DATA_NAME = /^[a-z0-9_]+$/;

/** 'Straat & huisnummer' -> 'straat_huisnummer'; accents are dropped, not the letters. */
export function slugify(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** `base`, or `base_2`, `base_3`... whichever is not taken yet. */
export function uniqueName(base: string, taken: readonly string[]): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}_${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** The data names of one form level (subforms are levels of their own). */
export function levelNames(schema: readonly FormElement[]): string[] {
  return schema.map((element) => element.name);
}

/** The problem with a data name, if any; `others` are the other names of the same level. */
export function dataNameError(name: string, others: readonly string[]): string | undefined {
  if (name.trim() === '') return nl.formEditor.dataNameRequired;
  if (!DATA_NAME.test(name)) return nl.formEditor.dataNamePattern;
  if (others.includes(name)) return nl.formEditor.dataNameNotUnique;
  return undefined;
}
