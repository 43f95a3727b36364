import { currentUserId, deviceDb, isMine, watchDeviceStore, type DeviceDb, type SavedRegistration } from './db';
import { offlineFileUsage, type OfflineFileUsage } from './offline-files';

/**
 * Read-only views of the device store for the debug pages (spec 000 section 2). Unlike the
 * unsynced list these cross clients and include synced and deleted copies: support needs to see
 * everything the user has on this device. Another user's copies on a shared device stay hidden
 * (they are only counted), as everywhere else.
 */

/** Every saved registration of the signed-in user on this device, all clients, newest change first. */
export async function listAllSavedRegistrations(): Promise<SavedRegistration[]> {
  return allSavedRegistrationsIn((await deviceDb()).db);
}

async function allSavedRegistrationsIn(db: DeviceDb): Promise<SavedRegistration[]> {
  const userId = currentUserId();
  const rows = (await db.savedRegistrations.toArray()).filter((entry) => isMine(entry, userId));
  return rows.sort((a, b) => b.lastChange - a.lastChange);
}

/** Live version of `listAllSavedRegistrations`; returns the unsubscribe function. */
export function watchAllSavedRegistrations(
  onChange: (rows: SavedRegistration[]) => void,
  onError: (error: unknown) => void,
): () => void {
  return watchDeviceStore(allSavedRegistrationsIn, onChange, onError);
}

export interface DeviceStoreCounts {
  savedTotal: number;
  savedUnsynced: number;
  savedConflicts: number;
  savedDeleted: number;
  /** Copies of other users who signed in on this device (not shown, not sent until they return). */
  savedOtherUsers: number;
  forms: number;
  folderTrees: number;
  /** Files kept on the device (issue 10): waiting to be sent, and those of sent registrations. */
  offlineFiles: OfflineFileUsage;
}

export async function deviceStoreCounts(): Promise<DeviceStoreCounts> {
  const offlineFiles = await offlineFileUsage();
  const { db } = await deviceDb();
  return db.transaction('r', db.savedRegistrations, db.forms, db.folderTrees, async () => {
    const userId = currentUserId();
    const all = await db.savedRegistrations.toArray();
    const saved = all.filter((entry) => isMine(entry, userId));
    return {
      savedTotal: saved.length,
      savedUnsynced: saved.filter((entry) => entry.unsynced).length,
      savedConflicts: saved.filter((entry) => entry.conflict !== null).length,
      savedDeleted: saved.filter((entry) => entry.registration_saved_deleted_at !== null).length,
      savedOtherUsers: all.length - saved.length,
      forms: await db.forms.count(),
      folderTrees: await db.folderTrees.count(),
      offlineFiles,
    };
  });
}
