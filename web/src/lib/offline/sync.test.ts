import { beforeEach, describe, expect, it } from 'vitest';
import { clearSession, setAuthenticated } from '@/lib/auth/session';
import { installFakeServer, json } from '@/test/fake-server';
import { storedSession } from '@/test/fixtures';
import { getToasts } from '@/lib/toast';
import { nl } from '@/messages/nl';
import {
  countUnsynced,
  deleteSavedRegistration,
  getSavedRegistration,
  listSavedRegistrations,
  purgeExpired,
  saveRegistration,
  type SavedRegistration,
} from './db';
import { db } from './device-db';
import { keepLocalVersion, keepServerVersion, SYNC_PATH, syncSavedRegistrations, type SyncEntity } from './sync';

const CLIENT = 'client-1';

function input(token: string, values: Record<string, unknown> = { name: token }) {
  return { fill_token: token, form_id: 'form-1', client_id: CLIENT, form_name: 'Inspectie', form_summary: null, schema: [], values };
}

function server(token: string, version: number, values: Record<string, unknown> = { name: `server ${token}` }): SyncEntity {
  return {
    ...input(token, values),
    registration_updated_at: '2026-01-01T10:00:00.000Z',
    registration_saved_deleted_at: null,
    version,
    unsynced: false,
  };
}

async function synced(token: string, version: number): Promise<void> {
  const entry: SavedRegistration = { ...server(token, version), unsynced: false, conflict: null, lastChange: Date.now() };
  await db.savedRegistrations.put(entry);
}

function answer(body: { registrations?: SyncEntity[]; conflicts?: unknown[]; rejected?: string[] }) {
  return () => json(201, { registrations: [], conflicts: [], rejected: [], ...body });
}

describe('device store', () => {
  it('saves unsynced with an update time and counts unsynced entries', async () => {
    await saveRegistration(input('a'), new Date('2026-03-01T12:00:00Z'));
    await synced('b', 1);
    const [a] = (await listSavedRegistrations(CLIENT)).filter((e) => e.fill_token === 'a');
    expect(a).toMatchObject({ unsynced: true, registration_updated_at: '2026-03-01T12:00:00.000Z', conflict: null });
    expect(a?.version).toBeUndefined();
    expect(await countUnsynced()).toBe(1);
    expect(await listSavedRegistrations('other')).toEqual([]);
  });

  it('keeps the known server version when a synced copy is saved again', async () => {
    await synced('a', 4);
    await saveRegistration(input('a', { name: 'changed' }));
    expect(await db.savedRegistrations.get('a')).toMatchObject({ version: 4, unsynced: true, values: { name: 'changed' } });
  });

  it('removes a never-synced copy at once, marks a synced one deleted and unsynced', async () => {
    await saveRegistration(input('local'));
    await synced('known', 2);
    await deleteSavedRegistration('local');
    await deleteSavedRegistration('known', new Date('2026-04-01T00:00:00Z'));
    expect(await db.savedRegistrations.get('local')).toBeUndefined();
    expect(await db.savedRegistrations.get('known')).toMatchObject({
      unsynced: true,
      registration_saved_deleted_at: '2026-04-01T00:00:00.000Z',
    });
  });

  it('removes registrations older than a year', async () => {
    await saveRegistration(input('old'), new Date('2024-01-01T00:00:00Z'));
    await saveRegistration(input('new'), new Date('2026-01-01T00:00:00Z'));
    expect(await purgeExpired(Date.parse('2026-02-01T00:00:00Z'))).toBe(1);
    expect(await db.savedRegistrations.get('new')).toBeDefined();
  });
});

