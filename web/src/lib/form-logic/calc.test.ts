import { describe, expect, it } from 'vitest';
import raw from '../../../../domain/testdata/calc.json';
import { evaluateFormula } from './calc';
import type { FormValues } from './form';

interface Case {
  name: string;
  formula: string;
  values: FormValues;
  scope?: FormValues;
  expected: { state: 'ok' | 'incomplete' | 'error'; value: number | null };
}

// The shared vectors; Rust runs the same file (domain/src/calc.rs).
const cases = raw as unknown as Case[];

describe('evaluateFormula (domain/testdata/calc.json)', () => {
  it.each(cases)('$name', (c) => {
    expect(evaluateFormula(c.formula, c.values, c.scope)).toEqual(c.expected);
  });
});
