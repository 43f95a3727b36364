import { useEffect, useState } from 'react';
import { signedInUser, useSession } from '@/lib/auth/session';
import type { SavedRegistration, SyncedRegistration } from './device-records';

export type {
  CachedDatasource,
  CachedFolderTree,
  CachedForm,
  OfflineFile,
  OfflineFileData,
  SavedRegistration,
  SyncedRegistration,
} from './device-records';

/** What a caller saves: the store adds the bookkeeping. */
export type SaveInput = Omit<SyncedRegistration, 'registration_updated_at' | 'registration_saved_deleted_at' | 'version'>;

/** Saved registrations older than this are removed automatically (spec 000 section 9). */
export const SAVED_REGISTRATION_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * The device store itself, with dexie: a chunk of its own that the first screen does not wait for
 * (decision 029). Every function here awaits it; the first call loads it.
 */
export function deviceDb(): Promise<typeof import('./device-db')> {
  return import('./device-db');
}

export type DeviceDb = Awaited<ReturnType<typeof deviceDb>>['db'];

let persistRequested = false;

/** Asks the browser once to keep this origin's storage (not evicted under pressure). */
export function requestPersistentStorage(): void {
  if (persistRequested) return;
  persistRequested = true;
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (storage && typeof storage.persist === 'function') void storage.persist().catch(() => false);
}

/** The signed-in user, owner of what is saved now; undefined when signed out. */
export function currentUserId(): string | undefined {
  return signedInUser()?.id;
}

/** Whether a device copy belongs to the signed-in user (copies without an owner are adopted). */
export function isMine(entry: SavedRegistration, userId = currentUserId()): boolean {
  return entry.user_id === undefined || entry.user_id === userId;
}

/** Stores (or overwrites) a registration locally, flagged unsynced. Keeps a known server version. */
export async function saveRegistration(input: SaveInput, now = new Date()): Promise<SavedRegistration> {
  requestPersistentStorage();
  const { db } = await deviceDb();
  return db.transaction('rw', db.savedRegistrations, async () => {
    const existing = await db.savedRegistrations.get(input.fill_token);
    const owner = existing?.user_id ?? currentUserId();
    const entry: SavedRegistration = {
      ...input,
      ...(owner === undefined ? {} : { user_id: owner }),
      registration_updated_at: now.toISOString(),
      registration_saved_deleted_at: null,
      unsynced: true,
      conflict: existing?.conflict ?? null,
      lastChange: now.getTime(),
    };
    if (existing?.version !== undefined) entry.version = existing.version;
    await db.savedRegistrations.put(entry);
    return entry;
  });
}

/** The signed-in user's copy under a fill token; another user's copy is not there for them. */
export async function getSavedRegistration(fillToken: string, userId = currentUserId()): Promise<SavedRegistration | undefined> {
  const { db } = await deviceDb();
  const entry = await db.savedRegistrations.get(fillToken);
  return entry && isMine(entry, userId) ? entry : undefined;
}

/** The user's registrations saved for one client, newest change first (deleted ones included). */
export async function listSavedRegistrations(clientId: string, userId = currentUserId()): Promise<SavedRegistration[]> {
  const { db } = await deviceDb();
  return savedRegistrationsIn(db, clientId, userId);
}

// The live queries below read through these on the store itself: a live query sees only what its
// function reads through dexie, so it must not wait for anything else (such as loading the store).
async function savedRegistrationsIn(db: DeviceDb, clientId: string, userId: string | undefined): Promise<SavedRegistration[]> {
  const rows = (await db.savedRegistrations.where('client_id').equals(clientId).toArray()).filter((entry) => isMine(entry, userId));
  return rows.sort((a, b) => b.lastChange - a.lastChange);
}

/**
 * Deletes a saved registration. One the server never had (no fill token or never synced) goes
 * at once; otherwise it is marked deleted and unsynced so the next sync tells the server.
 */
export async function deleteSavedRegistration(fillToken: string, now = new Date()): Promise<void> {
  const { db } = await deviceDb();
  await db.transaction('rw', db.savedRegistrations, async () => {
    const entry = await db.savedRegistrations.get(fillToken);
    if (!entry || !isMine(entry)) return;
    if (!entry.fill_token || entry.version === undefined) {
      await db.savedRegistrations.delete(fillToken);
      return;
    }
    await db.savedRegistrations.put({
      ...entry,
      registration_saved_deleted_at: now.toISOString(),
      unsynced: true,
      lastChange: now.getTime(),
    });
  });
}

/** Removes the local copy outright (after the server acknowledged the send). */
export async function removeSavedRegistration(fillToken: string): Promise<void> {
  const { db } = await deviceDb();
  await db.savedRegistrations.delete(fillToken);
}

/** The user's saved registrations not yet known to the server (badge of 'Opgeslagen registraties'). */
export async function countUnsynced(userId = currentUserId()): Promise<number> {
  return unsyncedIn((await deviceDb()).db, userId);
}

function unsyncedIn(db: DeviceDb, userId: string | undefined): Promise<number> {
  return db.savedRegistrations.filter((entry) => entry.unsynced && isMine(entry, userId)).count();
}

/** Removes registrations whose last change is older than one year. */
export async function purgeExpired(now = Date.now()): Promise<number> {
  const { db } = await deviceDb();
  return db.savedRegistrations.where('lastChange').below(now - SAVED_REGISTRATION_MAX_AGE_MS).delete();
}

/**
 * Runs `query` as a dexie live query once the store is loaded: `next` gets its answer now and after
 * every change of what it read; `failed` gets an error of loading or of the query. Answers the
 * unsubscribe, which also stops a subscription that has not started yet.
 */
export function watchDeviceStore<T>(query: (db: DeviceDb) => Promise<T>, next: (value: T) => void, failed: (error: unknown) => void): () => void {
  let stop: (() => void) | null = null;
  let stopped = false;
  deviceDb()
    .then(({ db, liveQuery }) => {
      if (stopped) return;
      const subscription = liveQuery(() => query(db)).subscribe({ next, error: failed });
      stop = () => subscription.unsubscribe();
    })
    .catch(failed);
  return () => {
    stopped = true;
    stop?.();
  };
}

/**
 * The signed-in user's unsynced count, kept current by a dexie live query. The query is bound to
 * the user: after a logout and another user's login it restarts, so nobody sees another's count.
 */
export function useUnsyncedCount(): number {
  const session = useSession();
  const userId = session.status === 'authenticated' ? session.session.user.id : undefined;
  const [counted, setCounted] = useState<{ userId: string; count: number } | null>(null);
  useEffect(() => {
    if (userId === undefined || typeof indexedDB === 'undefined') return;
    return watchDeviceStore(
      (db) => unsyncedIn(db, userId),
      (count) => setCounted({ userId, count }),
      (error) => console.error('counting unsynced registrations failed', error),
    );
  }, [userId]);
  return counted !== null && counted.userId === userId ? counted.count : 0;
}

/** Live list of one user's saved registrations for one client. */
export function watchSavedRegistrations(
  clientId: string,
  userId: string | undefined,
  onChange: (rows: SavedRegistration[]) => void,
): () => void {
  return watchDeviceStore(
    (db) => savedRegistrationsIn(db, clientId, userId),
    onChange,
    (error) => console.error('reading saved registrations failed', error),
  );
}
