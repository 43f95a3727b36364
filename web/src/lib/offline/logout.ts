/**
 * Logout on a shared device (decision 012). The device keeps nothing of a signed-out user that
 * the server already has, and never loses what only the device has: unsynced registrations stay,
 * bound to their owner, unseen and unsent by anyone else, and are synced at the owner's next login.
 */
import { countUnsynced, currentUserId, deviceDb } from './db';
import { copiesWritten } from './offline-cache';
import { offlineEntries, unsentOfflineFileIds } from './offline-files';
import { forgetRememberedInputs } from './remembered-inputs';
import { syncSavedRegistrations } from './sync';

/**
 * How long logout waits for its last sync. A failing network answers at once; a hanging one must
 * not keep the user on the logout screen: the sync goes on in the background (its answer is
 * merged only while the same user is still signed in) and the count tells what is still only here.
 */
export const LOGOUT_SYNC_WAIT_MS = 15_000;

/**
 * Hands the signed-in user's unsynced registrations to the server if it can be reached, then
 * counts those still only on this device (the logout screen asks before leaving them behind).
 */
export async function syncBeforeLogout(waitMs = LOGOUT_SYNC_WAIT_MS): Promise<number> {
  const userId = currentUserId();
  if (userId !== undefined) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const gaveUp = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    });
    await Promise.race([syncSavedRegistrations(), gaveUp]);
    clearTimeout(timer);
  }
  return countUnsynced(userId);
}

/**
 * Removes what the server has from the device: synced saved registrations (of any user: the
 * server holds them all), cached forms, folder trees and datasource lists, remembered inputs. Unsynced copies and
 * deletions not yet synced stay, whoever they belong to, and so do synced copies that refer to a
 * file only this device has (the server holds the registration, not the file: decision 014).
 * Called after the session is cleared, so no sync of the signed-out user can write anything back.
 */
export async function clearDeviceOnLogout(): Promise<void> {
  await copiesWritten();
  const { db } = await deviceDb();
  await db.transaction('rw', db.savedRegistrations, db.forms, db.folderTrees, db.offlineFiles, db.datasources, async () => {
    const onlyHere = await unsentOfflineFileIds(db);
    const holdsFileOnlyHere = (values: unknown) => offlineEntries(values).some((file) => onlyHere.has(file.offline_id));
    await db.savedRegistrations.filter((entry) => !entry.unsynced && !holdsFileOnlyHere(entry.values)).delete();
    await db.forms.clear();
    await db.folderTrees.clear();
    await db.datasources.clear();
  });
  forgetRememberedInputs();
}
