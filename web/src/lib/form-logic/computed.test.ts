import { describe, expect, it } from 'vitest';
import raw from '../../../../domain/testdata/computed.json';
import { computeValue, fillComputed } from './computed';
import type { FormElement } from './form';

interface Case {
  name: string;
  parserType: string;
  watched: unknown;
  expected: string;
}

// The shared vectors; Rust runs the same file (domain/src/computed.rs).
const cases = raw as unknown as Case[];

describe('computeValue (domain/testdata/computed.json)', () => {
  it.each(cases)('$name', (c) => {
    expect(computeValue(c.parserType, c.watched)).toBe(c.expected);
  });
});

describe('fillComputed', () => {
  const label = Array.from({ length: 18 }, (_, i) => `k${i}: ${i}`).join('\n');

  it('fills from the watched element (the first QR scanner by default) and forgets a value nothing gives', () => {
    const schema: FormElement[] = [
      { name: 'paal', elementType: 'qrCodeScanner' },
      { name: 'lampen', elementType: 'computed', parserType: 'lamp_amount' },
      { name: 'kleur', elementType: 'computed', parserType: 'color_temperature', elementToWatch: 'label' },
      { name: 'label', elementType: 'text' },
      { name: 'kast', elementType: 'qrCodeScanner' },
    ];
    expect(fillComputed(schema, { paal: label, kast: 'x', kleur: 'verzonnen' })).toEqual({ paal: label, kast: 'x', lampen: '14' });
    // No QR scanner on the level and nothing named: nothing to read, so no value.
    expect(fillComputed([{ name: 'lampen', elementType: 'computed', parserType: 'lamp_amount' }], { lampen: '3' })).toEqual({});
  });

  it('fills inside subform entries from the entry itself', () => {
    const schema: FormElement[] = [
      {
        name: 'lampen',
        elementType: 'subform',
        subform: { schema: [{ name: 'qr', elementType: 'qrCodeScanner' }, { name: 'kleur', elementType: 'computed', parserType: 'color_temperature', elementToWatch: 'qr' }] },
      },
    ];
    expect(fillComputed(schema, { lampen: [{ qr: label, subform_index: 1 }, { subform_index: 2 }] })).toEqual({
      lampen: [{ qr: label, kleur: '17', subform_index: 1 }, { subform_index: 2 }],
    });
  });
});
