/**
 * The HTML allowed in registration summaries: p, strong, em, a (href, target), br, ul, li, ol.
 * Twin of `domain/src/sanitize.rs` (see there for the reasoning); both run
 * `domain/testdata/sanitize.json`.
 */
import { escapeHtml } from './tokens';

const ALLOWED = ['p', 'strong', 'em', 'a', 'br', 'ul', 'li', 'ol'];
/** Elements whose content is code, not text: dropped with their content. */
const RAW_TEXT = ['script', 'style'];
const URL_SCHEMES = ['http://', 'https://', 'mailto:'];
const TARGETS = ['_blank', '_self', '_parent', '_top'];

interface Tag {
  name: string;
  closing: boolean;
  attributes: [string, string][];
  /** Index just after the tag's `>`. */
  end: number;
}

/** Lowercases A-Z only, so indexes stay aligned with the input. */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r';
const isAlpha = (c: string | undefined) => c !== undefined && /^[A-Za-z]$/.test(c);
const isNameChar = (c: string | undefined) => c !== undefined && /^[A-Za-z0-9-]$/.test(c);

/** Sanitizes summary HTML. */
export function sanitizeSummaryHtml(input: string): string {
  const lower = asciiLower(input);
  const open: string[] = [];
  let out = '';
  let i = 0;
  while (i < input.length) {
    const c = input[i];
    if (c === '<') {
      if (input.startsWith('<!--', i)) {
        const end = input.indexOf('-->', i + 4);
        i = end < 0 ? input.length : end + 3;
        continue;
      }
      const next = input[i + 1];
      if (next === '!' || next === '?') {
        // Doctype, CDATA or processing instruction: never content.
        const end = input.indexOf('>', i);
        if (end < 0) {
          out += '&lt;';
          i += 1;
        } else {
          i = end + 1;
        }
        continue;
      }
      const tag = parseTag(input, i);
      if (!tag) {
        out += '&lt;';
        i += 1;
        continue;
      }
      i = tag.end;
      if (!tag.closing && RAW_TEXT.includes(tag.name)) {
        const at = lower.indexOf(`</${tag.name}`, i);
        if (at < 0) {
          i = input.length;
        } else {
          const gt = lower.indexOf('>', at);
          i = gt < 0 ? input.length : gt + 1;
        }
        continue;
      }
      out += writeTag(tag, open);
    } else if (c === '>') {
      out += '&gt;';
      i += 1;
    } else if (c === '&') {
      const len = entityLength(input, i);
      if (len > 0) {
        out += input.slice(i, i + len);
        i += len;
      } else {
        out += '&amp;';
        i += 1;
      }
    } else if (c === '\u0000') {
      i += 1;
    } else {
      out += c;
      i += 1;
    }
  }
  for (const name of open.reverse()) out += `</${name}>`;
  return out;
}

/** Reads the tag at `start` (a `<`); null when it is not a tag or never closes. */
function parseTag(input: string, start: number): Tag | null {
  let j = start + 1;
  const closing = input[j] === '/';
  if (closing) j += 1;
  if (!isAlpha(input[j])) return null;
  const nameStart = j;
  while (j < input.length && isNameChar(input[j])) j += 1;
  const name = asciiLower(input.slice(nameStart, j));
  const attributes: [string, string][] = [];
  for (;;) {
    while (j < input.length && (isSpace(input[j]) || input[j] === '/')) j += 1;
    if (j >= input.length) return null;
    if (input[j] === '>') return { name, closing, attributes, end: j + 1 };
    const attrStart = j;
    j += 1;
    while (j < input.length && !(isSpace(input[j]) || input[j] === '/' || input[j] === '>' || input[j] === '=')) j += 1;
    const attrName = asciiLower(input.slice(attrStart, j));
    while (j < input.length && isSpace(input[j])) j += 1;
    let value = '';
    if (input[j] === '=') {
      j += 1;
      while (j < input.length && isSpace(input[j])) j += 1;
      if (j >= input.length) return null;
      const quote = input[j];
      if (quote === '"' || quote === "'") {
        const close = input.indexOf(quote, j + 1);
        if (close < 0) return null;
        value = input.slice(j + 1, close);
        j = close + 1;
      } else {
        const valueStart = j;
        while (j < input.length && !isSpace(input[j]) && input[j] !== '>') j += 1;
        value = input.slice(valueStart, j);
      }
    }
    attributes.push([attrName, value]);
  }
}

