import { describe, expect, it } from 'vitest';
import { clearSession, getSession, restoreSession, setAuthenticated } from './session';
import { pickClient, readStoredSession, SESSION_KEY, type StoredSession } from './session-storage';

const stored: StoredSession = {
  apiKey: 'secret-key',
  user: {
    id: 'u1',
    email: 'twee@demo.eform.nl',
    roles: [],
    clients: [
      { id: 'c1', uuid: 'c1', name: 'Demo Gemeente', terms_and_conditions_required: false },
      { id: 'c2', uuid: 'c2', name: 'Tweede Gemeente', terms_and_conditions_required: false },
    ],
    serverNotification: null,
  },
  currentClientId: 'c2',
  access: { roles: ['form_filler'], permissions: ['eform view client'] },
  client: null,
};


describe('readStoredSession', () => {
  it('finds nothing in empty storage', () => {
    expect(readStoredSession(localStorage)).toEqual({ kind: 'none' });
  });

  it('restores a complete session', () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(stored));
    expect(readStoredSession(localStorage)).toEqual({ kind: 'session', session: stored });
  });

  it('flags auth state holding a legacy access_token', () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify({ access_token: 'abc', user: { email: 'x@y.nl' } }));
    expect(readStoredSession(localStorage)).toEqual({ kind: 'legacy' });
  });

  it.each([
    ['corrupt JSON', '{"apiKey":'],
    ['a JSON array', '[1,2]'],
    ['no api key', JSON.stringify({ ...stored, apiKey: '' })],
    ['permissions not a list', JSON.stringify({ ...stored, access: { roles: [], permissions: 'all' } })],
    ['user without e-mail', JSON.stringify({ ...stored, user: { ...stored.user, email: undefined } })],
  ])('drops %s', (_name, raw) => {
    localStorage.setItem(SESSION_KEY, raw);
    expect(readStoredSession(localStorage)).toEqual({ kind: 'none' });
  });
});

describe('restoreSession', () => {
  it('is unrestored until restore reads storage, then authenticated', () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(stored));
    expect(getSession()).toEqual({ status: 'unrestored' });
    expect(restoreSession()).toEqual({ status: 'authenticated', session: stored });
  });

  it('reads storage only once; later calls return the live state', () => {
    restoreSession();
    localStorage.setItem(SESSION_KEY, JSON.stringify(stored));
    expect(restoreSession()).toEqual({ status: 'anonymous' });
  });

  it('turns a legacy access token into the legacy state', () => {
    localStorage.setItem(SESSION_KEY, JSON.stringify({ access_token: 'abc' }));
    expect(restoreSession()).toEqual({ status: 'legacy' });
  });

  it('persists on sign-in and forgets on clear', () => {
    restoreSession();
    setAuthenticated(stored);
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null')).toEqual(stored);
    clearSession();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(getSession()).toEqual({ status: 'anonymous' });
  });
});

describe('pickClient', () => {
  const clients = stored.user.clients;
  it('prefers the last used client when the user still has it', () => {
    expect(pickClient(clients, 'c2')?.name).toBe('Tweede Gemeente');
  });
  it('falls back to the first client', () => {
    expect(pickClient(clients, 'gone')?.name).toBe('Demo Gemeente');
    expect(pickClient(clients, null)?.name).toBe('Demo Gemeente');
  });
  it('returns null without clients', () => {
    expect(pickClient([], 'c1')).toBeNull();
  });
});
