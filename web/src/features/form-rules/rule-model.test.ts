import { describe, expect, it } from 'vitest';
import { operatorsFor, type FormElement, type Rule } from '@/lib/form-logic';
import { nl } from '@/messages/nl-admin';
import { blankRule, checkRules, conditionElements, levelSchema, operatorOptions, ruleForms, valueTokens, withDataName } from './rule-model';

const t = nl.formRules;
const schema: FormElement[] = [
  { name: 'aantal', label: 'Aantal', elementType: 'number' },
  { name: 'opmerking', label: 'Opmerking', elementType: 'textarea' },
  { name: 'akkoord', label: 'Akkoord', elementType: 'checkbox_single' },
  { name: 'kleuren', label: 'Kleuren', elementType: 'checkbox_multiple', options: [{ value: 'rood', label: 'Rood' }] },
  { name: 'datum', label: 'Datum', elementType: 'date' },
  { name: 'kop', label: 'Kop', elementType: 'header' },
  { name: 'totaal', label: 'Totaal', elementType: 'calculation', formula: 'aantal * 2' },
  { name: 'regels', label: 'Regels', elementType: 'subform', subform: { schema: [{ name: 'prijs', label: 'Prijs', elementType: 'number' }] } },
];

const rule = (overrides: Partial<Rule>): Rule => ({ ...blankRule(), ruleName: 'r', ...overrides });

describe('levels', () => {
  it('offers the main form and every subform', () => {
    expect(ruleForms(schema).map((form) => form.value)).toEqual(['_none', 'regels']);
    expect(levelSchema(schema, 'regels').map((e) => e.name)).toEqual(['prijs']);
    expect(levelSchema(schema, '_none')).toHaveLength(schema.length);
    expect(conditionElements(schema).map((e) => e.name)).not.toContain('kop');
  });

  it('offers the level elements and the registration facts as tokens', () => {
    const tokens = valueTokens(levelSchema(schema, 'regels')).map((item) => item.token);
    expect(tokens).toEqual([
      'prijs',
      'registratie.registratiedatum',
      'registratie.invuller',
      'registratie.formuliernaam',
      'registratie.serienummer',
    ]);
  });
});

describe('operatorOptions', () => {
  it('follows the element type exactly as section 5 lists them', () => {
    expect(operatorOptions(schema, 'aantal')).toEqual(['=', '!', '>', '>=', '<', '<=', 'empty', '!empty']);
    expect(operatorOptions(schema, 'totaal')).toEqual(operatorsFor('number'));
    expect(operatorOptions(schema, 'registration_phase')).toEqual(operatorsFor('number'));
    expect(operatorOptions(schema, 'akkoord')).toEqual(['empty', '!empty']);
    expect(operatorOptions(schema, 'kleuren')).toEqual(['=', '!', 'empty', '!empty', 'contains', '!contains']);
    expect(operatorOptions(schema, 'opmerking')).toEqual(['str_equals', 'starts_with', 'ends_with', 'includes', 'empty', '!empty']);
    expect(operatorOptions(schema, 'datum')).toEqual(['=', '!', 'empty', '!empty']);
    expect(operatorOptions(schema, 'onbekend')).toEqual([]);
  });

  it('drops an operator the new element does not allow', () => {
    const condition = { dataName: 'aantal', operator: '>', value: '3' };
    expect(withDataName(condition, schema, 'opmerking').operator).toBe('');
    expect(withDataName(condition, schema, 'totaal').operator).toBe('>');
  });
});

describe('checkRules', () => {
  it('accepts a complete rule', () => {
    const ok = rule({
      condition_group: { method: 'AND', conditions: [{ dataName: 'aantal', operator: '>', value: '3' }] },
      actions: [{ method: 'set', dataName: 'opmerking', value: 'Veel: $aantal$' }],
    });
    expect(checkRules([ok], schema)).toEqual({});
  });

  it('requires name, element, operator and value; number values numeric unless a token', () => {
    const bad = rule({
      ruleName: ' ',
      condition_group: {
        method: 'OR',
        conditions: [
          { dataName: '', operator: '', value: '' },
          { dataName: 'aantal', operator: '>', value: 'drie' },
          { dataName: 'aantal', operator: '>', value: '$totaal$' },
          { dataName: 'opmerking', operator: '>', value: 'x' },
          { dataName: 'opmerking', operator: 'includes', value: '' },
          { dataName: 'akkoord', operator: '!empty', value: '' },
        ],
      },
      actions: [
        { method: 'hide', dataName: '' },
        { method: 'verstop', dataName: 'aantal' },
        { method: 'set', dataName: 'aantal', value: 'x' },
        { method: 'set', dataName: 'totaal', value: '1' },
      ],
    });
    expect(checkRules([bad], schema)).toEqual({
      '0.ruleName': t.ruleNameRequired,
      '0.conditions.0.dataName': t.dataNameRequired,
      '0.conditions.1.value': t.valueNumeric,
      '0.conditions.3.operator': t.operatorInvalid,
      '0.conditions.4.value': t.valueRequired,
      '0.actions.0.dataName': t.dataNameRequired,
      '0.actions.1.method': t.actionRequired,
      '0.actions.2.value': t.valueNumeric,
      '0.actions.3.dataName': t.setValueNotAllowed,
    });
  });

  it('checks a subform rule against the subform elements', () => {
    const sub = rule({
      ruleForm: 'regels',
      condition_group: { method: 'AND', conditions: [{ dataName: 'aantal', operator: '=', value: '1' }] },
      actions: [{ method: 'hide', dataName: 'prijs' }],
    });
    expect(checkRules([sub], schema)).toEqual({ '0.conditions.0.dataName': t.dataNameRequired });
    expect(checkRules([rule({ ruleForm: 'weg', condition_group: { method: 'AND', conditions: [] }, actions: [] })], schema)).toMatchObject({
      '0.ruleForm': t.ruleFormRequired,
      '0.conditions': t.conditionsRequired,
      '0.actions': t.actionsRequired,
    });
  });
});
