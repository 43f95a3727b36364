import { describe, expect, it } from 'vitest';
import { validateLogin, validateNewPassword } from './validation';

describe('validateLogin', () => {
  it.each<[string, { email: string; password: string }, ReturnType<typeof validateLogin>]>([
    ['valid input', { email: 'twee@demo.eform.nl', password: 'x' }, null],
    ['valid with surrounding spaces', { email: '  twee@demo.eform.nl ', password: 'x' }, null],
    ['both empty', { email: '', password: '' }, { email: 'E-mailadres is verplicht.', password: 'Wachtwoord is verplicht.' }],
    ['blank e-mail', { email: '   ', password: 'x' }, { email: 'E-mailadres is verplicht.' }],
    ['no @', { email: 'twee.demo.eform.nl', password: 'x' }, { email: 'Vul een geldig e-mailadres in.' }],
    ['no domain dot', { email: 'twee@demo', password: 'x' }, { email: 'Vul een geldig e-mailadres in.' }],
    ['space inside', { email: 'tw ee@demo.nl', password: 'x' }, { email: 'Vul een geldig e-mailadres in.' }],
    ['missing password', { email: 'twee@demo.eform.nl', password: '' }, { password: 'Wachtwoord is verplicht.' }],
  ])('%s', (_name, values, expected) => {
    expect(validateLogin(values)).toEqual(expected);
  });
});

describe('validateNewPassword', () => {
  it.each<[string, { password: string; repeat: string }, ReturnType<typeof validateNewPassword>]>([
    ['8 chars, repeated', { password: '12345678', repeat: '12345678' }, null],
    ['empty', { password: '', repeat: '' }, { password: 'Wachtwoord is verplicht.' }],
    ['7 chars', { password: '1234567', repeat: '1234567' }, { password: 'Het wachtwoord moet minimaal 8 tekens lang zijn.' }],
    ['different repeat', { password: '12345678', repeat: '12345679' }, { repeat: 'De wachtwoorden komen niet overeen.' }],
  ])('%s', (_name, values, expected) => {
    expect(validateNewPassword(values)).toEqual(expected);
  });
});
