/**
 * Names of the service worker's runtime caches of API answers (configured in vite.config.ts,
 * which imports these names so the two cannot drift apart).
 */
export const API_CACHE_NAMES = {
  /** Datasource answers, 7 days (spec 000 section 9). */
  datasource: 'eform-datasource-items',
  /** Other GET answers of the API, 60 s. */
  requestItems: 'eform-request-items',
} as const;

/**
 * Drops the cached API answers: they are the signed-out user's data, and no later session can
 * use them (cache keys carry the api-key's hash). Never throws; the caches may not exist.
 */
export async function clearApiCaches(storage: CacheStorage | undefined = globalThis.caches): Promise<void> {
  if (!storage) return;
  await Promise.all(Object.values(API_CACHE_NAMES).map((name) => storage.delete(name).catch(() => false)));
}
