/**
 * Files kept on the device until their registration is sent (issue 10, decision 014).
 *
 * A file chosen while the server cannot be reached is stored here (after the same resize as an
 * upload) and the field's value gets an `OfflineFileValue` in place of the upload answer. The
 * value travels with the saved registration (sync included), so another device knows the file
 * exists and where. When the registration is sent, the files are uploaded first
 * (features/fill/offline-uploads.ts), then marked sent here; they stay 31 days after that
 * (spec 000 section 9) and never go before it, unless nothing on the device refers to them any
 * more (removed from the field, or the registration deleted) for a day.
 */
import { currentUserId, deviceDb, type DeviceDb, type OfflineFile } from './db';
import { thisDevice } from './device';

/** The field value of a file kept on a device. */
export interface OfflineFileValue {
  offline_id: string;
  filename: string;
  filemime: string;
  filesize: number;
  sha256: string;
  /** Where it is: `lib/offline/device.ts`. */
  device_id: string;
  device_name: string;
}

/** Sent files stay this long (spec 000 section 9: offline files are kept 31 days). */
export const OFFLINE_FILE_KEPT_AFTER_SEND_MS = 31 * 24 * 60 * 60 * 1000;
/** A file nothing refers to (removed from its field, its registration deleted) goes after this. */
export const UNREFERENCED_FILE_GRACE_MS = 24 * 60 * 60 * 1000;

/** The device store is full: the file was not kept, nothing else changed. */
export class DeviceStoreFullError extends Error {
  constructor(cause: unknown) {
    super('device store full', { cause });
    this.name = 'DeviceStoreFullError';
  }
}

/** Whether an error from IndexedDB (through dexie or not) says the storage quota is used up. */
export function isQuotaError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  // dexie names its quota error as IndexedDB does.
  if (error.name === 'QuotaExceededError') return true;
  const inner = (error as { inner?: unknown }).inner;
  return inner !== undefined && inner !== error && isQuotaError(inner);
}

export function isOfflineFileValue(value: unknown): value is OfflineFileValue {
  return typeof value === 'object' && value !== null && typeof (value as OfflineFileValue).offline_id === 'string';
}

/** Every offline file entry in a registration's values, subform entries included. */
export function offlineEntries(values: unknown): OfflineFileValue[] {
  const found: OfflineFileValue[] = [];
  const walk = (value: unknown) => {
    if (isOfflineFileValue(value)) found.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(walk);
  };
  walk(values);
  return found;
}

/** A copy of `values` with each offline file entry replaced by what `replace` gives for it. */
export function replaceOfflineEntries(values: unknown, replace: (entry: OfflineFileValue) => unknown): unknown {
  if (isOfflineFileValue(values)) return replace(values);
  if (Array.isArray(values)) return values.map((value) => replaceOfflineEntries(value, replace));
  if (typeof values === 'object' && values !== null) {
    return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, replaceOfflineEntries(value, replace)]));
  }
  return values;
}

/** SHA-256 of the bytes as 64 lowercase hex, as the server checks uploads. */
export async function sha256Hex(data: ArrayBuffer): Promise<string> {
  // A view of this realm's type: some runtimes (jsdom in the tests) hand out a Blob's buffer from
  // another realm, which SubtleCrypto then refuses.
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(data));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Stores a file on the device; its field value. Throws DeviceStoreFullError when there is no room. */
export async function keepOfflineFile(
  blob: Blob,
  filename: string,
  field: { image: boolean; hd: boolean },
  now = Date.now(),
): Promise<OfflineFileValue> {
  const data = await blob.arrayBuffer();
  const sha256 = await sha256Hex(data);
  const id = crypto.randomUUID();
  const owner = currentUserId();
  const file: OfflineFile = {
    id,
    ...(owner === undefined ? {} : { user_id: owner }),
    filename,
    filemime: blob.type || 'application/octet-stream',
    filesize: data.byteLength,
    sha256,
    image: field.image,
    hd: field.hd,
    created_at: now,
    sent_at: null,
  };
  const { db } = await deviceDb();
  try {
    await db.transaction('rw', db.offlineFiles, db.offlineFileData, async () => {
      await db.offlineFileData.add({ id, data });
      await db.offlineFiles.add(file);
    });
  } catch (error) {
    if (isQuotaError(error)) throw new DeviceStoreFullError(error);
    throw error;
  }
  const device = thisDevice();
  return { offline_id: id, filename, filemime: file.filemime, filesize: file.filesize, sha256, device_id: device.id, device_name: device.name };
}

