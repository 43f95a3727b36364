import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '@/lib/api';
import { SW_CACHE_HEADER } from '@/lib/api/client';
import type { FillableForm, FolderNode } from '@/lib/api/types';
import { setAuthenticated } from '@/lib/auth/session';
import { db } from '@/lib/offline/device-db';
import { cachedDatasource, copiesWritten, DATASOURCE_MAX_AGE_MS, purgeExpiredDatasources } from '@/lib/offline/offline-cache';
import { installFakeServer, json, type FakeHandler } from '@/test/fake-server';
import { storedSession } from '@/test/fixtures';
import { loadFolders, loadForm, loadSearchItems } from './api';

const TREE = [{ folder_name: 'public', children: [], forms: [{ form_id: 'f1', form_name: 'Demo melding' }] }] as unknown as FolderNode[];
const FORM = { form_id: 'f1', form_name: 'Demo melding', client_id: 'c1', schema: [] } as unknown as FillableForm;

const unreachable: FakeHandler = () => {
  throw new TypeError('Failed to fetch');
};

/** A fake server whose answers the test switches between calls. */
function switchable(initial: Record<string, FakeHandler>) {
  const current: Record<string, FakeHandler> = { ...initial };
  const handlers = Object.fromEntries(
    Object.keys(initial).map((key) => [key, (call: Parameters<FakeHandler>[0]) => (current[key] ?? unreachable)(call)]),
  ) as Record<string, FakeHandler>;
  installFakeServer(handlers);
  return current;
}

