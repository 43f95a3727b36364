/**
 * Computed elements (spec 000 section 9): a value read out of another element's text, such as
 * a lamp's QR label of `key:value` lines. The fill-in shows it live; the server works it out
 * again on a send, so what a client stores is never trusted. Twin of `domain/src/computed.rs`;
 * both run `domain/testdata/computed.json`.
 */
import { subformSchema, type FormElement, type FormValues } from './form';
import { isRecord } from './values';

/** The line entry (counted from 0) each parser type reads. */
const LINE_OF: Readonly<Record<string, number>> = { lamp_amount: 14, color_temperature: 17 };

/**
 * The text after the first ':' of the parser type's line, trimmed; empty when the watched value
 * is not text, the line is missing or has no key, or the parser type is unknown.
 */
export function computeValue(parserType: unknown, watched: unknown): string {
  const line = typeof parserType === 'string' && Object.hasOwn(LINE_OF, parserType) ? LINE_OF[parserType] : undefined;
  if (line === undefined || typeof watched !== 'string') return '';
  const entry = watched.split(/\r?\n/)[line];
  const colon = entry?.indexOf(':') ?? -1;
  return entry !== undefined && colon >= 0 ? entry.slice(colon + 1).trim() : '';
}

/**
 * The name of the element a computed element reads: its elementToWatch, or else the first QR
 * scanner of its level. The spec's product watched 'qrCodeScanner1', its first QR element; data
 * names here are lowercase, so the first QR scanner stands in (decision 024).
 */
function watchedName(element: FormElement, schema: readonly FormElement[]): string | undefined {
  const name = element.elementToWatch;
  if (typeof name === 'string' && name !== '') return name;
  return schema.find((candidate) => candidate.elementType === 'qrCodeScanner')?.name;
}

/**
 * Sets every computed element of one level (and of the entries of its subforms) from the element
 * it watches on that level; an empty result leaves no value.
 */
export function fillComputed(schema: readonly FormElement[], input: FormValues): FormValues {
  const values: FormValues = { ...input };
  for (const element of schema) {
    const current = values[element.name];
    if (element.elementType === 'computed') {
      const watched = watchedName(element, schema);
      const result = computeValue(element.parserType, watched === undefined ? undefined : values[watched]);
      if (result === '') delete values[element.name];
      else values[element.name] = result;
    } else if (element.elementType === 'subform' && Array.isArray(current)) {
      values[element.name] = current.map((entry: unknown) => (isRecord(entry) ? fillComputed(subformSchema(element), entry) : entry));
    }
  }
  return values;
}
