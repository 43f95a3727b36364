import { describe, expect, it } from 'vitest';
import raw from '../../../../domain/testdata/rules.json';
import type { FormElement, FormValues, RegistrationMeta, Rule } from './form';
import { evaluateRules, operatorsFor } from './rules';

interface OperatorsCase {
  name: string;
  operatorsFor: string;
  expected: string[];
}

interface EvaluateCase {
  name: string;
  schema: FormElement[];
  rules: Rule[];
  values: FormValues;
  registration?: RegistrationMeta;
  expected: { hidden?: string[]; visuallyHidden?: string[]; values?: FormValues; errors?: string[] };
}

type Case = OperatorsCase | EvaluateCase;

// The shared vectors; Rust runs the same file (domain/src/rules.rs).
const cases = raw as unknown as Case[];
const operatorCases = cases.filter((c): c is OperatorsCase => 'operatorsFor' in c);
const evaluateCases = cases.filter((c): c is EvaluateCase => !('operatorsFor' in c));

describe('operatorsFor (domain/testdata/rules.json)', () => {
  it.each(operatorCases)('$name', (c) => {
    expect(operatorsFor(c.operatorsFor)).toEqual(c.expected);
  });
});

describe('evaluateRules (domain/testdata/rules.json)', () => {
  it.each(evaluateCases)('$name', (c) => {
    const before = structuredClone(c.values);
    const outcome = evaluateRules(c.schema, c.rules, c.values, { registration: c.registration });
    const keys = (pick: (s: { hidden: boolean; visuallyHidden: boolean }) => boolean) =>
      Object.entries(outcome.states)
        .filter(([, state]) => pick(state))
        .map(([key]) => key)
        .sort();
    expect(keys((s) => s.hidden)).toEqual([...(c.expected.hidden ?? [])].sort());
    expect(keys((s) => s.visuallyHidden)).toEqual([...(c.expected.visuallyHidden ?? [])].sort());
    expect(outcome.values).toEqual(c.expected.values ?? c.values);
    expect(outcome.errors).toEqual(c.expected.errors ?? []);
    // The caller's values are never changed in place.
    expect(c.values).toEqual(before);
  });
});
