import Dexie, { type EntityTable } from 'dexie';
import type { CachedDatasource, CachedFolderTree, CachedForm, OfflineFile, OfflineFileData, SavedRegistration } from './device-records';

export { liveQuery } from 'dexie';

/**
 * The device store's IndexedDB database (`eform-offline`). Loaded apart from the first screen's
 * code through `deviceDb()` in `./db` (decision 029); the types and functions live there.
 */
class OfflineDb extends Dexie {
  savedRegistrations!: EntityTable<SavedRegistration, 'fill_token'>;
  folderTrees!: EntityTable<CachedFolderTree, 'client_id'>;
  forms!: EntityTable<CachedForm, 'form_id'>;
  offlineFiles!: EntityTable<OfflineFile, 'id'>;
  offlineFileData!: EntityTable<OfflineFileData, 'id'>;
  datasources!: EntityTable<CachedDatasource, 'datasource_id'>;

  constructor() {
    super('eform-offline');
    // Raise the version and add a stores()/upgrade() step for every schema change.
    this.version(1).stores({ savedRegistrations: 'fill_token, client_id, form_id, lastChange' });
    // Version 2: offline copies of the folder tree (per client) and of opened forms.
    this.version(2).stores({ folderTrees: 'client_id', forms: 'form_id, client_id' });
    // Version 3: files kept on the device until their registration is sent.
    this.version(3).stores({ offlineFiles: 'id, sent_at, created_at', offlineFileData: 'id' });
    // Version 4: search lists of datasources, for search elements without signal.
    this.version(4).stores({ datasources: 'datasource_id, cachedAt' });
  }
}

export const db = new OfflineDb();
