import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  filterStorageKey,
  readSavedFilter,
  SAVE_FILTER_DEBOUNCE_MS,
  statusFilterSegment,
  toggleStatus,
  useStatusFilter,
  writeSavedFilter,
} from './status-filter';

afterEach(() => {
  vi.useRealTimers();
});

describe('the saved status filter (spec 000 section 9)', () => {
  it('is kept per datasource under savedMapFilters-{id}', () => {
    expect(filterStorageKey('ds1')).toBe('savedMapFilters-ds1');
    writeSavedFilter('ds1', ['open', '_none']);
    expect(localStorage.getItem('savedMapFilters-ds1')).toBe('["open","_none"]');
    expect(readSavedFilter('ds1')).toEqual(['open', '_none']);
    expect(readSavedFilter('ds2')).toBeNull();
    writeSavedFilter('ds1', null);
    expect(localStorage.getItem('savedMapFilters-ds1')).toBeNull();
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem('savedMapFilters-ds1', '{kapot');
    expect(readSavedFilter('ds1')).toBeNull();
    localStorage.setItem('savedMapFilters-ds1', '[1,2]');
    expect(readSavedFilter('ds1')).toBeNull();
  });

  it('writes once, 1 s after the last change, and a pending change when the map goes', () => {
    vi.useFakeTimers();
    writeSavedFilter('ds1', ['open']);
    const { result, unmount } = renderHook(() => useStatusFilter('ds1'));
    expect(result.current[0]).toEqual(['open']);
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    act(() => result.current[1](['open', 'closed']));
    act(() => result.current[1](['closed']));
    expect(result.current[0]).toEqual(['closed']);
    act(() => vi.advanceTimersByTime(SAVE_FILTER_DEBOUNCE_MS - 1));
    expect(setItem).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(setItem).toHaveBeenCalledTimes(1);
    expect(readSavedFilter('ds1')).toEqual(['closed']);

    act(() => result.current[1](null));
    unmount();
    expect(readSavedFilter('ds1')).toBeNull();
  });

  it('reads the filter of a datasource learnt later (the guest map)', () => {
    writeSavedFilter('ds9', ['closed']);
    const { result, rerender } = renderHook(({ id }) => useStatusFilter(id), { initialProps: { id: '' } });
    expect(result.current[0]).toBeNull();
    rerender({ id: 'ds9' });
    expect(result.current[0]).toEqual(['closed']);
  });
});

describe('toggleStatus', () => {
  const options = ['open', 'closed', '_none'];
  it('unticks from everything, and returns to everything when the last one is ticked again', () => {
    const fewer = toggleStatus(null, 'closed', options);
    expect(fewer).toEqual(['open', '_none']);
    expect(toggleStatus(fewer, 'closed', options)).toBeNull();
    expect(toggleStatus(['open'], 'open', options)).toEqual([]);
  });
});

it('statusFilterSegment is all, or the statuses joined by ||', () => {
  expect(statusFilterSegment(null)).toBe('all');
  expect(statusFilterSegment(['open', '_none'])).toBe('open||_none');
});