describe('sync', () => {
  beforeEach(() => setAuthenticated(storedSession()));

  it('sends unsynced entries and replaces them with the server copy', async () => {
    await saveRegistration(input('a'));
    const { calls } = installFakeServer({ [`POST ${SYNC_PATH}`]: answer({ registrations: [server('a', 1, { name: 'a' })] }) });
    expect(await syncSavedRegistrations()).toBe(true);
    const body = JSON.parse(calls[0]?.body ?? '[]') as SyncEntity[];
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ fill_token: 'a', form_id: 'form-1', client_id: CLIENT, unsynced: true });
    expect(body[0]).not.toHaveProperty('version');
    expect(await db.savedRegistrations.get('a')).toMatchObject({ unsynced: false, version: 1 });
    expect(await countUnsynced()).toBe(0);
  });

  it('sends an empty list to refresh, adds new server copies and drops synced ones not returned', async () => {
    await synced('gone', 1);
    await synced('kept', 1);
    const { calls } = installFakeServer({
      [`POST ${SYNC_PATH}`]: answer({ registrations: [server('kept', 2), server('new', 1)] }),
    });
    await syncSavedRegistrations();
    expect(calls[0]?.body).toBe('[]');
    expect((await db.savedRegistrations.toArray()).map((e) => e.fill_token).sort()).toEqual(['kept', 'new']);
    expect(await db.savedRegistrations.get('kept')).toMatchObject({ version: 2 });
  });

  it('never removes an unsynced entry the server did not return, nor a rejected one', async () => {
    await saveRegistration(input('a'));
    await saveRegistration(input('r'));
    installFakeServer({ [`POST ${SYNC_PATH}`]: answer({ rejected: ['r'] }) });
    await syncSavedRegistrations();
    expect(await db.savedRegistrations.get('a')).toMatchObject({ unsynced: true });
    expect(await db.savedRegistrations.get('r')).toMatchObject({ unsynced: true });
  });

  it('stores a conflict on the local entry and keeps it unsynced', async () => {
    await synced('a', 1);
    await saveRegistration(input('a', { name: 'local' }));
    installFakeServer({
      [`POST ${SYNC_PATH}`]: answer({
        registrations: [server('a', 3)],
        conflicts: [{ fill_token: 'a', client_version: server('a', 1), server_version: server('a', 3) }],
      }),
    });
    await syncSavedRegistrations();
    const entry = await db.savedRegistrations.get('a');
    expect(entry).toMatchObject({ unsynced: true, values: { name: 'local' }, version: 1 });
    expect(entry?.conflict).toMatchObject({ version: 3, values: { name: 'server a' } });
  });

  it('keep local resends the local copy on top of the server version', async () => {
    await db.savedRegistrations.put({
      ...server('a', 1, { name: 'local' }),
      unsynced: true,
      conflict: server('a', 3),
      lastChange: Date.now(),
    });
    const { calls } = installFakeServer({ [`POST ${SYNC_PATH}`]: answer({ registrations: [server('a', 4, { name: 'local' })] }) });
    await keepLocalVersion('a');
    await syncSavedRegistrations();
    const sent = calls.map((c) => JSON.parse(c.body ?? '[]') as SyncEntity[]).find((b) => b.length > 0);
    expect(sent?.[0]).toMatchObject({ fill_token: 'a', version: 3, values: { name: 'local' } });
    expect(await db.savedRegistrations.get('a')).toMatchObject({ unsynced: false, version: 4, conflict: null });
  });

  it('keep server replaces the local copy', async () => {
    await db.savedRegistrations.put({ ...server('a', 1, { name: 'local' }), unsynced: true, conflict: server('a', 3), lastChange: 1 });
    await keepServerVersion('a');
    expect(await db.savedRegistrations.get('a')).toMatchObject({ unsynced: false, version: 3, conflict: null, values: { name: 'server a' } });
  });

  it('finishes a deletion once the server accepted it', async () => {
    await synced('a', 1);
    await deleteSavedRegistration('a');
    const { calls } = installFakeServer({ [`POST ${SYNC_PATH}`]: answer({}) });
    await syncSavedRegistrations();
    expect((JSON.parse(calls[0]?.body ?? '[]') as SyncEntity[])[0]?.registration_saved_deleted_at).not.toBeNull();
    expect(await db.savedRegistrations.get('a')).toBeUndefined();
  });

  it('keeps everything and warns when the sync fails', async () => {
    await saveRegistration(input('a'));
    await synced('b', 1);
    installFakeServer({ [`POST ${SYNC_PATH}`]: () => json(500, { message: 'kapot' }) });
    expect(await syncSavedRegistrations()).toBe(false);
    expect(await db.savedRegistrations.count()).toBe(2);
    expect(await db.savedRegistrations.get('a')).toMatchObject({ unsynced: true });
    expect(getToasts().map((t) => t.message)).toContain(nl.offline.syncFailed);

    installFakeServer({
      [`POST ${SYNC_PATH}`]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await syncSavedRegistrations()).toBe(false);
    expect(await db.savedRegistrations.count()).toBe(2);
  });
});

