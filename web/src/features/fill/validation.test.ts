import { describe, expect, it } from 'vitest';
import { canBeRequired, ELEMENT_TYPES, type FormElement } from '@/lib/form-logic';
import { checkElement, validateValues } from './validation';

const el = (elementType: FormElement['elementType'], extra: Partial<FormElement> = {}): FormElement => ({
  name: 'veld',
  label: 'Veld',
  elementType,
  ...extra,
});
const required = [{ name: 'required' }];
const options = [
  { value: 'a', label: 'A' },
  { value: 'b', label: 'B' },
];

describe('checkElement', () => {
  it('demands required answers, an unticked checkbox and an empty list included', () => {
    expect(checkElement(el('text', { validation: required }), undefined)).toBe('Dit veld is verplicht.');
    expect(checkElement(el('text', { validation: required }), '  ')).toBe('Dit veld is verplicht.');
    expect(checkElement(el('checkbox_single', { validation: required }), false)).toBe('Dit veld is verplicht.');
    expect(checkElement(el('file', { validation: required }), [])).toBe('Dit veld is verplicht.');
    expect(checkElement(el('number', { validation: required }), 0)).toBeUndefined();
    expect(checkElement(el('text'), undefined)).toBeUndefined();
  });

  it('checks numbers and their bounds, with a decimal comma in the message', () => {
    const bounded = el('decimal', { validation: [{ name: 'min', value: 0.5 }, { name: 'max', value: '10' }] });
    expect(checkElement(bounded, 'drie')).toBe('Vul een getal in.');
    expect(checkElement(bounded, 0.25)).toBe('De waarde moet minimaal 0,5 zijn.');
    expect(checkElement(bounded, 11)).toBe('De waarde mag maximaal 10 zijn.');
    expect(checkElement(bounded, 3.5)).toBeUndefined();
  });

  it('checks text lengths and the e-mail and number rules of text fields', () => {
    const text = el('text', { validation: [{ name: 'minLength', value: 2 }, { name: 'maxLength', value: 4 }] });
    expect(checkElement(text, 'a')).toBe('Vul minimaal 2 tekens in.');
    expect(checkElement(text, 'abcde')).toBe('Vul maximaal 4 tekens in.');
    expect(checkElement(text, 'abc')).toBeUndefined();
    expect(checkElement(el('text', { validation: [{ name: 'email' }] }), 'geen-adres')).toBe('Vul een geldig e-mailadres in.');
    expect(checkElement(el('text', { validation: [{ name: 'number' }] }), '3,5')).toBeUndefined();
    expect(checkElement(el('text', { validation: [{ name: 'number' }] }), 'x')).toBe('Vul een getal in.');
  });

  it('checks e-mail elements like the server does', () => {
    expect(checkElement(el('email'), 'jan@demo.nl')).toBeUndefined();
    for (const bad of ['jan', 'jan@demo', 'jan@@demo.nl', 'jan @demo.nl', 'jan@demo..nl']) {
      expect(checkElement(el('email'), bad)).toBe('Vul een geldig e-mailadres in.');
    }
  });

  it('checks dates, times and date-times in the value model', () => {
    expect(checkElement(el('date'), '2024-02-29')).toBeUndefined();
    expect(checkElement(el('date'), '2023-02-29')).toBe('Vul een geldige datum in (JJJJ-MM-DD).');
    expect(checkElement(el('time'), '23:59')).toBeUndefined();
    expect(checkElement(el('time'), '24:00')).toBe('Vul een geldige tijd in (UU:MM).');
    expect(checkElement(el('datetime'), '2024-05-01 10:30')).toBeUndefined();
    expect(checkElement(el('datetime'), '2024-05-01 ')).toBe('Vul een geldige datum en tijd in (JJJJ-MM-DD UU:MM).');
  });

  it('accepts only the element options for choices', () => {
    expect(checkElement(el('radio', { options }), 'a')).toBeUndefined();
    expect(checkElement(el('select', { options }), 'z')).toBe('Kies een van de beschikbare opties.');
    expect(checkElement(el('checkbox_multiple', { options }), ['a', 'b'])).toBeUndefined();
    expect(checkElement(el('checkbox_multiple', { options }), ['a', 'z'])).toBe('Kies een van de beschikbare opties.');
  });

  it('ignores required on every type that cannot be required, as the server does', () => {
    const notRequirable = ELEMENT_TYPES.filter((type) => !canBeRequired(type));
    // Among them types the fill-in renders but the filler does not answer (subform, linked form, computed).
    expect(notRequirable).toEqual(expect.arrayContaining(['subform', 'linkedForm', 'calculation', 'computed']));
    for (const type of notRequirable) {
      for (const empty of [undefined, '', []]) {
        expect(checkElement(el(type, { validation: required }), empty), type).toBeUndefined();
      }
    }
  });
});

describe('location, track and QR values', () => {
  const point = { timestamp: '2024-05-01T09:00:00.000Z', lat: 52.1, lon: 5.3, accuracy: 4 };

  it('demands an answer from a required GPS, tracking or QR element', () => {
    for (const [type, empty] of [['gps', undefined], ['gps', {}], ['tracking', []], ['qrCodeScanner', '']] as const) {
      expect(checkElement(el(type, { validation: required }), empty), type).toBe('Dit veld is verplicht.');
    }
  });

  it('accepts the shapes the server accepts (domain/src/submission.rs) and names the others', () => {
    expect(checkElement(el('gps'), { lat: 52.1, lon: 5.3, accuracy: 4 })).toBeUndefined();
    expect(checkElement(el('gps'), { lat: 52.1, lon: 5.3, accuracy: null })).toBeUndefined();
    expect(checkElement(el('gps'), { lat: 91, lon: 5.3 })).toBe('De locatie is ongeldig.');
    expect(checkElement(el('gps'), { lat: 52.1, lon: 5.3, accuracy: -1 })).toBe('De locatie is ongeldig.');
    expect(checkElement(el('tracking'), [point, { ...point, accuracy: null }])).toBeUndefined();
    expect(checkElement(el('tracking'), [point, { ...point, timestamp: '' }])).toBe('De opgenomen route is ongeldig.');
    expect(checkElement(el('qrCodeScanner', { validation: [{ name: 'maxLength', value: 3 }] }), 'abcd')).toBe('Vul maximaal 3 tekens in.');
    expect(checkElement(el('computed', { validation: required }), undefined)).toBeUndefined();
  });
});

describe('validateValues', () => {
  const schema: FormElement[] = [
    { name: 'naam', label: 'Naam', elementType: 'text', validation: required },
    { name: 'toelichting', label: 'Toelichting', elementType: 'textarea', validation: required },
    {
      name: 'posten',
      label: 'Posten',
      elementType: 'subform',
      subform: { schema: [{ name: 'bedrag', label: 'Bedrag', elementType: 'decimal', validation: required }] },
    },
  ];

  it('skips hidden elements and keys subform entries by position', () => {
    const errors = validateValues(
      schema,
      { posten: [{ bedrag: 3, subform_index: 1 }, { subform_index: 2 }] },
      { toelichting: { hidden: true, visuallyHidden: false } },
    );
    expect(errors).toEqual({ naam: 'Dit veld is verplicht.', 'posten.2.bedrag': 'Dit veld is verplicht.' });
  });

  it('still checks visually hidden elements (their value is kept and sent)', () => {
    const errors = validateValues(schema, { naam: 'Jan' }, { toelichting: { hidden: false, visuallyHidden: true } });
    expect(errors).toEqual({ toelichting: 'Dit veld is verplicht.' });
  });
});
