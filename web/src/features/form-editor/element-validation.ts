/**
 * The checks of the element edit dialog (document 001 section 5). Errors block saving the
 * element; warnings (duplicate option values) are shown but do not.
 * Keys are field paths: 'name', 'label', 'options', 'options.2.value', 'mapSettings.center.lat'...
 */
import { normalizeDecimal, type FormElement } from '@/lib/form-logic';
import { nl } from '@/messages/nl-admin';
import { dataNameError } from './data-name';
import { CHOICE_TYPES, CONDITION_METHODS, CONDITION_TYPES, FEATURE_ACTION_TYPES, type FeatureAction } from './element-types';
import { findRule, ruleText } from './element-model';

export type FieldMessages = Record<string, string>;

export interface ElementCheck {
  errors: FieldMessages;
  warnings: FieldMessages;
}

export const OPTION_VALUE = /^[a-z0-9._]+$/;

/** Latitude and longitude: a decimal number with up to 18 decimals. */
const COORDINATE = /^-?\d{1,3}(\.\d{1,18})?$/;

const LABELLESS: ReadonlySet<string> = new Set(['staticText', 'imageTag', 'staticFile']);
const WITH_REGISTRATION_LABEL: ReadonlySet<string> = new Set(['subform', 'linkedForm']);

export function checkElement(element: FormElement, otherNames: readonly string[]): ElementCheck {
  const errors: FieldMessages = {};
  const warnings: FieldMessages = {};
  const type = element.elementType;
  const t = nl.formEditor;

  const nameError = dataNameError(element.name, otherNames);
  if (nameError) errors.name = nameError;

  const label = (element.label ?? '').trim();
  if (type === 'header') {
    if (label === '') errors.label = t.headerRequired;
  } else if (!LABELLESS.has(type) && label === '') {
    errors.label = t.labelRequired;
  }

  if (WITH_REGISTRATION_LABEL.has(type) && textOf(element.registrationLabel) === '') {
    errors.registrationLabel = t.registrationLabelRequired;
  }

  if (CHOICE_TYPES.has(type)) Object.assign(errors, checkOptions(element, warnings));

  if (type === 'text' || type === 'textarea') checkRange(element, 'minLength', 'maxLength', true, errors);
  if (type === 'number') checkRange(element, 'min', 'max', false, errors);

  if ((type === 'file' || type === 'image') && element.fileDoRename === true && textOf(element.fileNewName) === '') {
    errors.fileNewName = t.renameRequired;
  }

  if (type === 'calculation' && textOf(element.formula) === '') errors.formula = t.formulaRequired;

  if (type === 'textarea' && element.rows != null && !(Number.isInteger(element.rows) && element.rows >= 1)) {
    errors.rows = t.rowsInvalid;
  }

  if ((type === 'imageTag' || type === 'staticFile') && !hasFile(element)) errors.file = t.fileRequired;

  if (type === 'map' || type === 'gps') Object.assign(errors, checkMapSettings(element));
  if (type === 'search') Object.assign(errors, checkSearchSettings(element));

  return { errors, warnings };
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function hasFile(element: FormElement): boolean {
  const file = element.file;
  return typeof file === 'object' && file !== null && typeof (file as { url?: unknown }).url === 'string';
}

function checkOptions(element: FormElement, warnings: FieldMessages): FieldMessages {
  const errors: FieldMessages = {};
  const t = nl.formEditor;
  const options = element.options ?? [];
  if (options.length === 0) {
    errors.options = t.optionsRequired;
    return errors;
  }
  const seen = new Set<string>();
  options.forEach((option, index) => {
    const value = option.value ?? '';
    if (value === '') errors[`options.${index}.value`] = t.optionValueRequired;
    else if (!OPTION_VALUE.test(value)) errors[`options.${index}.value`] = t.optionValuePattern;
    else if (seen.has(value)) warnings[`options.${index}.value`] = t.optionValueDuplicate;
    seen.add(value);
    if ((option.label ?? '').trim() === '') errors[`options.${index}.label`] = t.optionLabelRequired;
  });
  return errors;
}

function checkRange(element: FormElement, minName: string, maxName: string, lengths: boolean, errors: FieldMessages): void {
  const t = nl.formEditor;
  const read = (name: string): number | null | 'bad' => {
    if (!findRule(element, name)) return null;
    const n = normalizeDecimal(ruleText(element, name));
    if (n === null) return 'bad';
    if (lengths && (!Number.isInteger(n) || n < 0)) return 'bad';
    return n;
  };
  const min = read(minName);
  const max = read(maxName);
  const invalid = lengths ? t.lengthInvalid : t.numberInvalid;
  if (min === 'bad') errors[`validation.${minName}`] = invalid;
  if (max === 'bad') errors[`validation.${maxName}`] = invalid;
  if (typeof min === 'number' && typeof max === 'number' && min > max) errors[`validation.${maxName}`] = t.maxBelowMin;
}

interface MapSettingsShape {
  center?: { lat?: unknown; lon?: unknown };
  zoomlevel?: unknown;
  minAccuracy?: unknown;
  mapLayers?: { datasource_id?: unknown; loadingStrategy?: unknown }[];
  featureStyles?: { status?: unknown; color?: unknown }[];
  featuresMaxSelect?: unknown;
  featureActions?: FeatureAction[];
}

const COLOR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** Text-and-colour rows (map featureStyles, search itemStyles): both parts required, colour as #RRGGBB. */
function checkColorStyles(
  styles: readonly Record<string, unknown>[] | undefined,
  textKey: 'status' | 'text',
  path: string,
  textRequired: string,
  errors: FieldMessages,
): void {
  (styles ?? []).forEach((style, index) => {
    if (textOf(style[textKey]) === '') errors[`${path}.${index}.${textKey}`] = textRequired;
    if (!COLOR.test(textOf(style.color))) errors[`${path}.${index}.color`] = nl.formEditor.styleColorRequired;
  });
}

/** Spec 001 section 3 feature actions: conditions, how they combine, and the actions' required parts. */
function checkFeatureActions(actions: readonly FeatureAction[] | undefined, errors: FieldMessages): void {
  const t = nl.formEditor;
  (actions ?? []).forEach((action, a) => {
    const path = `mapSettings.featureActions.${a}`;
    const conditions = action.conditions ?? [];
    if (conditions.length === 0) errors[`${path}.conditions`] = t.featureConditionsRequired;
    conditions.forEach((condition, c) => {
      const at = `${path}.conditions.${c}`;
      if (!(CONDITION_TYPES as readonly unknown[]).includes(condition.conditionType)) {
        errors[`${at}.conditionType`] = t.conditionTypeRequired;
      } else if (condition.conditionType === 'dataValue') {
        if (textOf(condition.dataName) === '') errors[`${at}.dataName`] = t.conditionDataNameRequired;
        if (textOf(condition.dataValue) === '') errors[`${at}.dataValue`] = t.conditionValueRequired;
      }
    });
    if (!(CONDITION_METHODS as readonly unknown[]).includes(action.conditionMethod)) {
      errors[`${path}.conditionMethod`] = t.conditionMethodRequired;
    }
    const steps = action.actions ?? [];
    if (steps.length === 0) errors[`${path}.actions`] = t.featureActionStepsRequired;
    steps.forEach((step, s) => {
      const at = `${path}.actions.${s}`;
      if (!(FEATURE_ACTION_TYPES as readonly unknown[]).includes(step.actionType)) errors[`${at}.actionType`] = t.actionTypeRequired;
      else if (step.actionType === 'setStatus' && textOf(step.status) === '') errors[`${at}.status`] = t.styleStatusRequired;
      else if (step.actionType === 'setValueDatasource' && textOf(step.datasource_column) === '') {
        errors[`${at}.datasource_column`] = t.actionColumnRequired;
      }
    });
  });
}

/** Search item styles: text and a #RRGGBB colour per row. */
export function checkSearchSettings(element: FormElement): FieldMessages {
  const errors: FieldMessages = {};
  const settings = (element.searchSettings ?? {}) as { itemStyles?: Record<string, unknown>[] };
  checkColorStyles(settings.itemStyles, 'text', 'searchSettings.itemStyles', nl.formEditor.itemStyleTextRequired, errors);
  return errors;
}

/** Spec 001 sections 3, 5 and 9: coordinates, zoom 1-19, GPS accuracy 0-200 m, map layers, styles, feature actions. */
export function checkMapSettings(element: FormElement): FieldMessages {
  const errors: FieldMessages = {};
  const t = nl.formEditor;
  const settings = (element.mapSettings ?? {}) as MapSettingsShape;
  const coordinate = (key: 'lat' | 'lon', limit: number) => {
    const raw = settings.center?.[key];
    const text = raw === undefined || raw === null ? '' : String(raw).trim();
    const field = `mapSettings.center.${key}`;
    if (text === '') errors[field] = t.coordinateRequired;
    else if (!COORDINATE.test(text) || Math.abs(Number(text)) > limit) {
      errors[field] = key === 'lat' ? t.latitudeInvalid : t.longitudeInvalid;
    }
  };
  coordinate('lat', 90);
  coordinate('lon', 180);
  const zoom = settings.zoomlevel;
  if (zoom === undefined || zoom === null || zoom === '') errors['mapSettings.zoomlevel'] = t.zoomRequired;
  else if (!Number.isInteger(Number(zoom)) || Number(zoom) < 1 || Number(zoom) > 19) errors['mapSettings.zoomlevel'] = t.zoomInvalid;
  if (element.elementType === 'gps') {
    const accuracy = settings.minAccuracy;
    const n = Number(accuracy);
    if (accuracy === undefined || accuracy === null || accuracy === '' || !Number.isFinite(n) || n < 0 || n > 200) {
      errors['mapSettings.minAccuracy'] = t.accuracyInvalid;
    }
  }
  if (element.elementType === 'map') {
    (settings.mapLayers ?? []).forEach((layer, index) => {
      if (textOf(layer.datasource_id) === '') errors[`mapSettings.mapLayers.${index}.datasource_id`] = t.datasourceRequired;
      if (layer.loadingStrategy !== 'preload' && layer.loadingStrategy !== 'live') {
        errors[`mapSettings.mapLayers.${index}.loadingStrategy`] = t.loadingStrategyRequired;
      }
    });
    checkColorStyles(settings.featureStyles, 'status', 'mapSettings.featureStyles', t.styleStatusRequired, errors);
    checkFeatureActions(settings.featureActions, errors);
    const max = settings.featuresMaxSelect;
    if (max !== undefined && max !== null && !(Number.isInteger(Number(max)) && Number(max) >= 1)) {
      errors['mapSettings.featuresMaxSelect'] = t.maxSelectInvalid;
    }
  }
  return errors;
}

/** Names used twice in one level (a schema loaded from elsewhere may have them). */
export function duplicateNames(schema: readonly FormElement[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const element of schema) {
    if (seen.has(element.name)) twice.add(element.name);
    seen.add(element.name);
  }
  return [...twice];
}

/** Section 5 image and static-file upload types; the size limit is shared with the fill-in. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const STATIC_FILE_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
  ...IMAGE_TYPES,
] as const;
const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'];
const STATIC_EXTENSIONS = ['pdf', 'docx', 'txt', ...IMAGE_EXTENSIONS];
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

/** The problem with a file chosen for an imageTag or staticFile element, if any. */
export function uploadError(kind: 'imageTag' | 'staticFile', file: { name: string; type: string; size: number }): string | undefined {
  const t = nl.formEditor;
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const types: readonly string[] = kind === 'imageTag' ? IMAGE_TYPES : STATIC_FILE_TYPES;
  const extensions = kind === 'imageTag' ? IMAGE_EXTENSIONS : STATIC_EXTENSIONS;
  // Some systems report no MIME type (e.g. .docx on older Windows); the extension decides then.
  const typeOk = file.type === '' ? extensions.includes(extension) : types.includes(file.type) && extensions.includes(extension);
  if (!typeOk) return kind === 'imageTag' ? t.imageTypeInvalid : t.staticFileTypeInvalid;
  if (file.size > MAX_UPLOAD_BYTES) return nl.elements.fileTooLarge;
  return undefined;
}