describe('a device shared by two users', () => {
  function signInAs(id: string) {
    const session = storedSession();
    setAuthenticated({ ...session, user: { ...session.user, id } });
  }

  it('shows, counts and syncs only the signed-in user’s copies and never removes another’s', async () => {
    signInAs('user-a');
    await saveRegistration(input('of-a'));
    signInAs('user-b');
    await saveRegistration(input('of-b'));
    expect((await listSavedRegistrations(CLIENT)).map((e) => e.fill_token)).toEqual(['of-b']);
    expect(await countUnsynced()).toBe(1);

    // B's sync sends only B's copy; B's list from the server does not hold A's copy, which stays.
    const { calls } = installFakeServer({ [`POST ${SYNC_PATH}`]: answer({ registrations: [server('of-b', 1)] }) });
    expect(await syncSavedRegistrations()).toBe(true);
    expect((JSON.parse(calls[0]?.body ?? '[]') as SyncEntity[]).map((e) => e.fill_token)).toEqual(['of-b']);
    expect(await db.savedRegistrations.get('of-a')).toMatchObject({ user_id: 'user-a', unsynced: true });
    expect(await db.savedRegistrations.get('of-b')).toMatchObject({ user_id: 'user-b', unsynced: false, version: 1 });

    signInAs('user-a');
    expect((await listSavedRegistrations(CLIENT)).map((e) => e.fill_token)).toEqual(['of-a']);
    expect(await countUnsynced()).toBe(1);
  });

  it('does not open or delete another user’s copy by its fill token', async () => {
    signInAs('user-a');
    await saveRegistration(input('of-a'));
    signInAs('user-b');
    expect(await getSavedRegistration('of-a')).toBeUndefined();
    await deleteSavedRegistration('of-a');
    signInAs('user-a');
    expect(await getSavedRegistration('of-a')).toMatchObject({ user_id: 'user-a', unsynced: true, registration_saved_deleted_at: null });
  });

  it('does not sync while signed out', async () => {
    signInAs('user-a');
    await saveRegistration(input('of-a'));
    clearSession();
    const { calls } = installFakeServer({ [`POST ${SYNC_PATH}`]: answer({ registrations: [server('of-a', 1)] }) });
    expect(await syncSavedRegistrations()).toBe(false);
    expect(calls).toHaveLength(0);
    expect(getToasts()).toEqual([]);
  });

  it('sends nothing when its user signs out while the device store is read', async () => {
    signInAs('user-a');
    await saveRegistration(input('of-a'));
    const { calls } = installFakeServer({ [`POST ${SYNC_PATH}`]: answer({ registrations: [server('of-a', 1)] }) });
    const sync = syncSavedRegistrations();
    clearSession();
    expect(await sync).toBe(false);
    expect(calls).toHaveLength(0);
    expect(getToasts()).toEqual([]);
    expect(await db.savedRegistrations.get('of-a')).toMatchObject({ user_id: 'user-a', unsynced: true });
  });

  it('drops a sync answer that arrives after its user signed out and another signed in', async () => {
    signInAs('user-a');
    await saveRegistration(input('of-a'));
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    installFakeServer({
      [`POST ${SYNC_PATH}`]: async () => {
        await answered;
        return answer({ registrations: [server('of-a', 1), server('also-of-a', 1)] })();
      },
    });
    const sync = syncSavedRegistrations();
    // A logs out while the request runs; B signs in before the answer arrives.
    signInAs('user-b');
    release();
    expect(await sync).toBe(false);
    // Nothing of A's answer became B's, and A's copy is still A's and unsynced.
    expect(await db.savedRegistrations.get('also-of-a')).toBeUndefined();
    expect(await db.savedRegistrations.get('of-a')).toMatchObject({ user_id: 'user-a', unsynced: true });
    expect(await listSavedRegistrations(CLIENT)).toEqual([]);
  });
});
