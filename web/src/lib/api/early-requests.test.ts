import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { writeStoredSession } from '@/lib/auth/session-storage';
import { setAuthenticated } from '@/lib/auth/session';
import { loadClientCredits, loadForm } from '@/features/fill/api';
import { installFakeServer, json } from '@/test/fake-server';
import { DEMO, storedSession } from '@/test/fixtures';
import { EARLY_ANSWER_MAX_AGE_MS, startEarlyRequests, takeEarlyResponse } from './early-requests';

const form = (id: string, clientId: string) => ({ form_id: id, client_id: clientId, name: 'Melding', schema: [] });

/** A storage of its own, empty: a signed-out visitor. */
function signedOut(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  } as Storage;
}

/** A storage holding the fixtures' session (api-key 'stored-key', member of the demo client). */
function signedIn(): Storage {
  const storage = signedOut();
  writeStoredSession(storage, storedSession());
  return storage;
}

/** Lets the fake server's answers and the chained credits request settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('startEarlyRequests', () => {
  it("asks for the fill-in screen's form at once, then its client's credits, and the app takes both", async () => {
    const server = installFakeServer({
      'GET /api/form/f-early': () => json(200, form('f-early', DEMO.id)),
      [`GET /api/client/${DEMO.id}`]: () => json(200, { id: DEMO.id, credits: 7 }),
    });
    expect(startEarlyRequests(paths.form_fill.build({ form_id: 'f-early', force_reload: '0' }), signedIn())).toBe(true);
    await settle();
    expect(server.calls.map((call) => `${call.path} ${call.headers.get('api-key')}`)).toEqual([
      '/api/form/f-early stored-key',
      `/api/client/${DEMO.id} stored-key`,
    ]);

    setAuthenticated(storedSession());
    await expect(loadForm('f-early')).resolves.toMatchObject({ form_id: 'f-early' });
    await expect(loadClientCredits(DEMO.id)).resolves.toBe(7);
    // Taken, not asked for again; a later request is a request of its own.
    expect(server.calls).toHaveLength(2);
    await loadForm('f-early');
    expect(server.calls).toHaveLength(3);
  });

  it("leaves a client the user is not a member of alone, and other screens and signed-out visitors", async () => {
    const server = installFakeServer({ 'GET /api/form/f-other': () => json(200, form('f-other', 'c-elders')) });
    expect(startEarlyRequests('/form/f-other/1', signedIn())).toBe(true);
    await settle();
    expect(server.calls.map((call) => call.path)).toEqual(['/api/form/f-other']);
    expect(takeEarlyResponse('/api/form/f-other', { headers: { 'api-key': 'stored-key' } })).toBeDefined();

    expect(startEarlyRequests('/', signedIn())).toBe(false);
    expect(startEarlyRequests(paths.form_fill.build({ form_id: 'f1', force_reload: '0' }), signedOut())).toBe(false);
    expect(server.calls).toHaveLength(1);
  });
});

describe('takeEarlyResponse', () => {
  it('hands an answer over once, only to the same GET with the same api-key, and only while fresh', async () => {
    installFakeServer({ 'GET /api/form/f-take': () => json(200, form('f-take', 'c-elders')) });
    const headers = { 'api-key': 'stored-key' };
    const start = (at: number) => startEarlyRequests('/form/f-take/0', signedIn(), () => at);

    start(1_000);
    expect(takeEarlyResponse('/api/form/f-take', { method: 'POST', headers })).toBeUndefined();
    expect(takeEarlyResponse('/api/form/f-take', { headers }, () => 1_000)).toBeDefined();
    expect(takeEarlyResponse('/api/form/f-take', { headers }, () => 1_000)).toBeUndefined();

    start(1_000);
    expect(takeEarlyResponse('/api/form/f-take', { headers: { 'api-key': 'someone-else' } }, () => 1_000)).toBeUndefined();
    expect(takeEarlyResponse('/api/form/f-take', { headers }, () => 1_000)).toBeUndefined();

    start(1_000);
    expect(takeEarlyResponse('/api/form/f-take', { headers }, () => 1_001 + EARLY_ANSWER_MAX_AGE_MS)).toBeUndefined();
    await settle();
  });
});
