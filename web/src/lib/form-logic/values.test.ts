import { describe, expect, it } from 'vitest';
import raw from '../../../../domain/testdata/values.json';
import { normalizeDecimal, renumberSubform, round2 } from './values';

type Case =
  | { name: string; kind: 'normalizeDecimal'; input: string; expected: number | null }
  | { name: string; kind: 'renumberSubform'; input: unknown[]; expected: unknown[] }
  | { name: string; kind: 'round2'; input: number; expected: number };

// The shared vectors; Rust runs the same file (domain/src/values.rs).
const cases = raw as unknown as Case[];

describe('value helpers (domain/testdata/values.json)', () => {
  it.each(cases)('$kind: $name', (c) => {
    switch (c.kind) {
      case 'normalizeDecimal':
        expect(normalizeDecimal(c.input)).toBe(c.expected);
        break;
      case 'renumberSubform':
        expect(renumberSubform(c.input)).toEqual(c.expected);
        break;
      case 'round2':
        expect(round2(c.input)).toBe(c.expected);
        break;
    }
  });
});
