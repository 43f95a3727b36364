/**
 * The list's state in its URL (`?tab=trash&page=1&per=20&sort=naam&dir=1&f=[...]`), so the back
 * button from a registration, a reload or a shared link shows the same selection.
 */
import { INITIAL_REVIEW, PAGE_SIZES, type Filter, type PageSize, type ReviewState, type Tab } from './review-query';

const TABS: readonly Tab[] = ['completed', 'incomplete', 'trash'];

function isFilter(value: unknown): value is Filter {
  const f = value as Filter;
  return typeof value === 'object' && value !== null && typeof f.path === 'string' && typeof f.operator === 'string' && typeof f.value === 'string';
}

/** Reads the state; anything unknown falls back to the default. */
export function readReview(search: URLSearchParams): ReviewState {
  const tab = TABS.find((t) => t === search.get('tab')) ?? INITIAL_REVIEW.tab;
  const page = Number(search.get('page'));
  const per = Number(search.get('per'));
  let filters: Filter[] = [];
  try {
    const parsed: unknown = JSON.parse(search.get('f') ?? '[]');
    filters = Array.isArray(parsed) ? parsed.filter(isFilter) : [];
  } catch {
    filters = [];
  }
  return {
    tab,
    page: Number.isInteger(page) && page >= 0 ? page : 0,
    perPage: (PAGE_SIZES as readonly number[]).includes(per) ? (per as PageSize) : INITIAL_REVIEW.perPage,
    sortBy: search.get('sort') || null,
    sortDirection: search.get('dir') === '1' ? 1 : -1,
    filters,
  };
}

/** Writes the state, leaving defaults out. */
export function writeReview(state: ReviewState): URLSearchParams {
  const search = new URLSearchParams();
  if (state.tab !== INITIAL_REVIEW.tab) search.set('tab', state.tab);
  if (state.page > 0) search.set('page', String(state.page));
  if (state.perPage !== INITIAL_REVIEW.perPage) search.set('per', String(state.perPage));
  if (state.sortBy) search.set('sort', state.sortBy);
  if (state.sortDirection === 1) search.set('dir', '1');
  if (state.filters.length > 0) search.set('f', JSON.stringify(state.filters));
  return search;
}
