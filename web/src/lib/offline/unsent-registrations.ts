/**
 * Number of registrations saved on this device and not yet sent (badge of 'Opgeslagen
 * registraties'). Registrations can only be saved on the device once the offline store exists
 * (dexie, DESIGN section 5); until then no registration is ever stored here, so the true count
 * is 0. The signature is already asynchronous because the store's count will be.
 */
export async function countUnsentRegistrations(): Promise<number> {
  return 0;
}
