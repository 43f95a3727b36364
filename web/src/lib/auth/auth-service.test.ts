import { describe, expect, it, vi } from 'vitest';
import { unauthorizedSignal } from '@/lib/api';
import { installFakeServer, json } from '@/test/fake-server';
import { demoServer, storedSession, TWEEDE, userInfo } from '@/test/fixtures';
import { login, logout, refreshUserInfo, selectClient } from './auth-service';
import { getSession, restoreSession, setAuthenticated } from './session';
import { LAST_CLIENT_KEY, SESSION_KEY } from './session-storage';

function current() {
  const state = getSession();
  if (state.status !== 'authenticated') throw new Error(`expected a session, got ${state.status}`);
  return state.session;
}

describe('login', () => {
  it('stores the key, the user and the first client with its permissions', async () => {
    const server = installFakeServer(demoServer({ c1: { roles: ['client_manager'], permissions: ['eform manage forms'] } }));
    restoreSession();
    await expect(login('twee@demo.eform.nl', 'eform-demo')).resolves.toEqual({ ok: true });

    const loginCall = server.calls[0];
    expect(loginCall).toMatchObject({ method: 'POST', path: '/api/user/login' });
    expect(loginCall?.body).toBe('username=twee%40demo.eform.nl&password=eform-demo');
    expect(loginCall?.headers.has('api-key')).toBe(false);
    expect(server.calls.find((c) => c.path === '/api/user/info')?.headers.get('api-key')).toBe('fresh-key');

    const session = current();
    expect(session).toMatchObject({ apiKey: 'fresh-key', currentClientId: 'c1' });
    expect(session.access.permissions).toEqual(['eform manage forms']);
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? '{}').apiKey).toBe('fresh-key');
    expect(localStorage.getItem(LAST_CLIENT_KEY)).toBe('c1');
  });

  it('reopens the client chosen before when the user still has it', async () => {
    installFakeServer(demoServer());
    localStorage.setItem(LAST_CLIENT_KEY, TWEEDE.id);
    restoreSession();
    await login('twee@demo.eform.nl', 'eform-demo');
    expect(current().currentClientId).toBe(TWEEDE.id);
  });

  it('shows the server message on wrong credentials without the global logout', async () => {
    installFakeServer({
      'POST /api/user/login': () => json(401, { status: false, message: 'Onjuiste e-mail of wachtwoord.' }),
    });
    const onUnauthorized = vi.fn();
    const stop = unauthorizedSignal.subscribe(onUnauthorized);
    restoreSession();
    await expect(login('twee@demo.eform.nl', 'fout')).resolves.toEqual({
      ok: false,
      message: 'Onjuiste e-mail of wachtwoord.',
      severity: 'error',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(getSession().status).toBe('anonymous');
    stop();
  });

  it('shows the rate-limit message of a 429', async () => {
    installFakeServer({
      'POST /api/user/login': () => json(429, { status: false, message: 'Te veel pogingen. Probeer het later opnieuw.' }),
    });
    restoreSession();
    await expect(login('a@b.nl', 'x')).resolves.toMatchObject({ ok: false, message: 'Te veel pogingen. Probeer het later opnieuw.' });
  });

  it('uses the generic Dutch message when the request throws', async () => {
    installFakeServer({});
    restoreSession();
    await expect(login('a@b.nl', 'x')).resolves.toMatchObject({
      ok: false,
      message: 'Er is iets mis gegaan tijdens het inloggen.',
    });
  });

  it('refuses a user without clients with the warning and revokes the fresh key', async () => {
    const server = installFakeServer(demoServer({}, userInfo({ clients: [] })));
    restoreSession();
    await expect(login('los@demo.eform.nl', 'x')).resolves.toEqual({
      ok: false,
      message: 'Uw account is niet toegewezen aan een klant en bent daarom automatisch uitgelogd.',
      severity: 'warning',
    });
    const revoke = server.calls.find((c) => c.path === '/api/user/logout');
    expect(revoke?.headers.get('api-key')).toBe('fresh-key');
    expect(getSession().status).toBe('anonymous');
  });
});

describe('selectClient', () => {
  it('loads the new client first, then makes it current and remembers it', async () => {
    installFakeServer(demoServer({ c2: { roles: ['financial'], permissions: ['add client credits'] } }));
    restoreSession();
    setAuthenticated(storedSession());
    await expect(selectClient('c2')).resolves.toMatchObject({ name: 'Tweede Gemeente' });
    expect(current()).toMatchObject({ currentClientId: 'c2', access: { permissions: ['add client credits'] } });
    expect(localStorage.getItem(LAST_CLIENT_KEY)).toBe('c2');
  });

  it('keeps the current client when loading the new one fails', async () => {
    installFakeServer({ ...demoServer(), 'GET /api/client/c2/info': () => json(500, { message: 'Interne fout.' }) });
    restoreSession();
    setAuthenticated(storedSession());
    await expect(selectClient('c2')).rejects.toMatchObject({ status: 500 });
    expect(current().currentClientId).toBe('c1');
  });
});

describe('refreshUserInfo', () => {
  it('reports a user whose clients were all taken away', async () => {
    installFakeServer(demoServer({}, userInfo({ clients: [] })));
    restoreSession();
    setAuthenticated(storedSession());
    await expect(refreshUserInfo()).resolves.toBe('no-clients');
  });

  it('moves to the first remaining client when the current one was removed, and keeps the notification', async () => {
    const notification = { type: 'warning' as const, message: 'Onderhoud vanavond om 20:00.' };
    installFakeServer(demoServer({}, userInfo({ clients: [TWEEDE], server_notification: notification })));
    restoreSession();
    setAuthenticated(storedSession({ currentClientId: 'c1' }));
    await expect(refreshUserInfo()).resolves.toBe('ok');
    expect(current().currentClientId).toBe('c2');
    expect(current().user.serverNotification).toEqual(notification);
  });
});

describe('logout', () => {
  it('revokes the token and clears the session, also when the server is unreachable', async () => {
    installFakeServer({});
    restoreSession();
    setAuthenticated(storedSession());
    await logout();
    expect(getSession().status).toBe('anonymous');
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it("drops the service worker's cached API answers (the signed-out user's data)", async () => {
    installFakeServer({ 'POST /api/user/logout': () => json(200, {}) });
    const deleted: string[] = [];
    vi.stubGlobal('caches', { delete: async (name: string) => deleted.push(name) > 0 });
    restoreSession();
    setAuthenticated(storedSession());
    await logout();
    expect(deleted.sort()).toEqual(['eform-datasource-items', 'eform-request-items']);
  });
});
