import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '@/lib/api';
import type { FillableForm, FolderNode } from '@/lib/api/types';
import { setAuthenticated } from '@/lib/auth/session';
import { db } from '@/lib/offline/db';
import { installFakeServer, json, type FakeHandler } from '@/test/fake-server';
import { storedSession } from '@/test/fixtures';
import { loadFolders, loadForm } from './api';

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
    const copy = await db.folderTrees.get('c1');
    expect(copy?.folders).toEqual(TREE);
    expect(typeof copy?.cachedAt).toBe('number');

    server['GET /api/client/c1/folder/user'] = unreachable;
    await expect(loadFolders('c1')).resolves.toEqual(TREE);
  });

  it('caches an opened form with its client and serves it when the server cannot be reached', async () => {
    setAuthenticated(storedSession());
    const server = switchable({ 'GET /api/form/f1': () => json(200, FORM) });
    await expect(loadForm('f1')).resolves.toEqual(FORM);
    const copy = await db.forms.get('f1');
    expect(copy).toMatchObject({ form_id: 'f1', client_id: 'c1', form: FORM });
    expect(typeof copy?.cachedAt).toBe('number');

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
    server['GET /api/form/f1'] = unreachable;
    await expect(loadForm('f1')).resolves.toEqual(renamed);
  });

  it('does not mask a 404 with the cached form', async () => {
    setAuthenticated(storedSession());
    const server = switchable({ 'GET /api/form/f1': () => json(200, FORM) });
    await loadForm('f1');
    server['GET /api/form/f1'] = () => json(404, { message: 'Formulier niet gevonden' });
    const failure = await loadForm('f1').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(404);
  });

  it('does not mask a 403 with the cached folder tree', async () => {
    setAuthenticated(storedSession());
    const server = switchable({ 'GET /api/client/c1/folder/user': () => json(200, TREE) });
    await loadFolders('c1');
    server['GET /api/client/c1/folder/user'] = () => json(403, {});
    const failure = await loadFolders('c1').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(403);
  });

  it('serves the copy on a gateway error (proxy before a stopped server)', async () => {
    setAuthenticated(storedSession());
    const server = switchable({ 'GET /api/form/f1': () => json(200, FORM) });
    await loadForm('f1');
    server['GET /api/form/f1'] = () => json(503, {});
    await expect(loadForm('f1')).resolves.toEqual(FORM);
  });

  it('passes the network error on when there is no copy', async () => {
    setAuthenticated(storedSession());
    switchable({ 'GET /api/form/f2': unreachable });
    await expect(loadForm('f2')).rejects.toBeInstanceOf(NetworkError);
  });
});
