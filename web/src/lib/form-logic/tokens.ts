/**
 * `$token$` rendering for summaries, rule values and other texts. Twin of
 * `domain/src/tokens.rs`; both run `domain/testdata/tokens.json`.
 *
 * A token is `$` + letters, digits, `_ . # -` + `$`; anything else between two dollar signs
 * stays plain text. Tokens that name nothing render empty. Document-only forms (image sizes,
 * `.afbeelding`, `.tabel`, `#qr`) render as file names or nothing in text.
 */
import { type FormElement, type FormValues, type RegistrationMeta, hasOptions, isLayoutType, optionLabel, subformSchema } from './form';
import { sanitizeSummaryHtml } from './sanitize';
import { SUBFORM_INDEX, formatNumberPlain, isRecord, itemProperty, numericValue, rawText, round2, selectedItems } from './values';

/** Everything a token can refer to: the elements of one level, their values, the registration. */
export interface TokenContext {
  schema: readonly FormElement[];
  values: FormValues;
  registration?: RegistrationMeta;
}

export interface RenderOptions {
  /** Escape every substituted value for HTML. */
  html: boolean;
}

const MONTHS = ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'];
const TOKEN_BODY = /^[A-Za-z0-9_.#-]+$/;
const IMAGE_SIZES = ['halve_pagina', 'derde_pagina', 'kwart_pagina', 'hele_pagina'];

/** Replaces every `$token$`; each `$nummering.hoofdstuk$` renders the next number from 1. */
export function renderTokens(template: string, ctx: TokenContext, options: RenderOptions): string {
  const counter = { chapter: 0 };
  let out = '';
  let rest = template;
  for (let start = rest.indexOf('$'); start >= 0; start = rest.indexOf('$')) {
    out += rest.slice(0, start);
    const after = rest.slice(start + 1);
    const end = after.indexOf('$');
    const body = end >= 0 ? after.slice(0, end) : '';
    if (end >= 0 && TOKEN_BODY.test(body)) {
      const text = renderToken(body, ctx, counter);
      out += options.html ? escapeHtml(text) : text;
      rest = after.slice(end + 1);
    } else {
      out += '$';
      rest = after;
    }
  }
  return out + rest;
}

/**
 * The summary of a registration: the configured template rendered in HTML mode and
 * sanitized, or the default '{serial} - {date}' when none is configured.
 */
export function renderSummary(template: string | null | undefined, ctx: TokenContext): string {
  if (template && template.trim() !== '') {
    return sanitizeSummaryHtml(renderTokens(template, ctx, { html: true }));
  }
  return escapeHtml(defaultSummary(ctx.registration ?? {}));
}

/** Serial number and display date joined by ' - '; a missing part is left out. */
export function defaultSummary(registration: RegistrationMeta): string {
  const date = registration.date ? formatDisplayDate(registration.date) : '';
  return [registration.serialNumber ?? '', date].filter((part) => part.trim() !== '').join(' - ');
}

const DISPLAY_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})[\s\S]*)?$/;

/** '2024-03-05 14:07' as '05 mrt 2024 14:07'; other text is returned unchanged. */
export function formatDisplayDate(raw: string): string {
  const text = raw.trim();
  const match = DISPLAY_DATE.exec(text);
  if (!match) return text;
  const [, year = '', month = '', day = '', hour, minute] = match;
  const monthName = MONTHS[Number(month) - 1];
  const dayNumber = Number(day);
  if (!monthName || dayNumber < 1 || dayNumber > 31) return text;
  const date = `${day} ${monthName} ${year}`;
  if (hour === undefined || minute === undefined) return date;
  return Number(hour) < 24 && Number(minute) < 60 ? `${date} ${hour}:${minute}` : text;
}

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** An amount in euros the Dutch way: '€ 1.234,50'. */
export function formatPrice(amount: number): string {
  const rounded = round2(amount);
  const [intPart = '0', fracPart = '00'] = Math.abs(rounded).toFixed(2).split('.');
  let grouped = '';
  for (let index = 0; index < intPart.length; index++) {
    if (index > 0 && (intPart.length - index) % 3 === 0) grouped += '.';
    grouped += intPart[index];
  }
  return `€ ${rounded < 0 ? '-' : ''}${grouped},${fracPart}`;
}

/** A number with a decimal comma and no grouping: '3,5'. */
export function formatNumberNl(n: number): string {
  return formatNumberPlain(n).replace('.', ',');
}

