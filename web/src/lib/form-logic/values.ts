/**
 * The value model of a registration and the helpers every form module shares. Twin of
 * `domain/src/values.rs`; both run `domain/testdata/values.json`.
 */

/** Key every subform entry carries: its 1-based position. */
export const SUBFORM_INDEX = 'subform_index';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Parses a number the way a Dutch user types it: '3,5' and '3.5' are both 3.5. Only plain
 * notation: thousands separators and exponents are rejected rather than guessed.
 */
export function normalizeDecimal(input: string): number | null {
  const text = input.trim().replace(/,/g, '.');
  if (!DECIMAL.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/**
 * Not filled in: absent, null, a blank string, an empty list or object, or false (an
 * unticked checkbox). Numbers are never empty, so 0 is an answer.
 */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'boolean') return !value;
  if (typeof value === 'number') return false;
  if (isRecord(value)) return Object.keys(value).length === 0;
  return true;
}

/** A JSON number, or a string in normalizeDecimal notation. */
export function numericValue(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return normalizeDecimal(value);
  return null;
}

/** Gives every object entry its 1-based subform_index; non-objects cannot be entries. */
export function renumberSubform(entries: readonly unknown[]): Record<string, unknown>[] {
  return entries.filter(isRecord).map((entry, position) => ({ ...entry, [SUBFORM_INDEX]: position + 1 }));
}

/** Shortest text that reads back as n, with a dot and never an exponent (as Rust writes it). */
export function formatNumberPlain(n: number): string {
  if (n === 0) return '0';
  const text = String(n);
  return text.includes('e') ? expandExponent(text) : text;
}

function expandExponent(text: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign = '', int = '', frac = '', exponent = '0'] = match;
  const digits = int + frac;
  const point = int.length + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * Rounds to 2 decimals, half away from zero. 1.005 * 100 lands just below the half in
 * binary; values within a relative 1e-9 of a half count as the half, so 1.005 becomes 1.01.
 */
export function round2(x: number): number {
  if (!Number.isFinite(x)) return x;
  const scaled = Math.abs(x) * 100;
  const floor = Math.floor(scaled);
  const tie = floor + 0.5;
  const rounded = Math.abs(scaled - tie) <= 1e-9 * Math.max(scaled, 1) ? floor + 1 : Math.round(scaled);
  const result = (rounded / 100) * Math.sign(x);
  return result === 0 ? 0 : result;
}

/** Selected datasource items of a map or search value: one object or a list of them. */
export function selectedItems(value: unknown): Record<string, unknown>[] {
  if (isRecord(value)) return [value];
  if (Array.isArray(value)) return value.filter(isRecord);
  return [];
}

/** One property of a selected item: name, status, id or a data column (data.{column}). */
export function itemProperty(item: Record<string, unknown>, property: string): string {
  if (property === 'name' || property === 'status' || property === 'id') return rawText(item[property]);
  const data = item.data;
  return isRecord(data) ? rawText(data[property]) : '';
}

/**
 * The raw text of a value: strings as they are, numbers with a dot, booleans as
 * true/false, lists joined with ', ', objects by their name or filename.
 */
export function rawText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? formatNumberPlain(value) : '';
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(rawText).filter((text) => text !== '').join(', ');
  if (isRecord(value)) {
    const named = 'name' in value ? value.name : value.filename;
    return rawText(named);
  }
  return '';
}
