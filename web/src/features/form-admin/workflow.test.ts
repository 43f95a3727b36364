import { describe, expect, it } from 'vitest';
import type { FormElement, Rule } from '@/lib/form-logic';
import { phaseWarning, transitionsInPhase } from './workflow';

const schema: FormElement[] = [
  { name: 'naam', label: 'Naam', elementType: 'text' },
  { name: 'naar_2', label: 'Naar fase 2', elementType: 'stateTransition' },
  { name: 'naar_3', label: 'Naar fase 3', elementType: 'stateTransition' },
  { name: 'extra', label: 'Extra', elementType: 'stateTransition' },
];

function onlyInPhase(dataName: string, phase: string): Rule {
  return {
    ruleName: `${dataName} in ${phase}`,
    ruleForm: '_none',
    condition_group: { method: 'AND', conditions: [{ dataName: 'registration_phase', operator: '!', value: phase }] },
    actions: [{ method: 'hide', dataName }],
  };
}

describe('phase warnings', () => {
  const rules = [onlyInPhase('naar_2', '1'), onlyInPhase('naar_3', '2'), onlyInPhase('extra', '2')];

  it('finds the one transition of a phase', () => {
    expect(transitionsInPhase(schema, rules, '1').map((element) => element.name)).toEqual(['naar_2']);
    expect(phaseWarning(schema, rules, '1')).toBeNull();
  });

  it('warns about more than one transition in a phase', () => {
    expect(phaseWarning(schema, rules, '2')).toEqual({ kind: 'several', count: 2 });
  });

  it('warns that a phase without a transition ends the workflow', () => {
    expect(phaseWarning(schema, rules, '3')).toEqual({ kind: 'none' });
  });

  it('counts every transition when no rule looks at the phase', () => {
    expect(phaseWarning(schema, [], '5')).toEqual({ kind: 'several', count: 3 });
    expect(phaseWarning(schema.slice(0, 1), [], '1')).toEqual({ kind: 'none' });
  });
});