/** How an element's value reads in a text: option labels, 'Ja'/'Nee', euros, file names. */
export function displayValue(element: FormElement, value: unknown): string {
  const type = element.elementType;
  if (value === undefined) return type === 'checkbox_single' ? 'Nee' : '';
  switch (type) {
    case 'checkbox_single':
      return value === true ? 'Ja' : 'Nee';
    case 'radio':
    case 'select':
    case 'autocomplete': {
      const raw = rawText(value);
      return optionLabel(element, raw) ?? raw;
    }
    case 'checkbox_multiple':
      return listItems(value)
        .map((item) => {
          const raw = rawText(item);
          return optionLabel(element, raw) ?? raw;
        })
        .filter((text) => text !== '')
        .join(', ');
    case 'number':
    case 'decimal':
    case 'calculation':
    case 'autoIncrement': {
      const n = numericValue(value);
      if (n === null) return rawText(value);
      return element.number_formatter === 'price' ? formatPrice(n) : formatNumberNl(n);
    }
    case 'file':
    case 'image':
    case 'signature':
      return fileNames(value);
    case 'gps': {
      const lat = coordinate(value, 'lat');
      const lon = coordinate(value, 'lon');
      return lat !== null && lon !== null ? `${lat}, ${lon}` : '';
    }
    case 'map':
    case 'search':
      return itemTexts(value, 'name');
    // A bare subform or track has no single text; documents render them later.
    case 'subform':
    case 'tracking':
      return '';
    default:
      return isLayoutType(type) ? '' : rawText(value);
  }
}

/** `#waarde`: the stored value instead of its label (choices, checkbox, numbers with a dot). */
function storedValue(element: FormElement, value: unknown): string {
  const type = element.elementType;
  const rawTypes =
    hasOptions(type) ||
    type === 'checkbox_single' ||
    type === 'number' ||
    type === 'decimal' ||
    type === 'calculation' ||
    type === 'autoIncrement';
  return rawTypes ? rawText(value) : displayValue(element, value);
}

function renderToken(body: string, ctx: TokenContext, counter: { chapter: number }): string {
  const hash = body.indexOf('#');
  const path = hash >= 0 ? body.slice(0, hash) : body;
  const suffix = hash >= 0 ? body.slice(hash + 1) : undefined;
  const segments = path.split('.');
  const meta = ctx.registration ?? {};
  switch (path) {
    case 'registratie.registratiedatum':
      return meta.date ? formatDisplayDate(meta.date) : '';
    case 'registratie.invuller':
      return meta.username ?? '';
    case 'registratie.formuliernaam':
      return meta.formName ?? '';
    case 'registratie.serienummer':
      return meta.serialNumber ?? '';
    case 'nummering.hoofdstuk':
      counter.chapter += 1;
      return String(counter.chapter);
    case SUBFORM_INDEX:
      return rawText(ctx.values[SUBFORM_INDEX]);
  }
  const [name = '', ...rest] = segments;
  const element = ctx.schema.find((e) => e.name === name);
  return element ? renderElement(element, ctx.values[name], rest, suffix) : '';
}

function renderElement(element: FormElement, value: unknown, rest: string[], suffix: string | undefined): string {
  const type = element.elementType;
  const [first, ...deeper] = rest;
  if (first === undefined) {
    if (suffix === undefined) return displayValue(element, value);
    if (suffix === 'waarde') return storedValue(element, value);
    // Image sizes place pictures in documents; in text, the file name.
    if (IMAGE_SIZES.includes(suffix)) return displayValue(element, value);
    if (suffix === 'qr') return '';
  }
  if (first !== undefined && deeper.length === 0 && suffix === undefined) {
    if (first === 'afbeelding') return displayValue(element, value);
    // A table exists only in documents.
    if (first === 'tabel') return '';
    if (type === 'gps' && first === 'latitude') return coordinate(value, 'lat') ?? '';
    if (type === 'gps' && first === 'longitude') return coordinate(value, 'lon') ?? '';
    if (type === 'map' || type === 'search') return itemTexts(value, first);
  }
  if (first !== undefined && type === 'subform') {
    const schema = subformSchema(element);
    return listItems(value)
      .filter(isRecord)
      .map((entry) => {
        if (first === SUBFORM_INDEX && deeper.length === 0) return rawText(entry[SUBFORM_INDEX]);
        const field = schema.find((e) => e.name === first);
        return field ? renderElement(field, entry[first], deeper, suffix) : '';
      })
      .filter((text) => text !== '')
      .join(', ');
  }
  return '';
}

function listItems(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function fileNames(value: unknown): string {
  return listItems(value)
    .map((file) => (isRecord(file) && typeof file.filename === 'string' ? file.filename : ''))
    .filter((name) => name !== '')
    .join(', ');
}

function coordinate(value: unknown, key: string): string | null {
  if (!isRecord(value)) return null;
  const n = value[key];
  return typeof n === 'number' ? formatNumberPlain(n) : null;
}

/** Map features have statuses open, closed or none (stored as `_none`, shown 'Geen status'). */
function itemTexts(value: unknown, property: string): string {
  return selectedItems(value)
    .map((item) => {
      const text = itemProperty(item, property);
      return property === 'status' && text === '_none' ? 'Geen status' : text;
    })
    .filter((text) => text !== '')
    .join(', ');
}
