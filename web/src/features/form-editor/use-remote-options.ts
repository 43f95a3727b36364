import { useEffect, useState } from 'react';

export interface RemoteOption {
  value: string;
  label: string;
}

/**
 * Options the editor loads from the server (datasources, published forms, assignable users).
 * Null until loaded and when loading failed: callers then offer a plain text field, so a
 * missing list never blocks editing. Failures are only logged (spec 001 section 8).
 */
export function useRemoteOptions(load: (() => Promise<RemoteOption[]>) | null, key: string): RemoteOption[] | null {
  const [options, setOptions] = useState<RemoteOption[] | null>(null);
  useEffect(() => {
    if (!load) return;
    let live = true;
    load().then(
      (list) => live && setOptions(list),
      (error: unknown) => console.error(`form editor: loading ${key} failed`, error),
    );
    return () => {
      live = false;
    };
    // `load` is recreated every render; the key says when the list really changes.
  }, [key]);
  return options;
}