describe('offline copies of the folder tree and forms', () => {
  it('caches the folder tree on success and serves it when the server cannot be reached', async () => {
    setAuthenticated(storedSession());
    const server = switchable({ 'GET /api/client/c1/folder/user': () => json(200, TREE) });
    await expect(loadFolders('c1')).resolves.toEqual(TREE);
    await copiesWritten();
    const copy = await db.folderTrees.get('c1');
    expect(copy?.folders).toEqual(TREE);
    expect(typeof copy?.cachedAt).toBe('number');

    await copiesWritten();
    server['GET /api/client/c1/folder/user'] = unreachable;
    await expect(loadFolders('c1')).resolves.toEqual(TREE);
  });

  it('caches an opened form with its client and serves it when the server cannot be reached', async () => {
    setAuthenticated(storedSession());
    const server = switchable({ 'GET /api/form/f1': () => json(200, FORM) });
    await expect(loadForm('f1')).resolves.toEqual(FORM);
    await copiesWritten();
    const copy = await db.forms.get('f1');
    expect(copy).toMatchObject({ form_id: 'f1', client_id: 'c1', form: FORM });
    expect(typeof copy?.cachedAt).toBe('number');

    await copiesWritten();
    server['GET /api/form/f1'] = unreachable;
    await expect(loadForm('f1')).resolves.toEqual(FORM);
  });

  it('refreshes the copy with every server answer', async () => {
    setAuthenticated(storedSession());
    const renamed = { ...FORM, form_name: 'Nieuwe naam' };
    const server = switchable({ 'GET /api/form/f1': () => json(200, FORM) });
    await loadForm('f1');
    server['GET /api/form/f1'] = () => json(200, renamed);
    await loadForm('f1');
    await copiesWritten();
    server['GET /api/form/f1'] = unreachable;
    await expect(loadForm('f1')).resolves.toEqual(renamed);
  });

  it('does not mask a 404 with the cached form', async () => {
    setAuthenticated(storedSession());
    const server = switchable({ 'GET /api/form/f1': () => json(200, FORM) });
    await loadForm('f1');
    await copiesWritten();
    server['GET /api/form/f1'] = () => json(404, { message: 'Formulier niet gevonden' });
    const failure = await loadForm('f1').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(404);
  });

  it('does not mask a 403 with the cached folder tree', async () => {
    setAuthenticated(storedSession());
    const server = switchable({ 'GET /api/client/c1/folder/user': () => json(200, TREE) });
    await loadFolders('c1');
    await copiesWritten();
    server['GET /api/client/c1/folder/user'] = () => json(403, {});
    const failure = await loadFolders('c1').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(403);
  });

  it('serves the copy on a gateway error (proxy before a stopped server)', async () => {
    setAuthenticated(storedSession());
    const server = switchable({ 'GET /api/form/f1': () => json(200, FORM) });
    await loadForm('f1');
    await copiesWritten();
    server['GET /api/form/f1'] = () => json(503, {});
    await expect(loadForm('f1')).resolves.toEqual(FORM);
  });

  it('passes the network error on when there is no copy', async () => {
    setAuthenticated(storedSession());
    switchable({ 'GET /api/form/f2': unreachable });
    await expect(loadForm('f2')).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('offline copies of search lists', () => {
  const ITEMS = [
    { id: '1', name: 'Kerkstraat', data: { postcode: '3801 AB' } },
    { id: '2', name: 'Molenweg' },
  ];

  it('keeps the search list of a datasource and serves it when the server cannot be reached', async () => {
    setAuthenticated(storedSession());
    const server = switchable({ 'GET /api/datasource/ds1': () => json(200, ITEMS) });
    await expect(loadSearchItems('ds1')).resolves.toEqual(ITEMS);
    await copiesWritten();
    expect((await db.datasources.get('ds1'))?.items).toEqual(ITEMS);

    await copiesWritten();
    server['GET /api/datasource/ds1'] = unreachable;
    await expect(loadSearchItems('ds1')).resolves.toEqual(ITEMS);
    await copiesWritten();
    server['GET /api/datasource/ds1'] = () => json(404, { status: false, message: 'Niet gevonden' });
    await expect(loadSearchItems('ds1')).rejects.toBeInstanceOf(ApiError);
  });

  it('serves a copy for 7 days (604800 s), not longer', async () => {
    const fail = () => Promise.reject(new NetworkError(new TypeError('Failed to fetch')));
    await cachedDatasource('ds1', async () => ITEMS, () => 1_000);
    await copiesWritten();
    await expect(cachedDatasource('ds1', fail, () => 1_000 + DATASOURCE_MAX_AGE_MS)).resolves.toEqual(ITEMS);
    await expect(cachedDatasource('ds1', fail, () => 1_001 + DATASOURCE_MAX_AGE_MS)).rejects.toBeInstanceOf(NetworkError);
  });

  it("does not take the service worker's cached answer for a server answer", async () => {
    setAuthenticated(storedSession());
    await db.datasources.put({ datasource_id: 'ds1', items: ITEMS.slice(0, 1), cachedAt: 5 });
    switchable({
      'GET /api/datasource/ds1': () =>
        new Response(JSON.stringify(ITEMS), { status: 200, headers: { 'Content-Type': 'application/json', [SW_CACHE_HEADER]: '1' } }),
    });
    await expect(loadSearchItems('ds1')).resolves.toEqual(ITEMS);
    await copiesWritten();
    // The device copy keeps the age of the last real answer.
    expect(await db.datasources.get('ds1')).toEqual({ datasource_id: 'ds1', items: ITEMS.slice(0, 1), cachedAt: 5 });
  });

  it('removes copies older than 7 days', async () => {
    const now = Date.UTC(2026, 10, 26);
    await db.datasources.bulkPut([
      { datasource_id: 'oud', items: [], cachedAt: now - DATASOURCE_MAX_AGE_MS - 1 },
      { datasource_id: 'vers', items: [], cachedAt: now - DATASOURCE_MAX_AGE_MS + 1 },
    ]);
    expect(await purgeExpiredDatasources(now)).toBe(1);
    expect((await db.datasources.toArray()).map((copy) => copy.datasource_id)).toEqual(['vers']);
  });
});
