import { api } from '@/lib/api';
import type { ApiSchemas, Refine } from '@/lib/api/types';
import { showToast } from '@/lib/toast';
import { nl } from '@/messages/nl';
import { currentUserId, deviceDb, isMine, purgeExpired, requestPersistentStorage, type SavedRegistration, type SyncedRegistration } from './db';
import { purgeExpiredDatasources } from './offline-cache';
import { purgeOfflineFiles } from './offline-files';

export const SYNC_PATH = '/api/saved-registrations-sync';

/** One entry as `POST api/saved-registrations-sync` takes and answers it. */
export interface SyncEntity extends SyncedRegistration {
  unsynced: boolean;
}

// The document types the entries as free-form JSON; they are the device's own entities.

export type SyncConflict = Refine<ApiSchemas['Conflict'], { client_version: SyncEntity; server_version: SyncEntity }>;

export type SyncAnswer = Refine<ApiSchemas['SyncAnswer'], { registrations: SyncEntity[]; conflicts: SyncConflict[] }>;

function toEntity(entry: SavedRegistration): SyncEntity {
  const entity: SyncEntity = {
    fill_token: entry.fill_token,
    form_id: entry.form_id,
    client_id: entry.client_id,
    form_name: entry.form_name,
    form_summary: entry.form_summary,
    schema: entry.schema,
    values: entry.values,
    registration_updated_at: entry.registration_updated_at,
    registration_saved_deleted_at: entry.registration_saved_deleted_at,
    unsynced: true,
  };
  if (entry.version !== undefined) entity.version = entry.version;
  return entity;
}

function fromServer(entity: SyncEntity, now: number, userId: string | undefined): SavedRegistration {
  const entry: SavedRegistration = {
    ...(userId === undefined ? {} : { user_id: userId }),
    fill_token: entity.fill_token,
    form_id: entity.form_id,
    client_id: entity.client_id,
    form_name: entity.form_name,
    form_summary: entity.form_summary ?? null,
    schema: entity.schema,
    values: entity.values,
    registration_updated_at: entity.registration_updated_at,
    registration_saved_deleted_at: entity.registration_saved_deleted_at ?? null,
    unsynced: false,
    conflict: null,
    lastChange: Date.parse(entity.registration_updated_at) || now,
  };
  if (entity.version !== undefined) entry.version = entity.version;
  return entry;
}

/**
 * Merges the server's answer into the device store. `sent` is the snapshot of what was posted,
 * `userId` the user whose answer it is: when another user (or nobody) is signed in by the time
 * the merge runs, the answer is dropped, so a sync that outlives a logout can neither write one
 * user's copies for the next nor leave them without an owner. Resolves whether it merged.
 * - a local copy the user changed while the request ran is left alone;
 * - a conflict is stored on the local copy, which stays unsynced;
 * - an unsynced copy is never removed: it is only replaced by the server's copy of the same token
 *   (a sent deletion the server accepted is the one exception: it is done);
 * - synced copies the server no longer lists are removed; new server copies are added;
 * - only the signed-in user's copies are touched: the answer is that user's list.
 */
