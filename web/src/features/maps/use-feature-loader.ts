import { useCallback, useEffect, useRef, useState } from 'react';
import { boundsQuery, type Bounds } from './map-view';

export type LoadStatus = 'loading' | 'loaded' | 'failed';

/** An answer already in hand (a route loader's), and the key it was asked for. */
export interface InitialAnswer<T> {
  key: string;
  value: T;
}

export interface FeatureLoader<T> {
  status: LoadStatus;
  /** The latest answer; kept while the next one loads or when it fails. */
  value: T | undefined;
  /** For FeatureMap's onViewportChange; reloads only when loading live. */
  onViewportChange(bounds: Bounds): void;
  retry(): void;
}

/**
 * Loads a map's features again whenever `key` (datasource, status filter) changes and, when
 * `live`, whenever the settled viewport does; a live map waits for its first viewport. A newer
 * request aborts the one before, so a fast pan never shows an older viewport's answer last.
 */
export function useFeatureLoader<T>(
  key: string,
  live: boolean,
  load: (bounds: Bounds | null, signal: AbortSignal) => Promise<T>,
  initial?: InitialAnswer<T>,
): FeatureLoader<T> {
  const [bounds, setBounds] = useState<Bounds | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<LoadStatus>(initial ? 'loaded' : 'loading');
  const [value, setValue] = useState<T | undefined>(initial?.value);
  const latestLoad = useRef(load);
  useEffect(() => {
    latestLoad.current = load;
  });

  const viewport = live ? bounds : null;
  // Equal extents after rounding are one request (and one cached URL offline).
  const viewportKey = viewport ? JSON.stringify(boundsQuery(viewport)) : '';
  const answered = initial !== undefined && initial.key === key && viewportKey === '' && attempt === 0;
  useEffect(() => {
    if ((live && !viewport) || answered) return;
    const controller = new AbortController();
    setStatus('loading');
    latestLoad.current(viewport, controller.signal).then(
      (next) => {
        if (controller.signal.aborted) return;
        setValue(next);
        setStatus('loaded');
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('map features could not be loaded', error);
        setStatus('failed');
      },
    );
    return () => controller.abort();
    // viewport is represented by viewportKey: a new object of the same extent is no new request.
  }, [key, viewportKey, attempt, live, answered]);

  const onViewportChange = useCallback((next: Bounds) => setBounds(next), []);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { status, value, onViewportChange, retry };
}
