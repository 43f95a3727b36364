import { describe, expect, it } from 'vitest';
import { insertToken, summaryTokens } from './summary';

describe('summaryTokens', () => {
  it('lists the registration tokens, then the value-holding elements', () => {
    const tokens = summaryTokens([
      { name: 'kop', label: 'Kop', elementType: 'header' },
      { name: 'naam', label: 'Naam', elementType: 'text' },
      { name: 'regels', label: 'Regels', elementType: 'subform' },
    ]).map((token) => token.token);
    expect(tokens).toEqual([
      '$registratie.registratiedatum$',
      '$registratie.invuller$',
      '$registratie.formuliernaam$',
      '$registratie.serienummer$',
      '$naam$',
    ]);
  });
});

describe('insertToken', () => {
  it('replaces the selection and puts the caret after the token', () => {
    expect(insertToken('Hallo wereld', 6, 12, '$naam$')).toEqual({ text: 'Hallo $naam$', caret: 12 });
  });

  it('clamps a caret outside the text', () => {
    expect(insertToken('ab', 10, 10, '$x$')).toEqual({ text: 'ab$x$', caret: 5 });
  });
});
