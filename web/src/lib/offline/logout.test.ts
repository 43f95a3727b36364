import { describe, expect, it } from 'vitest';
import { clearSession, setAuthenticated } from '@/lib/auth/session';
import { installFakeServer, json } from '@/test/fake-server';
import { savedRegistration, storedSession } from '@/test/fixtures';
import { listSavedRegistrations, saveRegistration } from './db';
import { db } from './device-db';
import { clearDeviceOnLogout, syncBeforeLogout } from './logout';
import { readRemembered, rememberInput } from './remembered-inputs';
import { SYNC_PATH, syncSavedRegistrations } from './sync';

function signInAs(id: string) {
  const session = storedSession();
  setAuthenticated({ ...session, user: { ...session.user, id } });
}

function input(token: string) {
  return { fill_token: token, form_id: 'f1', client_id: 'c1', form_name: 'Melding', form_summary: null, schema: [], values: { naam: token } };
}

describe('syncBeforeLogout', () => {
  it('sends the unsynced registrations when the server answers; then none is left only here', async () => {
    signInAs('user-a');
    await saveRegistration(input('a1'));
    const { calls } = installFakeServer({
      [`POST ${SYNC_PATH}`]: () =>
        json(201, { registrations: [{ ...input('a1'), registration_updated_at: '2026-01-01T00:00:00.000Z', registration_saved_deleted_at: null, version: 1, unsynced: false }], conflicts: [], rejected: [] }),
    });
    expect(await syncBeforeLogout()).toBe(0);
    expect(calls.some((call) => call.body?.includes('a1'))).toBe(true);
    expect(await db.savedRegistrations.get('a1')).toMatchObject({ unsynced: false, version: 1 });
  });

  it('counts what is still only on this device when the server cannot be reached', async () => {
    signInAs('user-a');
    await saveRegistration(input('a1'));
    await saveRegistration(input('a2'));
    signInAs('user-b');
    await saveRegistration(input('b1'));
    signInAs('user-a');
    installFakeServer({
      [`POST ${SYNC_PATH}`]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    // Only the signed-in user's copies count.
    expect(await syncBeforeLogout()).toBe(2);
  });

  it('stops waiting for a sync that hangs and counts', async () => {
    signInAs('user-a');
    await saveRegistration(input('a1'));
    let release: () => void = () => {};
    const hanging = new Promise<void>((resolve) => {
      release = resolve;
    });
    installFakeServer({ [`POST ${SYNC_PATH}`]: () => hanging.then(() => json(503, {})) });
    expect(await syncBeforeLogout(20)).toBe(1);
    // The sync goes on in the background; let it end so it does not outlive the test.
    release();
    expect(await syncSavedRegistrations()).toBe(false);
  });
});

describe('clearDeviceOnLogout', () => {
  it('removes what the server has and keeps every unsynced copy bound to its owner', async () => {
    signInAs('user-a');
    await saveRegistration(input('only-here'));
    await db.savedRegistrations.bulkPut([
      savedRegistration({ fill_token: 'synced-a', user_id: 'user-a', unsynced: false, version: 2 }),
      savedRegistration({ fill_token: 'synced-b', user_id: 'user-b', unsynced: false, version: 1 }),
      savedRegistration({ fill_token: 'deleting-a', user_id: 'user-a', version: 1, registration_saved_deleted_at: '2026-01-01T00:00:00.000Z' }),
    ]);
    await db.forms.put({ form_id: 'f1', client_id: 'c1', form: { form_id: 'f1' }, cachedAt: 1 });
    await db.folderTrees.put({ client_id: 'c1', folders: [], cachedAt: 1 });
    await db.datasources.put({ datasource_id: 'ds1', items: [{ id: '1', name: 'Kerkstraat' }], cachedAt: 1 });
    rememberInput('f1', [{ name: 'naam', label: 'Naam', elementType: 'text', rememberInput: true }], { naam: 'Jan' });

    clearSession();
    await clearDeviceOnLogout();

    expect((await db.savedRegistrations.toArray()).map((entry) => entry.fill_token).sort()).toEqual(['deleting-a', 'only-here']);
    expect(await db.savedRegistrations.get('only-here')).toMatchObject({ user_id: 'user-a', unsynced: true });
    expect(await db.forms.count()).toBe(0);
    expect(await db.folderTrees.count()).toBe(0);
    expect(await db.datasources.count()).toBe(0);
    expect(readRemembered('f1', 'naam')).toBeUndefined();

    // The next user on this device sees nothing of them; their owner does again.
    signInAs('user-b');
    expect(await listSavedRegistrations('c1')).toEqual([]);
    signInAs('user-a');
    expect((await listSavedRegistrations('c1')).map((entry) => entry.fill_token).sort()).toEqual(['deleting-a', 'only-here']);
  });
});
