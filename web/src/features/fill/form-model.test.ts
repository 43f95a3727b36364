import { describe, expect, it } from 'vitest';
import type { FormElement, Rule } from '@/lib/form-logic';
import { rememberInput } from '@/lib/offline/remembered-inputs';
import { deriveForm, initialFormValues, newSubformEntry, subformRules, valuesToSend } from './form-model';

const schema: FormElement[] = [
  { name: 'aantal', label: 'Aantal', elementType: 'number' },
  { name: 'prijs', label: 'Prijs', elementType: 'decimal' },
  { name: 'totaal', label: 'Totaal', elementType: 'calculation', formula: '$aantal$ * $prijs$' },
  { name: 'geen_toelichting', label: 'Geen toelichting', elementType: 'checkbox_single' },
  { name: 'toelichting', label: 'Toelichting', elementType: 'textarea' },
  { name: 'urgentie', label: 'Urgentie', elementType: 'select', options: [{ value: 'hoog', label: 'Hoog' }] },
  { name: 'kop', label: 'Kop', elementType: 'header' },
  { name: 'volgnummer', label: 'Volgnummer', elementType: 'autoIncrement' },
  {
    name: 'posten',
    label: 'Posten',
    elementType: 'subform',
    subform: {
      schema: [
        { name: 'bedrag', label: 'Bedrag', elementType: 'decimal' },
        { name: 'met_btw', label: 'Met btw', elementType: 'calculation', formula: '$bedrag$ * 1.21' },
      ],
      defaultValues: { bedrag: 1 },
    },
  },
  { name: 'kosten', label: 'Kosten', elementType: 'calculation', formula: '$posten.bedrag$' },
];

const rules: Rule[] = [
  {
    ruleName: 'Toelichting verbergen',
    ruleForm: '_none',
    condition_group: { method: 'AND', conditions: [{ dataName: 'geen_toelichting', operator: '!empty', value: '' }] },
    actions: [{ method: 'hide', dataName: 'toelichting' }],
  },
  {
    ruleName: 'Duur is urgent',
    ruleForm: '_none',
    condition_group: { method: 'AND', conditions: [{ dataName: 'totaal', operator: '>', value: '100' }] },
    actions: [{ method: 'set', dataName: 'urgentie', value: 'hoog' }],
  },
];

describe('deriveForm', () => {
  it('computes calculations (subform sums included) and lets rules read them', () => {
    const derived = deriveForm(schema, rules, { aantal: 3, prijs: 40, posten: [{ bedrag: 10 }, { bedrag: 2.5 }] });
    expect(derived.values.totaal).toBe(120);
    expect(derived.values.urgentie).toBe('hoog');
    expect(derived.values.kosten).toBe(12.5);
    expect((derived.values.posten as { met_btw: number }[])[0]?.met_btw).toBe(12.1);
    expect(derived.ruleErrors).toEqual([]);
  });

  it('leaves a calculation empty while an input is missing', () => {
    expect(deriveForm(schema, rules, { aantal: 3 }).values.totaal).toBeNull();
  });

  it('hides by rule', () => {
    expect(deriveForm(schema, rules, { geen_toelichting: true }).states.toelichting?.hidden).toBe(true);
    expect(deriveForm(schema, rules, { geen_toelichting: false }).states.toelichting?.hidden).toBe(false);
  });
});

describe('valuesToSend', () => {
  it('drops hidden answers, layout and server-assigned numbers, and numbers subform entries', () => {
    const derived = deriveForm(schema, rules, {
      geen_toelichting: true,
      toelichting: 'verborgen',
      volgnummer: 7,
      posten: [{ bedrag: 10 }, { bedrag: 5 }],
    });
    const sent = valuesToSend(schema, derived.values, derived.states);
    expect(sent).not.toHaveProperty('toelichting');
    expect(sent).not.toHaveProperty('volgnummer');
    expect(sent).not.toHaveProperty('kop');
    expect(sent.geen_toelichting).toBe(true);
    expect(sent.posten).toEqual([
      { bedrag: 10, met_btw: 12.1, subform_index: 1 },
      { bedrag: 5, met_btw: 6.05, subform_index: 2 },
    ]);
  });
});

describe('starting values', () => {
  const dated: FormElement[] = [
    { name: 'datum', label: 'Datum', elementType: 'date', defaultDateNow: true },
    { name: 'tijd', label: 'Tijd', elementType: 'time', defaultDateNow: true },
    { name: 'moment', label: 'Moment', elementType: 'datetime', defaultDateNow: true },
    { name: 'onderwerp', label: 'Onderwerp', elementType: 'text', rememberInput: true },
  ];

  it('fills defaultDateNow fields with the moment and rememberInput fields with the last answer', () => {
    const now = new Date(2024, 4, 1, 9, 5);
    rememberInput('f1', dated, { onderwerp: 'Vorige keer' }, now);
    expect(initialFormValues('f1', dated, { tijd: '12:00' }, now)).toEqual({
      datum: '2024-05-01',
      tijd: '12:00',
      moment: '2024-05-01 09:05',
      onderwerp: 'Vorige keer',
    });
  });

  it('starts a subform entry from its default values', () => {
    const posten = schema.find((element) => element.name === 'posten') as FormElement;
    expect(newSubformEntry(posten)).toEqual({ bedrag: 1 });
  });

  it('evaluates subform rules as rules of the entry', () => {
    const posten = schema.find((element) => element.name === 'posten') as FormElement;
    const main: Rule[] = [{ ...rules[0]!, ruleForm: 'posten' }, rules[1]!];
    expect(subformRules(posten, main).map((rule) => [rule.ruleName, rule.ruleForm])).toEqual([['Toelichting verbergen', '_none']]);
  });
});
