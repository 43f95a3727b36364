import Dexie, { liveQuery, type EntityTable } from 'dexie';
import { getSession } from '@/lib/auth/session';
import { createStore, useStore } from '@/lib/store';

/**
 * The device store (spec 000 sections 3 and 4): registrations saved on this device, keyed by
 * their fill token. `unsynced` marks a copy the server has not seen yet; `conflict` holds the
 * server's newer copy until the user picks a version.
 */
export interface SyncedRegistration {
  fill_token: string;
  form_id: string;
  client_id: string;
  form_name: string;
  form_summary: string | null;
  schema: unknown;
  values: unknown;
  /** ISO 8601. */
  registration_updated_at: string;
  /** ISO 8601 once marked deleted, otherwise null. */
  registration_saved_deleted_at: string | null;
  /** The server version this copy is based on; absent for a copy never synced. */
  version?: number;
}

export interface SavedRegistration extends SyncedRegistration {
  /**
   * Whose copy this is. A device can be shared: another user's copies stay on the device,
   * unseen and unsent, until that user signs in again (nothing that exists only here is lost).
   * Absent on copies from before version 3: the next user who syncs adopts them.
   */
  user_id?: string;
  unsynced: boolean;
  conflict: SyncedRegistration | null;
  /** Epoch ms of the last local change (sorting, 'laatste wijziging'). */
  lastChange: number;
}

/** What a caller saves: the store adds the bookkeeping. */
export type SaveInput = Omit<SyncedRegistration, 'registration_updated_at' | 'registration_saved_deleted_at' | 'version'>;

/** Saved registrations older than this are removed automatically (spec 000 section 9). */
export const SAVED_REGISTRATION_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/** The last folder tree the server answered for one client (spec 000 sections 1-4: offline use). */
export interface CachedFolderTree {
  client_id: string;
  folders: unknown;
  /** Epoch ms of the answer. */
  cachedAt: number;
}

/** The last copy the server answered of a form the user opened. */
export interface CachedForm {
  form_id: string;
  client_id: string;
  form: unknown;
  /** Epoch ms of the answer. */
  cachedAt: number;
}

class OfflineDb extends Dexie {
  savedRegistrations!: EntityTable<SavedRegistration, 'fill_token'>;
  folderTrees!: EntityTable<CachedFolderTree, 'client_id'>;
  forms!: EntityTable<CachedForm, 'form_id'>;

  constructor() {
    super('eform-offline');
    // Raise the version and add a stores()/upgrade() step for every schema change.
    this.version(1).stores({ savedRegistrations: 'fill_token, client_id, form_id, lastChange' });
    // Version 2: offline copies of the folder tree (per client) and of opened forms.
    this.version(2).stores({ folderTrees: 'client_id', forms: 'form_id, client_id' });
  }
}

export const db = new OfflineDb();

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
  const state = getSession();
  return state.status === 'authenticated' ? state.session.user.id : undefined;
}

/** Whether a device copy belongs to the signed-in user (copies without an owner are adopted). */
export function isMine(entry: SavedRegistration, userId = currentUserId()): boolean {
  return entry.user_id === undefined || entry.user_id === userId;
}

/** Stores (or overwrites) a registration locally, flagged unsynced. Keeps a known server version. */
export async function saveRegistration(input: SaveInput, now = new Date()): Promise<SavedRegistration> {
  requestPersistentStorage();
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

export function getSavedRegistration(fillToken: string): Promise<SavedRegistration | undefined> {
  return db.savedRegistrations.get(fillToken);
}

/** The user's registrations saved for one client, newest change first (deleted ones included). */
export async function listSavedRegistrations(clientId: string): Promise<SavedRegistration[]> {
  const userId = currentUserId();
  const rows = (await db.savedRegistrations.where('client_id').equals(clientId).toArray()).filter((entry) => isMine(entry, userId));
  return rows.sort((a, b) => b.lastChange - a.lastChange);
}

/**
 * Deletes a saved registration. One the server never had (no fill token or never synced) goes
 * at once; otherwise it is marked deleted and unsynced so the next sync tells the server.
 */
export async function deleteSavedRegistration(fillToken: string, now = new Date()): Promise<void> {
  await db.transaction('rw', db.savedRegistrations, async () => {
    const entry = await db.savedRegistrations.get(fillToken);
    if (!entry) return;
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
  await db.savedRegistrations.delete(fillToken);
}

/** The user's saved registrations not yet known to the server (badge of 'Opgeslagen registraties'). */
export function countUnsynced(): Promise<number> {
  const userId = currentUserId();
  return db.savedRegistrations.filter((entry) => entry.unsynced && isMine(entry, userId)).count();
}

/** Removes registrations whose last change is older than one year. */
export async function purgeExpired(now = Date.now()): Promise<number> {
  return db.savedRegistrations.where('lastChange').below(now - SAVED_REGISTRATION_MAX_AGE_MS).delete();
}

const unsyncedCount = createStore(0);
let countSubscription: { unsubscribe(): void } | undefined;

/** Keeps `unsyncedCount` current through a dexie live query (started once, on first use). */
function watchUnsyncedCount(): void {
  if (countSubscription || typeof indexedDB === 'undefined') return;
  countSubscription = liveQuery(countUnsynced).subscribe({
    next: (count) => unsyncedCount.set(count),
    error: (error: unknown) => console.error('counting unsynced registrations failed', error),
  });
}

export function useUnsyncedCount(): number {
  watchUnsyncedCount();
  return useStore(unsyncedCount);
}

/** Live list of one client's saved registrations (undefined while loading). */
export function watchSavedRegistrations(clientId: string, onChange: (rows: SavedRegistration[]) => void): () => void {
  const subscription = liveQuery(() => listSavedRegistrations(clientId)).subscribe({
    next: onChange,
    error: (error: unknown) => console.error('reading saved registrations failed', error),
  });
  return () => subscription.unsubscribe();
}
