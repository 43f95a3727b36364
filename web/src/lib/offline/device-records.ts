// The records of the device store, apart from its functions (`./db`) and its dexie database
// (`./device-db`), which both use them.

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
   * Whose copy this is. A device can be shared (decision 012): another user's unsynced copies stay
   * on the device, unseen and unsent, until that user signs in again (nothing that exists only
   * here is lost). Absent only on copies saved before owners were recorded: the next user who
   * syncs adopts them, and the sync answer binds them to that user.
   */
  user_id?: string;
  unsynced: boolean;
  conflict: SyncedRegistration | null;
  /** Epoch ms of the last local change (sorting, 'laatste wijziging'). */
  lastChange: number;
}

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

/**
 * The last search list the server answered for a datasource (`GET api/datasource/{id}?format=search`),
 * so a search element works without signal (spec 000 sections 3 and 9; kept 7 days).
 */
export interface CachedDatasource {
  datasource_id: string;
  items: unknown;
  /** Epoch ms of the answer. */
  cachedAt: number;
}

/**
 * A file chosen for a form while it could not be uploaded (offline, or the server out of reach),
 * kept on the device until its registration is sent (issue 10, decision 014). The registration's
 * value refers to it by `id` (`OfflineFileValue` in offline-files.ts). Its bytes are in
 * `offlineFileData` under the same id, so listing, counting and purging never read them.
 */
export interface OfflineFile {
  id: string;
  /** Who chose it; absent when nobody was signed in (never for guests, who cannot save). */
  user_id?: string;
  filename: string;
  filemime: string;
  filesize: number;
  /** SHA-256 of the bytes, 64 lowercase hex: the server stores a file once per uploader. */
  sha256: string;
  /** Chosen for an image field (uploaded as kind=image), and one with hdImages. */
  image: boolean;
  hd: boolean;
  /** Epoch ms. */
  created_at: number;
  /** Epoch ms when the registration that refers to it was sent; null before. */
  sent_at: number | null;
}

/** The bytes of an offline file: an ArrayBuffer, which every browser stores in IndexedDB. */
export interface OfflineFileData {
  id: string;
  data: ArrayBuffer;
}
