import { describe, expect, it, vi } from 'vitest';
import { setAuthenticated } from '@/lib/auth/session';
import { storedSession } from '@/test/fixtures';
import { saveRegistration } from './db';
import { db } from './device-db';
import { thisDevice } from './device';
import { clearDeviceOnLogout } from './logout';
import {
  DeviceStoreFullError,
  keepOfflineFile,
  markOfflineFilesSent,
  offlineEntries,
  offlineFileUsage,
  purgeOfflineFiles,
  readOfflineFile,
  replaceOfflineEntries,
  type OfflineFileValue,
} from './offline-files';

const DAY = 24 * 60 * 60 * 1000;
const PHOTO = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
// SHA-256 of 'abc' (FIPS 180-2, appendix B.1).
const ABC_SHA256 = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';

function photo(): Blob {
  return new Blob([PHOTO], { type: 'image/jpeg' });
}

async function savedWith(token: string, values: Record<string, unknown>, unsynced = true) {
  await saveRegistration({ fill_token: token, form_id: 'f1', client_id: 'c1', form_name: 'Demo melding', form_summary: null, schema: [], values });
  if (!unsynced) await db.savedRegistrations.update(token, { unsynced: false, version: 1 });
}

async function blobBytes(blob: Blob): Promise<number[]> {
  return Array.from(new Uint8Array(await blob.arrayBuffer()));
}

describe('files kept on the device', () => {
  it('are stored with their registration value and read back after the store is reopened', async () => {
    setAuthenticated(storedSession());
    const value = await keepOfflineFile(photo(), 'lantaarnpaal.jpg', { image: true, hd: false });
    expect(value).toMatchObject({ filename: 'lantaarnpaal.jpg', filemime: 'image/jpeg', filesize: PHOTO.length, device_id: thisDevice().id });
    await savedWith('t1', { foto: [value] });
    // A reload or browser restart: the database is opened anew.
    db.close();
    await db.open();
    const kept = await readOfflineFile(value.offline_id);
    expect(kept?.file).toMatchObject({ user_id: storedSession().user.id, image: true, hd: false, sent_at: null, sha256: value.sha256 });
    expect(await blobBytes(kept!.blob)).toEqual(Array.from(PHOTO));
    expect((await db.savedRegistrations.get('t1'))?.values).toEqual({ foto: [value] });
  });

  it('carry the SHA-256 the server checks', async () => {
    const value = await keepOfflineFile(new Blob(['abc'], { type: 'text/plain' }), 'abc.txt', { image: false, hd: false });
    expect(value.sha256).toBe(ABC_SHA256);
  });

  it('are found and replaced in subform entries too', () => {
    const entry = (id: string): OfflineFileValue => ({
      offline_id: id,
      filename: `${id}.jpg`,
      filemime: 'image/jpeg',
      filesize: 1,
      sha256: 'x',
      device_id: 'd',
      device_name: 'Chrome op Android',
    });
    const values = { foto: [entry('a')], tekst: 'lamp', posten: [{ bijlage: [entry('b'), { fid: 'up', url: '/api/client/c/file/up' }] }] };
    expect(offlineEntries(values).map((file) => file.offline_id)).toEqual(['a', 'b']);
    const replaced = replaceOfflineEntries(values, (file) => ({ fid: file.offline_id }));
    expect(replaced).toEqual({ foto: [{ fid: 'a' }], tekst: 'lamp', posten: [{ bijlage: [{ fid: 'b' }, { fid: 'up', url: '/api/client/c/file/up' }] }] });
  });

  it('are removed 31 days after their registration was sent, never before it was sent', async () => {
    setAuthenticated(storedSession());
    const now = Date.now();
    const waiting = await keepOfflineFile(photo(), 'wacht.jpg', { image: true, hd: false }, now);
    const sent = await keepOfflineFile(photo(), 'verstuurd.jpg', { image: true, hd: false }, now);
    await savedWith('t1', { foto: [waiting] });
    await markOfflineFilesSent([sent.offline_id], now);

    // A year later the registration still was not sent: its file stays.
    expect(await purgeOfflineFiles(now + 30 * DAY)).toBe(0);
    expect(await purgeOfflineFiles(now + 31 * DAY + 1)).toBe(1);
    expect(await readOfflineFile(sent.offline_id)).toBeUndefined();
    expect(await db.offlineFileData.get(sent.offline_id)).toBeUndefined();
    expect(await purgeOfflineFiles(now + 400 * DAY)).toBe(0);
    expect(await readOfflineFile(waiting.offline_id)).toBeDefined();
  });

  it('that nothing refers to any more go after a day', async () => {
    const now = Date.now();
    const removed = await keepOfflineFile(photo(), 'weg.jpg', { image: true, hd: false }, now);
    // Chosen, then removed from the field (or its registration deleted): no saved copy refers to it.
    expect(await purgeOfflineFiles(now + DAY / 2)).toBe(0);
    expect(await purgeOfflineFiles(now + DAY + 1)).toBe(1);
    expect(await readOfflineFile(removed.offline_id)).toBeUndefined();
  });

  it('are counted for the diagnostics page', async () => {
    const waiting = await keepOfflineFile(photo(), 'a.jpg', { image: true, hd: false });
    const sent = await keepOfflineFile(new Blob(['abc']), 'b.txt', { image: false, hd: false });
    await savedWith('t1', { foto: [waiting] });
    await markOfflineFilesSent([sent.offline_id]);
    expect(await offlineFileUsage()).toEqual({ waiting: { count: 1, bytes: PHOTO.length }, sent: { count: 1, bytes: 3 } });
  });

  it('give a clear error when the device store is full, and lose nothing already saved', async () => {
    setAuthenticated(storedSession());
    const first = await keepOfflineFile(photo(), 'eerste.jpg', { image: true, hd: false });
    await savedWith('t1', { foto: [first] });
    const full = vi.spyOn(db.offlineFileData, 'add').mockRejectedValueOnce(new DOMException('quota', 'QuotaExceededError'));
    await expect(keepOfflineFile(photo(), 'tweede.jpg', { image: true, hd: false })).rejects.toBeInstanceOf(DeviceStoreFullError);
    full.mockRestore();
    expect(await db.offlineFiles.count()).toBe(1);
    expect(await readOfflineFile(first.offline_id)).toBeDefined();
    expect((await db.savedRegistrations.get('t1'))?.values).toEqual({ foto: [first] });
  });

  it('keep a synced registration on the device at logout while its file is only here', async () => {
    setAuthenticated(storedSession());
    const onlyHere = await keepOfflineFile(photo(), 'hier.jpg', { image: true, hd: false });
    const uploaded = await keepOfflineFile(photo(), 'al-verstuurd.jpg', { image: true, hd: false });
    await markOfflineFilesSent([uploaded.offline_id]);
    await savedWith('with-file', { foto: [onlyHere] }, false);
    await savedWith('sent-file', { foto: [uploaded] }, false);
    await savedWith('plain', { omschrijving: 'x' }, false);
    await clearDeviceOnLogout();
    expect((await db.savedRegistrations.toArray()).map((entry) => entry.fill_token)).toEqual(['with-file']);
    expect(await readOfflineFile(onlyHere.offline_id)).toBeDefined();
  });
});
