import { describe, expect, it } from 'vitest';
import { canBeRequired, ELEMENT_TYPES } from '@/lib/form-logic';
import { EDITOR_TYPES, newElement, typeAvailability, typeLabel } from './element-types';
import { checkElement } from './element-validation';

describe('element types', () => {
  it('offers the 28 types of section 3, each known to the form model and with a Dutch name', () => {
    expect(EDITOR_TYPES).toHaveLength(28);
    for (const type of EDITOR_TYPES) {
      expect(ELEMENT_TYPES).toContain(type);
      expect(typeLabel(type)).not.toBe(type);
    }
  });

  it('locks premium types without the module and hides admin types from non-admins', () => {
    expect(typeAvailability('map', [], false)).toEqual({ kind: 'premium', module: 'map_element' });
    expect(typeAvailability('gps', ['location'], false)).toEqual({ kind: 'available' });
    expect(typeAvailability('qrCodeScanner', [], true)).toEqual({ kind: 'premium', module: 'qr_code' });
    expect(typeAvailability('linkedForm', [], false)).toEqual({ kind: 'admin-only' });
    expect(typeAvailability('computed', [], true)).toEqual({ kind: 'available' });
    expect(typeAvailability('text', [], false)).toEqual({ kind: 'available' });
  });
});

describe('newElement', () => {
  it('starts required, with a name from the label, unique in its level', () => {
    const text = newElement('text', ['tekstveld']);
    expect(text.name).toBe('tekstveld_2');
    expect(text.validation).toEqual([{ name: 'required' }]);
    expect(newElement('header', []).validation).toEqual([]);
  });

  it('never makes an element required that the filler does not answer (linked form, subform, computed, ...)', () => {
    for (const type of EDITOR_TYPES) {
      const required = (newElement(type, []).validation ?? []).some((rule) => rule.name === 'required');
      expect(required, type).toBe(canBeRequired(type));
    }
    for (const type of ['linkedForm', 'subform', 'calculation', 'computed'] as const) {
      expect(newElement(type, []).validation, type).toEqual([]);
    }
  });

  it('gives each type the defaults of sections 5 and 9', () => {
    expect(newElement('number', []).validation).toEqual([{ name: 'number' }, { name: 'required' }]);
    expect(newElement('textarea', []).rows).toBe(3);
    expect(newElement('checkbox_multiple', []).options?.map((o) => o.value)).toEqual(['first', 'second', 'third']);
    expect(newElement('map', []).mapSettings).toMatchObject({
      center: { lat: 52.155, lon: 5.387 },
      zoomlevel: 7,
      featuresMaxSelect: 1,
      featureStyles: [
        { status: 'open', color: '#3399CC' },
        { status: 'closed', color: '#e20000' },
      ],
    });
    expect(newElement('gps', []).mapSettings).toMatchObject({ minAccuracy: 25 });
    expect(newElement('map', []).mapSettings).toMatchObject({ featureActions: [], guest_map_enabled: false });
    expect(newElement('search', []).searchSettings).toEqual({ datasourceId: '', itemAction: 'doNothing', itemStyles: [] });
  });

  it('makes elements that pass the checks where nothing needs to be filled in', () => {
    for (const type of ['text', 'textarea', 'number', 'email', 'date', 'checkbox_multiple', 'header', 'map', 'gps', 'signature'] as const) {
      expect(checkElement(newElement(type, []), []).errors).toEqual({});
    }
    // A list, a select and a formula need the builder's input first.
    expect(Object.keys(checkElement(newElement('radio', []), []).errors)).toEqual(['options.0.value', 'options.0.label']);
    expect(checkElement(newElement('calculation', []), []).errors).toHaveProperty('formula');
  });
});
