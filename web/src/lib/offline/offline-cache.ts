import { isUnreachableError } from '@/lib/api/errors';
import { isOnline } from './connectivity';
import { deviceDb, type DeviceDb } from './db';

/**
 * Offline copies of what a field user needs without signal (spec 000 sections 1-4): the folder
 * tree per client and every form opened. Each server answer refreshes the copy; only a request
 * that got no real answer (a network error, or a gateway error of a proxy before a stopped server)
 * falls back to it. A real answer such as 401, 403 or 404 is passed on unchanged.
 *
 * The answer does not wait for its copy to be written: on a first load the device store's code is
 * not in yet, and the screen would wait for it (decision 029). `copiesWritten` waits for them.
 */
async function withFallback<T>(
  request: () => Promise<T>,
  store: (db: DeviceDb, value: T) => Promise<unknown>,
  cached: (db: DeviceDb) => Promise<T | undefined>,
): Promise<T> {
  let value: T;
  try {
    value = await request();
  } catch (error) {
    if (!isUnreachableError(error)) throw error;
    const copy = await deviceDb()
      .then(({ db }) => cached(db))
      .catch(() => undefined);
    if (copy === undefined) throw error;
    return copy;
  }
  // A full or broken device store must not break the online path.
  const written = deviceDb()
    .then(({ db }) => store(db, value))
    .catch((storeError: unknown) => console.error('caching for offline use failed', storeError))
    .finally(() => writing.delete(written));
  writing.add(written);
  return value;
}

/** Copies being written. */
const writing = new Set<Promise<unknown>>();

/**
 * Resolves once the copies of the answers so far are written (or failed): a logout waits for them
 * before it clears the device, so no copy of the signed-out user's lands after.
 */
export async function copiesWritten(): Promise<void> {
  await Promise.all([...writing]);
}

/** The folder tree of a client, from the server or (without an answer) from the last copy. */
export function cachedFolderTree<T>(clientId: string, request: () => Promise<T>, now = Date.now): Promise<T> {
  return withFallback(
    request,
    (db, folders) => db.folderTrees.put({ client_id: clientId, folders, cachedAt: now() }),
    async (db) => (await db.folderTrees.get(clientId))?.folders as T | undefined,
  );
}

/** A form, from the server or (without an answer) from the copy kept when it was last opened. */
export function cachedForm<T extends { client_id: string }>(formId: string, request: () => Promise<T>, now = Date.now): Promise<T> {
  return withFallback(
    request,
    (db, form) => db.forms.put({ form_id: formId, client_id: form.client_id, form, cachedAt: now() }),
    async (db) => (await db.forms.get(formId))?.form as T | undefined,
  );
}

/** Spec 000 section 9: datasource items are kept 604800 s (7 days) for offline use. */
export const DATASOURCE_MAX_AGE_MS = 604_800_000;

/**
 * A datasource's search list, from the server or (without an answer) from the copy of at most
 * 7 days kept on this device. A copy the service worker answered from its own cache (the API
 * client then reports the server unreachable) is not stored again: the device copy keeps the
 * age of the server's last real answer.
 */
export function cachedDatasource<T>(datasourceId: string, request: () => Promise<T>, now = Date.now): Promise<T> {
  return withFallback(
    request,
    async (db, items) => {
      if (isOnline()) await db.datasources.put({ datasource_id: datasourceId, items, cachedAt: now() });
    },
    async (db) => {
      const copy = await db.datasources.get(datasourceId);
      return copy && now() - copy.cachedAt <= DATASOURCE_MAX_AGE_MS ? (copy.items as T) : undefined;
    },
  );
}

/** Removes datasource copies older than 7 days. */
export async function purgeExpiredDatasources(now = Date.now()): Promise<number> {
  const { db } = await deviceDb();
  return db.datasources.where('cachedAt').below(now - DATASOURCE_MAX_AGE_MS).delete();
}
