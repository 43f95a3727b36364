import { describe, expect, it } from 'vitest';
import type { FormElement } from '@/lib/form-logic';
import { nl } from '@/messages/nl-admin';
import { checkElement, checkMapSettings, checkSearchSettings, MAX_UPLOAD_BYTES, uploadError } from './element-validation';
import { invalidElements } from './schema-check';

const t = nl.formEditor;
const el = (elementType: FormElement['elementType'], extra: Partial<FormElement> = {}): FormElement => ({
  name: 'veld',
  label: 'Veld',
  elementType,
  ...extra,
});

describe('checkElement', () => {
  it('checks the data name, including uniqueness with the exact warning', () => {
    expect(checkElement(el('text'), ['veld']).errors.name).toBe('Datanaam is niet uniek. Kies een andere datanaam.');
    expect(checkElement(el('text', { name: 'Veld 1' }), []).errors.name).toBe(t.dataNamePattern);
  });

  it('requires a label, the header text and the registration label', () => {
    expect(checkElement(el('text', { label: ' ' }), []).errors.label).toBe(t.labelRequired);
    expect(checkElement(el('header', { label: '' }), []).errors.label).toBe(t.headerRequired);
    expect(checkElement(el('staticText', { label: '' }), []).errors.label).toBeUndefined();
    expect(checkElement(el('subform', { registrationLabel: '' }), []).errors.registrationLabel).toBe(t.registrationLabelRequired);
  });

  it('checks option values and labels; duplicates only warn', () => {
    const radio = el('radio', {
      options: [
        { value: 'ja', label: 'Ja' },
        { value: 'ja', label: 'Nogmaals' },
        { value: 'Nee!', label: '' },
        { value: 'v1.2_b', label: 'Versie' },
      ],
    });
    const { errors, warnings } = checkElement(radio, []);
    expect(errors).toEqual({ 'options.2.value': t.optionValuePattern, 'options.2.label': t.optionLabelRequired });
    expect(warnings).toEqual({ 'options.1.value': t.optionValueDuplicate });
    expect(checkElement(el('select', { options: [] }), []).errors.options).toBe(t.optionsRequired);
  });

  it('checks min and max rules', () => {
    const text = el('text', { validation: [{ name: 'minLength', value: 5 }, { name: 'maxLength', value: 2 }] });
    expect(checkElement(text, []).errors['validation.maxLength']).toBe(t.maxBelowMin);
    const number = el('number', { validation: [{ name: 'min', value: 'veel' }] });
    expect(checkElement(number, []).errors['validation.min']).toBe(t.numberInvalid);
    expect(checkElement(el('number', { validation: [{ name: 'min', value: -1.5 }, { name: 'max', value: 3 }] }), []).errors).toEqual({});
  });

  it('requires the rename name when files are renamed, and the formula', () => {
    expect(checkElement(el('file', { fileDoRename: true }), []).errors.fileNewName).toBe(t.renameRequired);
    expect(checkElement(el('calculation', { formula: ' ' }), []).errors.formula).toBe(t.formulaRequired);
  });
});

describe('checkMapSettings', () => {
  const map = (settings: Record<string, unknown>, type: 'map' | 'gps' = 'map') => checkMapSettings(el(type, { mapSettings: settings }));

  it('accepts the default centre and up to 18 decimals', () => {
    expect(map({ center: { lat: 52.155, lon: 5.387 }, zoomlevel: 7 })).toEqual({});
    expect(map({ center: { lat: '52.123456789012345678', lon: '-179.5' }, zoomlevel: 19 })).toEqual({});
  });

  it('rejects out-of-range or over-precise coordinates, zoom and accuracy', () => {
    expect(map({ center: { lat: '90.1', lon: '181' }, zoomlevel: 0 })).toEqual({
      'mapSettings.center.lat': t.latitudeInvalid,
      'mapSettings.center.lon': t.longitudeInvalid,
      'mapSettings.zoomlevel': t.zoomInvalid,
    });
    expect(map({ center: { lat: '1.1234567890123456789', lon: '' } })).toMatchObject({
      'mapSettings.center.lat': t.latitudeInvalid,
      'mapSettings.center.lon': t.coordinateRequired,
      'mapSettings.zoomlevel': t.zoomRequired,
    });
    expect(map({ center: { lat: 1, lon: 1 }, zoomlevel: 7, minAccuracy: 201 }, 'gps')).toEqual({
      'mapSettings.minAccuracy': t.accuracyInvalid,
    });
    expect(map({ center: { lat: 1, lon: 1 }, zoomlevel: 7, minAccuracy: 0 }, 'gps')).toEqual({});
  });

  it('requires a status and a colour per feature style and a sensible maximum selection', () => {
    expect(
      map({ center: { lat: 1, lon: 1 }, zoomlevel: 7, featuresMaxSelect: 0, featureStyles: [{ status: 'open', color: '#3399CC' }, { status: '', color: 'rood' }] }),
    ).toEqual({
      'mapSettings.featureStyles.1.status': t.styleStatusRequired,
      'mapSettings.featureStyles.1.color': t.styleColorRequired,
      'mapSettings.featuresMaxSelect': t.maxSelectInvalid,
    });
  });

  it('requires a datasource and loading strategy per map layer', () => {
    expect(map({ center: { lat: 1, lon: 1 }, zoomlevel: 7, mapLayers: [{ datasource_id: '', loadingStrategy: 'x' }] })).toEqual({
      'mapSettings.mapLayers.0.datasource_id': t.datasourceRequired,
      'mapSettings.mapLayers.0.loadingStrategy': t.loadingStrategyRequired,
    });
  });
});

