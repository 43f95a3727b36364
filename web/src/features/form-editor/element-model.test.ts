import { describe, expect, it } from 'vitest';
import type { FormElement } from '@/lib/form-logic';
import { hasRule, normalizeFormula, ruleText, withLabel, withRule, withRuleValue } from './element-model';

const base: FormElement = { name: 'naam', label: 'Naam', elementType: 'text', validation: [{ name: 'required' }] };

describe('validation rules of an element', () => {
  it('adds, changes and removes a rule', () => {
    const withMax = withRuleValue(base, 'maxLength', '10');
    expect(withMax.validation).toEqual([{ name: 'required' }, { name: 'maxLength', value: 10 }]);
    expect(ruleText(withMax, 'maxLength')).toBe('10');
    expect(withRuleValue(withMax, 'maxLength', '').validation).toEqual([{ name: 'required' }]);
    const optional = withRule(base, 'required', undefined);
    expect(hasRule(optional, 'required')).toBe(false);
    expect(withRuleValue(base, 'min', '2,5').validation?.[1]).toEqual({ name: 'min', value: 2.5 });
  });
});

describe('withLabel', () => {
  it('lets the name follow the label until advanced edit is used', () => {
    expect(withLabel(base, 'Uw e-mail', true, ['uw_e_mail']).name).toBe('uw_e_mail_2');
    expect(withLabel(base, 'Uw e-mail', false, []).name).toBe('naam');
    expect(withLabel(base, '???', true, []).name).toBe('naam');
  });
});

describe('normalizeFormula', () => {
  it('turns a comma into a dot', () => {
    expect(normalizeFormula('aantal * 2,5 + 0,1')).toBe('aantal * 2.5 + 0.1');
  });
});
