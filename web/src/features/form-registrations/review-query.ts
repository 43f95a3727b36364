/**
 * What a manager asks of a form's registrations (spec 001 screen 12, section 7): the tab,
 * filters `f[i][path|operator|value|integer|date]`, the sort and the page, as the server's
 * `GET api/form/{id}/registrations` (and its exports) take them. Pure, so it is tested alone.
 */
import { isLayoutType, subformSchema, type FormElement } from '@/lib/form-logic';
import { nl } from '@/messages/nl-admin';

export type Tab = 'completed' | 'incomplete' | 'trash';

/** Spec 001 section 9. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/** Spec 001 section 9: column labels are cut at 150 characters. */
export const LABEL_LIMIT = 150;

/** How a column is compared and entered. */
export type ColumnKind = 'text' | 'number' | 'date' | 'choice' | 'entries';

export interface Column {
  /** What the server filters and sorts on: a registration field or a value path. */
  path: string;
  label: string;
  kind: ColumnKind;
  /** The element of a value column (a subform's field for `sub.field` paths). */
  element?: FormElement;
  /** The subform of a `sub.field` path. */
  subform?: string;
  /** Subform fields cannot be sorted on: an entry list has no single value. */
  sortable: boolean;
}

export interface Filter {
  path: string;
  operator: string;
  value: string;
}

export interface ReviewState {
  tab: Tab;
  /** 0-based. */
  page: number;
  perPage: PageSize;
  /** Null: the tab's default (newest first; in the trash, most recently trashed first). */
  sortBy: string | null;
  sortDirection: -1 | 1;
  filters: Filter[];
}

export const INITIAL_REVIEW: ReviewState = { tab: 'completed', page: 0, perPage: 10, sortBy: null, sortDirection: -1, filters: [] };

/** A label as a column heading shows it. */
export function cutLabel(label: string): string {
  return label.length > LABEL_LIMIT ? `${label.slice(0, LABEL_LIMIT)}…` : label;
}

function kindOf(element: FormElement): ColumnKind {
  switch (element.elementType) {
    case 'number':
    case 'decimal':
    case 'calculation':
    case 'autoIncrement':
      return 'number';
    case 'date':
    case 'datetime':
      return 'date';
    case 'radio':
    case 'select':
    case 'checkbox_multiple':
      return 'choice';
    default:
      return 'text';
  }
}

/** Elements that hold an answer a table can show and a filter can compare. */
function answers(element: FormElement): boolean {
  return !isLayoutType(element.elementType) && !['signature', 'linkedForm', 'stateTransition', 'tracking'].includes(element.elementType);
}

/**
 * The columns of a form's list: serial number, date, sender (and phase for workflow forms),
 * then every element that holds an answer, subform fields as `subform.field`.
 */
export function columnsOf(schema: readonly FormElement[], workflow: boolean): Column[] {
  const t = nl.review.columns;
  const columns: Column[] = [
    { path: 'registration_serial_number', label: t.serial, kind: 'number', sortable: true },
    { path: 'registration_date', label: t.date, kind: 'date', sortable: true },
    { path: 'registration_user_id.username', label: t.user, kind: 'text', sortable: true },
  ];
  if (workflow) columns.push({ path: 'registration_phase', label: t.phase, kind: 'number', sortable: true });
  for (const element of schema.filter(answers)) {
    const label = cutLabel(element.label || element.name);
    if (element.elementType === 'subform') {
      for (const field of subformSchema(element).filter(answers)) {
        columns.push({
          path: `${element.name}.${field.name}`,
          label: cutLabel(`${label}: ${field.label || field.name}`),
          kind: kindOf(field),
          element: field,
          subform: element.name,
          sortable: false,
        });
      }
      continue;
    }
    columns.push({ path: element.name, label, kind: kindOf(element), element, sortable: true });
  }
  return columns;
}

/** The operators a column offers, in the order the filter menu shows them. */
export function operatorsFor(kind: ColumnKind): string[] {
  switch (kind) {
    case 'number':
      return ['=', '!', '>', '>=', '<', '<=', 'empty', '!empty'];
    case 'date':
      return ['=', '!', '>', '>=', '<', '<=', 'empty', '!empty'];
    case 'choice':
      return ['=', '!', 'empty', '!empty'];
    default:
      return ['contains', '=', '!', 'empty', '!empty'];
  }
}

/** Empty and not-empty need no value. */
export function needsValue(operator: string): boolean {
  return operator !== 'empty' && operator !== '!empty';
}

/** A filter the server can take: a known column and, where needed, a value. */
export function isComplete(filter: Filter, columns: readonly Column[]): boolean {
  const column = columns.find((c) => c.path === filter.path);
  return column !== undefined && operatorsFor(column.kind).includes(filter.operator) && (!needsValue(filter.operator) || filter.value.trim() !== '');
}

/** The tab's default sort field. */
export function defaultSort(tab: Tab): string {
  return tab === 'trash' ? 'deleted_at' : 'registration_date';
}

/**
 * The query of a review: tab, page, page size, sort and the complete filters. `forExport`
 * leaves out what an export does not take (page and sort: exports run in serial order).
 */
export function reviewQuery(state: ReviewState, columns: readonly Column[], { forExport = false } = {}): string {
  const query = new URLSearchParams();
  query.set('tab', state.tab);
  if (!forExport) {
    query.set('page', String(state.page));
    query.set('items_per_page', String(state.perPage));
    query.set('sort_by', state.sortBy ?? defaultSort(state.tab));
    query.set('sort_direction', String(state.sortDirection));
  }
  state.filters
    .filter((filter) => isComplete(filter, columns))
    .forEach((filter, index) => {
      const column = columns.find((c) => c.path === filter.path);
      query.set(`f[${index}][path]`, filter.path);
      query.set(`f[${index}][operator]`, filter.operator);
      // A decimal comma is fine: the server reads '3,5' as 3.5.
      if (needsValue(filter.operator)) query.set(`f[${index}][value]`, filter.value.trim());
      if (column?.kind === 'number') query.set(`f[${index}][integer]`, 'true');
      if (column?.kind === 'date') query.set(`f[${index}][date]`, 'true');
    });
  return query.toString();
}
