/**
 * A map's status filter (spec 000 section 9): the statuses shown, kept per datasource in local
 * storage under `savedMapFilters-{datasource id}`, written 1 s after the last change so ticking
 * several boxes writes once. The filter reads as null while it shows everything.
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export const SAVE_FILTER_DEBOUNCE_MS = 1_000;

export function filterStorageKey(datasourceId: string): string {
  return `savedMapFilters-${datasourceId}`;
}

/** The saved statuses of a datasource's maps; null when none are saved (or unreadable). */
export function readSavedFilter(datasourceId: string): string[] | null {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(filterStorageKey(datasourceId)) ?? 'null');
    return Array.isArray(saved) && saved.every((status) => typeof status === 'string') ? saved : null;
  } catch {
    return null;
  }
}

export function writeSavedFilter(datasourceId: string, shown: readonly string[] | null): void {
  try {
    if (shown === null) localStorage.removeItem(filterStorageKey(datasourceId));
    else localStorage.setItem(filterStorageKey(datasourceId), JSON.stringify(shown));
  } catch {
    // Private mode or a full quota: the filter still works, it is just not remembered.
  }
}

/** The path segment of the guest map calls: `all`, or the shown statuses joined by `||`. */
export function statusFilterSegment(shown: readonly string[] | null): string {
  return shown === null ? 'all' : shown.join('||');
}

/**
 * Ticks or unticks one status. From "everything" (null) unticking starts from `options`;
 * ticking the last missing one returns to null, so statuses that appear later show too.
 */
export function toggleStatus(shown: readonly string[] | null, status: string, options: readonly string[]): string[] | null {
  const current = shown ?? options;
  const next = current.includes(status) ? current.filter((candidate) => candidate !== status) : [...current, status];
  return options.every((option) => next.includes(option)) ? null : next;
}

/**
 * The status filter of a datasource's map, read from local storage when the datasource is
 * known and saved after a change (debounced; a pending save is written when the map goes).
 */
export function useStatusFilter(datasourceId: string): [string[] | null, (shown: string[] | null) => void] {
  const [state, setState] = useState(() => ({ datasourceId, shown: datasourceId ? readSavedFilter(datasourceId) : null }));
  // The guest map learns its datasource from its first answer: read that datasource's filter then.
  if (state.datasourceId !== datasourceId) setState({ datasourceId, shown: datasourceId ? readSavedFilter(datasourceId) : null });

  const pending = useRef<{ timer: ReturnType<typeof setTimeout>; write(): void } | null>(null);
  const flush = useCallback(() => {
    if (!pending.current) return;
    clearTimeout(pending.current.timer);
    pending.current.write();
    pending.current = null;
  }, []);
  useEffect(() => flush, [datasourceId, flush]);

  const setShown = useCallback(
    (shown: string[] | null) => {
      setState({ datasourceId, shown });
      if (!datasourceId) return;
      if (pending.current) clearTimeout(pending.current.timer);
      const write = () => writeSavedFilter(datasourceId, shown);
      pending.current = {
        write,
        timer: setTimeout(() => {
          pending.current = null;
          write();
        }, SAVE_FILTER_DEBOUNCE_MS),
      };
    },
    [datasourceId],
  );
  return [state.datasourceId === datasourceId ? state.shown : null, setShown];
}
