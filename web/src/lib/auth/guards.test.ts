import { describe, expect, it } from 'vitest';
import type { RouteAccess } from '@/config/paths';
import { accessForPath, homeTarget, resolveGuard } from './guards';
import type { SessionState } from './session';
import type { StoredSession } from './session-storage';

function signedIn(roles: string[] = [], clientRoles: string[] = []): SessionState {
  const session: StoredSession = {
    apiKey: 'key',
    user: { id: 'u1', email: 'a@b.nl', roles, clients: [], serverNotification: null },
    currentClientId: null,
    access: { roles: clientRoles, permissions: [] },
    client: null,
  };
  return { status: 'authenticated', session };
}

const anonymous: SessionState = { status: 'anonymous' };
const legacy: SessionState = { status: 'legacy' };

describe('resolveGuard', () => {
  const cases: [string, RouteAccess, SessionState, string | null][] = [
    ['auth route, signed out -> login', 'auth', anonymous, '/login'],
    ['auth route, signed in -> allowed', 'auth', signedIn(), null],
    ['admin route, signed out -> login', 'admin', anonymous, '/login'],
    ['admin route, non-admin -> login', 'admin', signedIn(['form_filler'], ['client_manager']), '/login'],
    ['admin route, global admin -> allowed', 'admin', signedIn(['admin']), null],
    ['admin route, admin role from the client -> allowed', 'admin', signedIn([], ['admin']), null],
    ['guest route, signed out -> allowed', 'guest', anonymous, null],
    ['guest route, signed in -> dashboard', 'guest', signedIn(), '/dashboard'],
    ['public route, signed out -> allowed', 'public', anonymous, null],
    ['public route, signed in -> allowed', 'public', signedIn(), null],
    ['legacy access token on an auth route -> logout', 'auth', legacy, '/logout'],
    ['legacy access token on a guest route -> logout', 'guest', legacy, '/logout'],
    ['legacy access token on a public route -> allowed (no loop on /logout)', 'public', legacy, null],
  ];

  it.each(cases)('%s', (_name, access, state, expected) => {
    expect(resolveGuard(access, state)).toBe(expected);
  });

  it('refuses to decide before the session is restored', () => {
    expect(() => resolveGuard('auth', { status: 'unrestored' })).toThrow(/before the session was restored/);
  });
});

describe('homeTarget', () => {
  it.each([
    ['signed in', signedIn(), '/dashboard'],
    ['signed out', anonymous, '/login'],
    ['legacy', legacy, '/logout'],
  ] as const)('%s', (_name, state, expected) => {
    expect(homeTarget(state)).toBe(expected);
  });
});

describe('accessForPath', () => {
  it.each<[string, RouteAccess]>([
    ['/dashboard', 'auth'],
    ['/folders', 'auth'],
    ['/clients/admin', 'admin'],
    ['/admin/dashboard', 'admin'],
    ['/clients/c1/users', 'auth'],
    ['/clients/assigned', 'auth'],
    ['/login', 'guest'],
    ['/user/reset-password/abc', 'guest'],
    ['/guest/form/g1', 'public'],
    ['/register/c1', 'public'],
    ['/register/c1/f1', 'public'],
    ['/bestaat/niet', 'public'],
  ])('%s -> %s', (pathname, expected) => {
    expect(accessForPath(pathname)).toBe(expected);
  });
});
