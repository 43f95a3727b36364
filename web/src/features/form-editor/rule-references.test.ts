import { describe, expect, it } from 'vitest';
import type { Rule } from '@/lib/form-logic';
import { rulesReferencing } from './rule-references';

const rules: Rule[] = [
  { ruleName: 'a', ruleForm: '_none', condition_group: { method: 'AND', conditions: [{ dataName: 'x', operator: '!empty' }] }, actions: [{ method: 'hide', dataName: 'y' }] },
  { ruleName: 'b', ruleForm: null, condition_group: { method: 'OR', conditions: [{ dataName: 'z', operator: 'empty' }] }, actions: [{ method: 'show', dataName: 'x' }] },
  { ruleName: 'c', ruleForm: 'regels', condition_group: { method: 'AND', conditions: [{ dataName: 'x', operator: '=' }] }, actions: [] },
];

describe('rulesReferencing', () => {
  it('finds main-form rules by condition or action and subform rules by their form', () => {
    expect(rulesReferencing(rules, 'x')).toEqual(['a', 'b']);
    expect(rulesReferencing(rules, 'y')).toEqual(['a']);
    expect(rulesReferencing(rules, 'regels')).toEqual(['c']);
    expect(rulesReferencing(rules, 'q')).toEqual([]);
  });
});
