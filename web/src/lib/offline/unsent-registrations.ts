import { useUnsyncedCount } from './db';

/**
 * Number of registrations saved on this device and not yet known to the server (badge of
 * 'Opgeslagen registraties'), kept current by a live query on the device store.
 */
export const useUnsentCount: () => number = useUnsyncedCount;