function writeTag(tag: Tag, open: string[]): string {
  const name = ALLOWED.find((allowed) => allowed === tag.name);
  if (!name) return '';
  if (tag.closing) {
    let out = '';
    if (name !== 'br' && open.includes(name)) {
      for (let closed = open.pop(); closed !== undefined; closed = open.pop()) {
        out += `</${closed}>`;
        if (closed === name) break;
      }
    }
    return out;
  }
  let out = `<${name}`;
  if (name === 'a') {
    const first = (wanted: string) => tag.attributes.find(([n]) => n === wanted)?.[1];
    const rawHref = first('href');
    const href = rawHref === undefined ? null : safeHref(rawHref);
    if (href !== null) out += ` href="${escapeHtml(href)}"`;
    const rawTarget = first('target');
    const target = rawTarget === undefined ? undefined : asciiLower(rawTarget.trim());
    if (target !== undefined && TARGETS.includes(target)) out += ` target="${target}"`;
  }
  out += '>';
  if (name !== 'br') open.push(name);
  return out;
}

/**
 * The link when it is an http, https or mailto URL; entities decoded and control
 * characters and spaces ignored for the check, as a browser does before following it.
 */
function safeHref(raw: string): string | null {
  const decoded = decodeEntities(raw);
  const trimmed = decoded.replace(/^[\u0000-\u0020]+/, '').replace(/[\u0000-\u0020]+$/, '');
  const compact = asciiLower(trimmed.replace(/[\u0000-\u0020]/g, ''));
  return URL_SCHEMES.some((scheme) => compact.startsWith(scheme)) ? trimmed : null;
}

const ENTITY = /^&(?:#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{0,31});/;
const ENTITY_START = /^&(?:#[xX][0-9a-fA-F]+|#[0-9]+|[A-Za-z][A-Za-z0-9]*)/;

/** Length of a character reference at `at`, or 0 when the `&` must be escaped. */
function entityLength(input: string, at: number): number {
  const tail = input.slice(at, at + 48);
  // The longest run must end in ';' (a longer run than allowed is no reference at all).
  const run = ENTITY_START.exec(tail)?.[0];
  const match = ENTITY.exec(tail)?.[0];
  return run !== undefined && match !== undefined && match.length === run.length + 1 ? match.length : 0;
}

const XML_NAMES: [string, string][] = [
  ['&amp;', '&'],
  ['&lt;', '<'],
  ['&gt;', '>'],
  ['&quot;', '"'],
  ['&apos;', "'"],
];

/** Decodes numeric references (with or without ';') and the five XML names. */
function decodeEntities(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const at = text.indexOf('&', i);
    if (at < 0) break;
    out += text.slice(i, at);
    const numeric = /^&#(?:[xX]([0-9a-fA-F]+)|([0-9]+))(;?)/.exec(text.slice(at));
    if (numeric) {
      const [whole, hex, dec] = numeric;
      const code = hex !== undefined ? parseInt(hex, 16) : Number(dec);
      const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      out += valid ? String.fromCodePoint(code) : '\ufffd';
      i = at + whole.length;
      continue;
    }
    const head = asciiLower(text.slice(at, at + 6));
    const named = XML_NAMES.find(([name]) => head.startsWith(name));
    if (named) {
      out += named[1];
      i = at + named[0].length;
    } else {
      out += '&';
      i = at + 1;
    }
  }
  return out + text.slice(i);
}