describe('feature actions', () => {
  const base = { center: { lat: 1, lon: 1 }, zoomlevel: 7 };
  const map = (featureActions: unknown[]) => checkMapSettings(el('map', { mapSettings: { ...base, featureActions } }));

  it('accepts an always condition and a value condition with their actions', () => {
    expect(
      map([
        { conditions: [{ conditionType: 'always' }], conditionMethod: 'and', actions: [{ actionType: 'setHidden' }] },
        {
          conditions: [{ conditionType: 'dataValue', dataName: 'soort', operator: '=', dataValue: 'lamp' }],
          conditionMethod: 'or',
          actions: [
            { actionType: 'setStatus', status: 'closed' },
            { actionType: 'setValueDatasource', datasource_column: 'kapot', datasource_value: '' },
          ],
        },
      ]),
    ).toEqual({});
  });

  it('requires conditions, actions, the method and the parts each type uses', () => {
    expect(map([{ conditions: [], actions: [] }])).toEqual({
      'mapSettings.featureActions.0.conditions': t.featureConditionsRequired,
      'mapSettings.featureActions.0.conditionMethod': t.conditionMethodRequired,
      'mapSettings.featureActions.0.actions': t.featureActionStepsRequired,
    });
    expect(
      map([
        {
          conditions: [{ conditionType: 'dataValue', dataName: ' ', dataValue: '' }, { conditionType: 'sometimes' }],
          conditionMethod: 'and',
          actions: [
            { actionType: 'setStatus', status: '' },
            { actionType: 'setValueDatasource', datasource_value: 'x' },
            { actionType: 'explode' },
          ],
        },
      ]),
    ).toEqual({
      'mapSettings.featureActions.0.conditions.0.dataName': t.conditionDataNameRequired,
      'mapSettings.featureActions.0.conditions.0.dataValue': t.conditionValueRequired,
      'mapSettings.featureActions.0.conditions.1.conditionType': t.conditionTypeRequired,
      'mapSettings.featureActions.0.actions.0.status': t.styleStatusRequired,
      'mapSettings.featureActions.0.actions.1.datasource_column': t.actionColumnRequired,
      'mapSettings.featureActions.0.actions.2.actionType': t.actionTypeRequired,
    });
  });

  it('are only checked on map elements', () => {
    const gps = checkMapSettings(el('gps', { mapSettings: { ...base, minAccuracy: 25, featureActions: [{}] } }));
    expect(gps).toEqual({});
  });
});

describe('checkSearchSettings', () => {
  it('requires a text and a #RRGGBB colour per item style, also through checkElement', () => {
    const search = el('search', {
      searchSettings: { itemStyles: [{ text: 'open', color: '#00AA00' }, { text: '', color: 'groen' }] },
    });
    const expected = {
      'searchSettings.itemStyles.1.text': t.itemStyleTextRequired,
      'searchSettings.itemStyles.1.color': t.styleColorRequired,
    };
    expect(checkSearchSettings(search)).toEqual(expected);
    expect(checkElement(search, []).errors).toEqual(expected);
    expect(checkSearchSettings(el('search'))).toEqual({});
  });
});

describe('uploadError', () => {
  it('allows the types of section 5 up to 20 MB', () => {
    expect(uploadError('imageTag', { name: 'a.png', type: 'image/png', size: 10 })).toBeUndefined();
    expect(uploadError('imageTag', { name: 'a.pdf', type: 'application/pdf', size: 10 })).toBe(t.imageTypeInvalid);
    expect(uploadError('staticFile', { name: 'a.pdf', type: 'application/pdf', size: 10 })).toBeUndefined();
    expect(uploadError('staticFile', { name: 'a.docx', type: '', size: 10 })).toBeUndefined();
    expect(uploadError('staticFile', { name: 'a.exe', type: 'application/x-msdownload', size: 10 })).toBe(t.staticFileTypeInvalid);
    expect(uploadError('staticFile', { name: 'a.txt', type: 'text/plain', size: MAX_UPLOAD_BYTES + 1 })).toBe(nl.elements.fileTooLarge);
  });
});

describe('invalidElements', () => {
  it('finds problems in the form and inside subforms', () => {
    const schema: FormElement[] = [
      el('text'),
      el('text'),
      el('subform', { name: 'sub', registrationLabel: 'Regel', subform: { schema: [el('text', { label: '' })] } }),
    ];
    expect(invalidElements(schema)).toEqual(['Veld', 'Veld', 'Veld › veld']);
  });
});
