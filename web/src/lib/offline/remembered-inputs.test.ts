import { describe, expect, it } from 'vitest';
import type { FormElement } from '@/lib/form-logic';
import { forgetRememberedInputs, readRemembered, rememberInput } from './remembered-inputs';

const schema: FormElement[] = [
  { name: 'onderwerp', label: 'Onderwerp', elementType: 'text', rememberInput: true },
  { name: 'opmerking', label: 'Opmerking', elementType: 'text' },
];

describe('rememberInput', () => {
  it('stores value and timestamp per form and element, only for rememberInput elements', () => {
    const now = new Date('2024-01-15T10:00:00Z');
    rememberInput('f1', schema, { onderwerp: 'Lantaarnpaal', opmerking: 'niet bewaren' }, now);
    expect(JSON.parse(localStorage.getItem('eform.remember.f1.onderwerp') ?? 'null')).toEqual({
      value: 'Lantaarnpaal',
      timestamp: now.getTime(),
    });
    expect(localStorage.getItem('eform.remember.f1.opmerking')).toBeNull();
    expect(readRemembered('f1', 'onderwerp', now)).toBe('Lantaarnpaal');
    expect(readRemembered('f2', 'onderwerp', now)).toBeUndefined();
  });

  it('forgets a value after 6 months', () => {
    rememberInput('f1', schema, { onderwerp: 'Bankje' }, new Date('2024-01-15T10:00:00Z'));
    expect(readRemembered('f1', 'onderwerp', new Date('2024-07-15T09:59:00Z'))).toBe('Bankje');
    expect(readRemembered('f1', 'onderwerp', new Date('2024-07-15T10:01:00Z'))).toBeUndefined();
    expect(localStorage.getItem('eform.remember.f1.onderwerp')).toBeNull();
  });

  it('drops unreadable entries', () => {
    localStorage.setItem('eform.remember.f1.onderwerp', '{kapot');
    expect(readRemembered('f1', 'onderwerp')).toBeUndefined();
    expect(localStorage.getItem('eform.remember.f1.onderwerp')).toBeNull();
  });

  it('forgets every remembered value at logout, and nothing else', () => {
    rememberInput('f1', schema, { onderwerp: 'Bankje' });
    rememberInput('f2', schema, { onderwerp: 'Paal' });
    localStorage.setItem('eform.last-client', 'c1');
    forgetRememberedInputs();
    expect(readRemembered('f1', 'onderwerp')).toBeUndefined();
    expect(readRemembered('f2', 'onderwerp')).toBeUndefined();
    expect(localStorage.getItem('eform.last-client')).toBe('c1');
  });
});