/** A kept file with its bytes as a Blob of its type. */
export interface KeptFile {
  file: OfflineFile;
  blob: Blob;
}

/** The file behind an entry, when it is on this device. */
export async function readOfflineFile(id: string): Promise<KeptFile | undefined> {
  const { db } = await deviceDb();
  return db.transaction('r', db.offlineFiles, db.offlineFileData, async () => {
    const [file, bytes] = await Promise.all([db.offlineFiles.get(id), db.offlineFileData.get(id)]);
    return file && bytes ? { file, blob: new Blob([bytes.data], { type: file.filemime }) } : undefined;
  });
}

/** After a send: the registration's files start their 31 days. */
export async function markOfflineFilesSent(ids: readonly string[], now = Date.now()): Promise<void> {
  if (ids.length === 0) return;
  const { db } = await deviceDb();
  await db.offlineFiles.where('id').anyOf([...ids]).modify({ sent_at: now });
}

/** Ids of the files the saved registrations on this device refer to (any user's). */
async function referencedIds(db: DeviceDb): Promise<Set<string>> {
  const ids = new Set<string>();
  await db.savedRegistrations.each((entry) => {
    for (const file of offlineEntries(entry.values)) ids.add(file.offline_id);
    if (entry.conflict) for (const file of offlineEntries(entry.conflict.values)) ids.add(file.offline_id);
  });
  return ids;
}

/**
 * Removes sent files after 31 days, and files nothing refers to after a day. A file whose
 * registration was not sent stays as long as a saved registration refers to it.
 */
export async function purgeOfflineFiles(now = Date.now()): Promise<number> {
  const { db } = await deviceDb();
  return db.transaction('rw', db.offlineFiles, db.offlineFileData, db.savedRegistrations, async () => {
    const referenced = await referencedIds(db);
    const expired = await db.offlineFiles
      .filter((file) =>
        file.sent_at !== null
          ? file.sent_at < now - OFFLINE_FILE_KEPT_AFTER_SEND_MS
          : !referenced.has(file.id) && file.created_at < now - UNREFERENCED_FILE_GRACE_MS,
      )
      .primaryKeys();
    await db.offlineFiles.bulkDelete(expired);
    await db.offlineFileData.bulkDelete(expired);
    return expired.length;
  });
}

/** Ids of the files on this device that were not sent yet. */
export async function unsentOfflineFileIds(store?: DeviceDb): Promise<Set<string>> {
  // Inside a transaction the caller hands its store over: waiting for anything but dexie there
  // would let the transaction commit early.
  const db = store ?? (await deviceDb()).db;
  return new Set(await db.offlineFiles.filter((file) => file.sent_at === null).primaryKeys());
}

export interface OfflineFileUsage {
  /** Files waiting for their registration to be sent. */
  waiting: { count: number; bytes: number };
  /** Files of sent registrations, kept 31 days. */
  sent: { count: number; bytes: number };
}

/** What the kept files take, for the diagnostics page. */
export async function offlineFileUsage(): Promise<OfflineFileUsage> {
  const usage: OfflineFileUsage = { waiting: { count: 0, bytes: 0 }, sent: { count: 0, bytes: 0 } };
  const { db } = await deviceDb();
  await db.offlineFiles.each((file) => {
    const bucket = file.sent_at === null ? usage.waiting : usage.sent;
    bucket.count += 1;
    bucket.bytes += file.filesize;
  });
  return usage;
}