export async function mergeSyncAnswer(
  sent: readonly SavedRegistration[],
  answer: SyncAnswer,
  userId: string,
  now = Date.now(),
): Promise<boolean> {
  const sentByToken = new Map(sent.map((entry) => [entry.fill_token, entry]));
  const returned = new Map(answer.registrations.map((entity) => [entity.fill_token, entity]));
  const conflicts = new Map(answer.conflicts.map((conflict) => [conflict.fill_token, conflict]));
  const rejected = new Set(answer.rejected);

  const { db } = await deviceDb();
  return db.transaction('rw', db.savedRegistrations, async () => {
    // Checked inside the transaction: logout clears the device in a transaction of its own.
    if (currentUserId() !== userId) return false;
    const locals = (await db.savedRegistrations.toArray()).filter((entry) => isMine(entry, userId));
    const seen = new Set<string>();
    for (const local of locals) {
      const token = local.fill_token;
      seen.add(token);
      const snapshot = sentByToken.get(token);
      const unchanged = snapshot !== undefined && snapshot.lastChange === local.lastChange;
      const server = returned.get(token);
      if (local.unsynced) {
        if (snapshot !== undefined && !unchanged) continue; // changed during the request
        const conflict = conflicts.get(token);
        if (conflict) {
          await db.savedRegistrations.put({ ...local, conflict: conflict.server_version });
          continue;
        }
        if (snapshot === undefined || rejected.has(token)) continue;
        if (server) {
          await db.savedRegistrations.put(fromServer(server, now, userId));
        } else if (local.registration_saved_deleted_at !== null) {
          await db.savedRegistrations.delete(token);
        }
        continue;
      }
      if (server) await db.savedRegistrations.put(fromServer(server, now, userId));
      else await db.savedRegistrations.delete(token);
    }
    for (const [token, entity] of returned) {
      if (!seen.has(token)) await db.savedRegistrations.put(fromServer(entity, now, userId));
    }
    return true;
  });
}

let running: Promise<boolean> | null = null;
let again = false;

/**
 * Sends the signed-in user's unsynced copies (not those waiting for a conflict choice) and merges
 * the answer. Failure (network or any answer but 201) changes nothing and shows the sync warning.
 * Calls while a sync runs make one more run afterwards. Resolves true on success; signed out there
 * is nothing to sync (and no key to sync with), which resolves false without a warning.
 */
export function syncSavedRegistrations(): Promise<boolean> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    let ok = true;
    do {
      again = false;
      ok = await syncOnce();
    } while (again && ok);
    return ok;
  })().finally(() => {
    running = null;
  });
  return running;
}

async function syncOnce(): Promise<boolean> {
  const userId = currentUserId();
  if (userId === undefined) return false;
  requestPersistentStorage();
  try {
    await purgeExpired();
    await purgeOfflineFiles();
    await purgeExpiredDatasources();
    const { db } = await deviceDb();
    const sent = await db.savedRegistrations.filter((entry) => entry.unsynced && entry.conflict === null && isMine(entry, userId)).toArray();
    // Signed out while the device store was read: no key to send with, and nothing to warn about.
    if (currentUserId() !== userId) return false;
    const answer = await api.request<SyncAnswer>(SYNC_PATH, { method: 'POST', json: sent.map(toEntity) });
    if (!answer || !Array.isArray(answer.registrations)) throw new Error('unexpected sync answer');
    const answered = { registrations: answer.registrations, conflicts: answer.conflicts ?? [], rejected: answer.rejected ?? [] };
    return await mergeSyncAnswer(sent, answered, userId);
  } catch (error) {
    console.warn('syncing saved registrations failed', error);
    showToast(nl.offline.syncFailed, { severity: 'warning' });
    return false;
  }
}

/** Conflict choice 'local': the local copy is resent on top of the server's version. */
export async function keepLocalVersion(fillToken: string): Promise<void> {
  const { db } = await deviceDb();
  await db.transaction('rw', db.savedRegistrations, async () => {
    const entry = await db.savedRegistrations.get(fillToken);
    if (!entry?.conflict) return;
    const next: SavedRegistration = { ...entry, conflict: null, unsynced: true, lastChange: Date.now() };
    if (entry.conflict.version !== undefined) next.version = entry.conflict.version;
    await db.savedRegistrations.put(next);
  });
  void syncSavedRegistrations();
}

/** Conflict choice 'server': the server's copy replaces the local one. */
export async function keepServerVersion(fillToken: string): Promise<void> {
  const { db } = await deviceDb();
  await db.transaction('rw', db.savedRegistrations, async () => {
    const entry = await db.savedRegistrations.get(fillToken);
    if (!entry?.conflict) return;
    await db.savedRegistrations.put(fromServer({ ...entry.conflict, unsynced: false }, Date.now(), entry.user_id));
  });
}
