import { countUnsynced, useUnsyncedCount } from './db';

/**
 * Number of registrations saved on this device and not yet known to the server (badge of
 * 'Opgeslagen registraties'), read from the device store.
 */
export function countUnsentRegistrations(): Promise<number> {
  return countUnsynced();
}

/** The same count, kept current by a live query on the device store. */
export const useUnsentCount: () => number = useUnsyncedCount;
