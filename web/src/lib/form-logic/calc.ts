/**
 * Calculation elements: a formula with `$name$` tokens, evaluated by a small
 * recursive-descent parser (never eval). Twin of `domain/src/calc.rs` (see there for the
 * order of checks); both run `domain/testdata/calc.json`.
 */
import type { FormValues } from './form';
import { formatNumberPlain, isEmptyValue, numericValue, round2 } from './values';

export type CalcState = 'ok' | 'incomplete' | 'error';

export interface CalcResult {
  state: CalcState;
  /** The result rounded to 2 decimals, in state ok. */
  value: number | null;
}

const INCOMPLETE: CalcResult = { state: 'incomplete', value: null };
const ERROR: CalcResult = { state: 'error', value: null };
const TOKEN_NAME = /^[A-Za-z0-9_.]+$/;
const LITERAL = /^[0-9 \t\n\r*/+\-.,()^]*$/;

type Part = { text: string } | { token: string };
type Operand = { number: number } | 'empty' | 'invalid';

/**
 * Evaluates a formula. Tokens are looked up in `scope` (the subform entry the calculation
 * is in) first, and in `values` (the main form) when the entry has no such key.
 */
export function evaluateFormula(formula: string, values: FormValues, scope?: FormValues): CalcResult {
  const parts = splitTokens(formula);
  if (!parts || formula.trim() === '') return ERROR;
  if (!parts.every((part) => !('text' in part) || LITERAL.test(part.text))) return ERROR;
  let expression = '';
  let incomplete = false;
  for (const part of parts) {
    if ('text' in part) {
      expression += part.text.replace(/,/g, '.');
      continue;
    }
    const operand = tokenNumber(part.token, values, scope);
    if (operand === 'invalid') return ERROR;
    if (operand === 'empty') incomplete = true;
    // Parentheses keep a negative value one operand: 3 * (-2), 2 ^ (-1).
    else expression += `(${formatNumberPlain(operand.number)})`;
  }
  if (incomplete) return INCOMPLETE;
  const value = new Parser(expression).parse();
  return value === null ? ERROR : { state: 'ok', value: round2(value) };
}

function splitTokens(formula: string): Part[] | null {
  const parts: Part[] = [];
  let rest = formula;
  for (let start = rest.indexOf('$'); start >= 0; start = rest.indexOf('$')) {
    parts.push({ text: rest.slice(0, start) });
    const after = rest.slice(start + 1);
    const end = after.indexOf('$');
    if (end < 0) return null;
    const name = after.slice(0, end);
    if (!TOKEN_NAME.test(name)) return null;
    parts.push({ token: name });
    rest = after.slice(end + 1);
  }
  parts.push({ text: rest });
  return parts;
}

function lookup(name: string, values: FormValues, scope: FormValues | undefined): unknown {
  return scope && Object.prototype.hasOwnProperty.call(scope, name) ? scope[name] : values[name];
}

function tokenNumber(name: string, values: FormValues, scope: FormValues | undefined): Operand {
  const dot = name.indexOf('.');
  if (dot >= 0) {
    const entries = lookup(name.slice(0, dot), values, scope);
    const field = name.slice(dot + 1);
    if (entries === undefined || entries === null) return { number: 0 };
    if (!Array.isArray(entries)) return 'invalid';
    let sum = 0;
    for (const entry of entries) {
      const addend: unknown =
        typeof entry === 'object' && entry !== null && !Array.isArray(entry)
          ? (entry as Record<string, unknown>)[field]
          : undefined;
      if (isEmptyValue(addend)) continue;
      const n = numericValue(addend);
      if (n === null) return 'invalid';
      sum += n;
    }
    return { number: round2(sum) };
  }
  const value = lookup(name, values, scope);
  if (isEmptyValue(value)) return 'empty';
  const n = numericValue(value);
  return n === null ? 'invalid' : { number: n };
}

/**
 * expression := term (('+' | '-') term)*
 * term       := unary (('*' | '/') unary)*
 * unary      := ('-' | '+') unary | power
 * power      := primary (('^' | '**') unary)?   (right-associative; -2^2 = -4)
 * primary    := number | '(' expression ')'
 */
class Parser {
  private at = 0;
  private readonly source: string;

  constructor(source: string) {
    this.source = source;
  }

  parse(): number | null {
    const value = this.expression();
    this.skipSpace();
    return value !== null && this.at === this.source.length && Number.isFinite(value) ? value : null;
  }

  private skipSpace(): void {
    while (/^[ \t\n\r]$/.test(this.source[this.at] ?? '')) this.at += 1;
  }

  private peek(): string | undefined {
    this.skipSpace();
    return this.source[this.at];
  }

  private eatPower(): boolean {
    const c = this.peek();
    if (c === '^') {
      this.at += 1;
      return true;
    }
    if (c === '*' && this.source[this.at + 1] === '*') {
      this.at += 2;
      return true;
    }
    return false;
  }

  private expression(): number | null {
    let value = this.term();
    while (value !== null) {
      const c = this.peek();
      if (c !== '+' && c !== '-') return value;
      this.at += 1;
      const right = this.term();
      if (right === null) return null;
      value = c === '+' ? value + right : value - right;
    }
    return null;
  }

  private term(): number | null {
    let value = this.unary();
    while (value !== null) {
      const c = this.peek();
      if (c === '*' && this.source[this.at + 1] !== '*') {
        this.at += 1;
        const right = this.unary();
        if (right === null) return null;
        value *= right;
      } else if (c === '/') {
        this.at += 1;
        const divisor = this.unary();
        if (divisor === null || divisor === 0) return null;
        value /= divisor;
      } else {
        return value;
      }
    }
    return null;
  }

  private unary(): number | null {
    const c = this.peek();
    if (c === '-') {
      this.at += 1;
      const value = this.unary();
      return value === null ? null : -value;
    }
    if (c === '+') {
      this.at += 1;
      return this.unary();
    }
    return this.power();
  }

  private power(): number | null {
    const base = this.primary();
    if (base === null) return null;
    if (!this.eatPower()) return base;
    const exponent = this.unary();
    if (exponent === null) return null;
    const value = base ** exponent;
    return Number.isFinite(value) ? value : null;
  }

  private primary(): number | null {
    const c = this.peek();
    if (c === '(') {
      this.at += 1;
      const value = this.expression();
      if (value === null || this.peek() !== ')') return null;
      this.at += 1;
      return value;
    }
    if (c !== undefined && /^[0-9.]$/.test(c)) {
      const start = this.at;
      while (/^[0-9.]$/.test(this.source[this.at] ?? '')) this.at += 1;
      const text = this.source.slice(start, this.at);
      // One dot at most, and at least one digit: '1.2.3' and '.' are errors.
      if (text.split('.').length > 2 || text === '.') return null;
      return Number(text);
    }
    return null;
  }
}
