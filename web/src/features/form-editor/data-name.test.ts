import { describe, expect, it } from 'vitest';
import { nl } from '@/messages/nl-admin';
import { dataNameError, slugify, uniqueName } from './data-name';

describe('slugify', () => {
  it('makes a data name from a label', () => {
    expect(slugify('Straat & huisnummer')).toBe('straat_huisnummer');
    expect(slugify('  Één café, 2e etage ')).toBe('een_cafe_2e_etage');
    expect(slugify('!!!')).toBe('');
  });
});

describe('uniqueName', () => {
  it('numbers a name that is taken', () => {
    expect(uniqueName('naam', [])).toBe('naam');
    expect(uniqueName('naam', ['naam', 'naam_2'])).toBe('naam_3');
  });
});

describe('dataNameError', () => {
  it('requires a name of a-z, digits and underscore, unique in its level', () => {
    expect(dataNameError('', [])).toBe(nl.formEditor.dataNameRequired);
    expect(dataNameError('Naam', [])).toBe(nl.formEditor.dataNamePattern);
    expect(dataNameError('naam-1', [])).toBe(nl.formEditor.dataNamePattern);
    expect(dataNameError('naam_1', ['naam_1'])).toBe('Datanaam is niet uniek. Kies een andere datanaam.');
    expect(dataNameError('naam_1', ['naam'])).toBeUndefined();
  });
});
