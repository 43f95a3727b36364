/**
 * The element types the editor offers (document 001 section 3), which of them are premium or
 * admin-only (section 6), and what a new element of each type starts with (sections 4, 5, 9).
 */
import { canBeRequired, type ElementType, type FormElement } from '@/lib/form-logic';
import { nl } from '@/messages/nl-admin';
import { slugify, uniqueName } from './data-name';

/** The types of document 001 section 3, in its order. */
export const EDITOR_TYPES = [
  'text',
  'textarea',
  'number',
  'email',
  'date',
  'time',
  'datetime',
  'checkbox_single',
  'checkbox_multiple',
  'radio',
  'select',
  'file',
  'image',
  'header',
  'signature',
  'subform',
  'calculation',
  'map',
  'gps',
  'tracking',
  'qrCodeScanner',
  'search',
  'linkedForm',
  'computed',
  'staticText',
  'imageTag',
  'staticFile',
  'stateTransition',
] as const satisfies readonly ElementType[];

export type EditorType = (typeof EDITOR_TYPES)[number];

/** The Dutch name of a type; types the editor does not offer keep their technical name. */
export function typeLabel(type: string): string {
  const labels: Record<string, string> = nl.formEditor.types;
  return labels[type] ?? type;
}

/** Premium elements and the client module (document 002 section 2) that unlocks each. */
export const PREMIUM_MODULES: Partial<Record<ElementType, string>> = {
  map: 'map_element',
  gps: 'location',
  tracking: 'tracking',
  qrCodeScanner: 'qr_code',
};

/** Only admins may add these (document 001 section 6). */
export const ADMIN_ONLY: ReadonlySet<string> = new Set(['linkedForm', 'computed']);

export type TypeAvailability = { kind: 'available' } | { kind: 'premium'; module: string } | { kind: 'admin-only' };

export function typeAvailability(type: string, modules: readonly string[], admin: boolean): TypeAvailability {
  if (ADMIN_ONLY.has(type) && !admin) return { kind: 'admin-only' };
  const module = PREMIUM_MODULES[type as ElementType];
  if (module && !modules.includes(module)) return { kind: 'premium', module };
  return { kind: 'available' };
}

export const CHOICE_TYPES: ReadonlySet<string> = new Set(['radio', 'select', 'checkbox_multiple']);

/** Spec 001 section 9 and section 5's defaults. */
export const DEFAULTS = {
  textareaRows: 3,
  mapCenter: { lat: 52.155, lon: 5.387 },
  mapZoom: 7,
  minAccuracy: 25,
  featuresMaxSelect: 1,
  featureStyles: [
    { status: 'open', color: '#3399CC' },
    { status: 'closed', color: '#e20000' },
  ],
} as const;

/** A condition of a map feature action (spec 001 section 3); `operator` is always '='. */
export interface FeatureCondition {
  conditionType?: string;
  dataName?: string;
  operator?: string;
  dataValue?: string;
  [extra: string]: unknown;
}

/** What a feature action does to the selected feature. */
export interface FeatureActionStep {
  actionType?: string;
  status?: string;
  datasource_column?: string;
  datasource_value?: string;
  [extra: string]: unknown;
}

export interface FeatureAction {
  conditions?: FeatureCondition[];
  conditionMethod?: string;
  actions?: FeatureActionStep[];
  [extra: string]: unknown;
}

export const CONDITION_TYPES = ['always', 'dataValue'] as const;
export const CONDITION_METHODS = ['and', 'or'] as const;
export const FEATURE_ACTION_TYPES = ['setStatus', 'setValueDatasource', 'setHidden'] as const;

/** The fields each action type uses; the others are dropped when the type changes. */
export const ACTION_FIELDS: Record<(typeof FEATURE_ACTION_TYPES)[number], readonly ('status' | 'datasource_column' | 'datasource_value')[]> = {
  setStatus: ['status'],
  setValueDatasource: ['datasource_column', 'datasource_value'],
  setHidden: [],
};

/** A condition as 'add condition' appends it: compare an element's value. */
export function newFeatureCondition(): FeatureCondition {
  return { conditionType: 'dataValue', dataName: '', operator: '=', dataValue: '' };
}

export function newFeatureActionStep(): FeatureActionStep {
  return { actionType: 'setStatus', status: '' };
}

/** A new feature action: always, setting a status still to be filled in. */
export function newFeatureAction(): FeatureAction {
  return { conditions: [{ conditionType: 'always' }], conditionMethod: 'and', actions: [newFeatureActionStep()] };
}

function newUuid(): string {
  return globalThis.crypto?.randomUUID?.() ?? `el-${Date.now()}-${Math.random().toString(16).slice(2)}`;
}

/**
 * A new element of a type with the defaults of section 5: required where the type can be (types
 * without an input in the fill-in never are, or the form could not be sent), number
 * with the `number` rule, checkbox options first/second/third, textarea rows 3, map and gps
 * settings of section 9. Its data name follows the Dutch type label until the user changes it.
 */
export function newElement(type: EditorType, takenNames: readonly string[]): FormElement {
  const label = typeLabel(type);
  const element: FormElement = {
    uuid: newUuid(),
    name: uniqueName(slugify(label) || type, takenNames),
    label,
    elementType: type,
    validation: canBeRequired(type) ? [{ name: 'required' }] : [],
  };
  switch (type) {
    case 'number':
      element.validation = [{ name: 'number' }, { name: 'required' }];
      break;
    case 'textarea':
      element.rows = DEFAULTS.textareaRows;
      break;
    case 'checkbox_multiple':
      element.options = nl.formEditor.defaultOptions.map((option) => ({ ...option }));
      break;
    case 'radio':
    case 'select':
      element.options = [{ value: '', label: '' }];
      break;
    case 'header':
      element.component = 'h2';
      break;
    case 'signature':
      element.signatureSize = 'normal';
      break;
    case 'calculation':
      element.formula = '';
      element.number_formatter = 'none';
      break;
    case 'subform':
      element.subform = { schema: [], rules: [], values: {} };
      break;
    case 'map':
      element.mapSettings = {
        center: { ...DEFAULTS.mapCenter },
        zoomlevel: DEFAULTS.mapZoom,
        mapLayers: [],
        featuresMaxSelect: DEFAULTS.featuresMaxSelect,
        featureStyles: DEFAULTS.featureStyles.map((style) => ({ ...style })),
        featureActions: [],
        showMapSearch: false,
        showDataColumns: false,
        show_status_filters: false,
        guest_map_enabled: false,
      };
      break;
    case 'search':
      element.searchSettings = { datasourceId: '', itemAction: 'doNothing', itemStyles: [] };
      break;
    case 'gps':
      element.mapSettings = {
        center: { ...DEFAULTS.mapCenter },
        zoomlevel: DEFAULTS.mapZoom,
        minAccuracy: DEFAULTS.minAccuracy,
        setManualLocation: false,
      };
      break;
    case 'stateTransition':
      element.next_phase = '0';
      element.assign_to_user = '0';
      break;
    case 'staticText':
      element.staticText = '';
      break;
    default:
      break;
  }
  return element;
}
