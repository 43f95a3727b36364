import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientAccess } from '@/lib/api/types';
import { installFakeServer, json, type FakeCall } from '@/test/fake-server';
import { DEMO, demoServer, storedSession, TWEEDE, userInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import type { ClientListDocument, ClientResource } from '../api';

// Whole screens with lazy route chunks: slower than unit tests, above all on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const ADMIN_SESSION = storedSession({ user: { ...storedSession().user, roles: ['admin'] } });
const VIEWER: ClientAccess = { roles: ['financial'], permissions: ['eform view client', 'view credit entities'] };

function resource(id: string, name: string, credits: number): ClientResource {
  return {
    type: 'client--client',
    id,
    attributes: {
      name,
      field_credits: credits,
      modules: [],
      field_low_credit_email_limit: 0,
      registrations_count: 0,
      terms_and_conditions_required: false,
      user_register_intro_text: null,
    },
  };
}

/** The server's link to the page at `offset`, written as the server writes it (brackets encoded). */
const link = (offset: number) => ({ href: `/jsonapi/client/client?sort=name&page%5Boffset%5D=${offset}&page%5Blimit%5D=50` });

/** Three pages of clients: 50, 50 and one, with the links a JSON:API server gives each. */
function pageAt(offset: number): ClientListDocument {
  const count = offset >= 100 ? 1 : 50;
  const data = Array.from({ length: count }, (_, i) => resource(`k${offset + i}`, `Klant ${String(offset + i).padStart(3, '0')}`, offset + i));
  return {
    data,
    links: { self: link(offset), ...(offset + 50 <= 100 ? { next: link(offset + 50) } : {}), ...(offset > 0 ? { prev: link(offset - 50) } : {}) },
  };
}

const pageCalls = (calls: FakeCall[]) => calls.filter((call) => call.path === '/jsonapi/client/client');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('client list for admins', () => {
  it('pages through the next and previous links, by name, and starts each page at the top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { calls } = installFakeServer({
      ...demoServer({}, userInfo({ roles: ['admin'] })),
      'GET /jsonapi/client/client': (call) => json(200, pageAt(Number(call.query.get('page[offset]')))),
    });
    const router = renderApp('/clients/admin', ADMIN_SESSION);
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Klanten beheer', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Klant toevoegen' }).getAttribute('href')).toBe('/clients/create');
    const table = screen.getByRole('table', { name: 'Klanten' });
    expect(within(table).getByRole('columnheader', { name: 'Klant naam' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Credits' })).toBeTruthy();
    expect(screen.getAllByTestId('client-row')).toHaveLength(50);
    expect(screen.getByRole('link', { name: 'Klant Klant 000 openen' }).getAttribute('href')).toBe('/clients/k0');
    // The first page has no previous page.
    expect(screen.queryByRole('link', { name: 'Vorige' })).toBeNull();
    const [first] = pageCalls(calls);
    expect(first?.query.get('sort')).toBe('name');
    expect(first?.query.get('page[offset]')).toBe('0');
    expect(first?.query.get('page[limit]')).toBe('50');
    expect(first?.headers.get('accept')).toBe('application/vnd.api+json');
    expect(scrollTo).not.toHaveBeenCalled();

    await user.click(screen.getByRole('link', { name: 'Volgende' }));
    expect(await screen.findByRole('link', { name: 'Klant Klant 050 openen' })).toBeTruthy();
    expect(router.state.location.search).toBe('?offset=50');
    expect(pageCalls(calls).at(-1)?.query.get('page[offset]')).toBe('50');
    await waitFor(() => expect(scrollTo).toHaveBeenCalledTimes(1));

    await user.click(screen.getByRole('link', { name: 'Volgende' }));
    expect(await screen.findByRole('link', { name: 'Klant Klant 100 openen' })).toBeTruthy();
    expect(screen.getAllByTestId('client-row')).toHaveLength(1);
    // The last page has no next page.
    expect(screen.queryByRole('link', { name: 'Volgende' })).toBeNull();
    await waitFor(() => expect(scrollTo).toHaveBeenCalledTimes(2));

    await user.click(screen.getByRole('link', { name: 'Vorige' }));
    expect(await screen.findByRole('link', { name: 'Klant Klant 050 openen' })).toBeTruthy();
    expect(pageCalls(calls).at(-1)?.query.get('page[offset]')).toBe('50');
    await waitFor(() => expect(scrollTo).toHaveBeenCalledTimes(3));
  });

  it('opens the page in the address, and a row opens the client', async () => {
    installFakeServer({
      ...demoServer({}, userInfo({ roles: ['admin'] })),
      'GET /jsonapi/client/client': (call) => json(200, pageAt(Number(call.query.get('page[offset]')))),
      'GET /api/client/k100/info': () => json(200, { roles: ['admin'], permissions: [] }),
      'GET /api/client/k100': () =>
        json(200, { id: 'k100', uuid: 'k100', name: 'Klant 100', modules: [], credits: 100, field_credits: 100, field_low_credit_email_limit: 5, terms_and_conditions_required: false }),
    });
    const router = renderApp('/clients/admin?offset=100', ADMIN_SESSION);
    const user = userEvent.setup();
    const row = (await screen.findByRole('link', { name: 'Klant Klant 100 openen' })).closest('tr');
    expect(screen.getByRole('link', { name: 'Vorige' }).getAttribute('href')).toBe('/clients/admin?offset=50');
    await user.click(within(row as HTMLElement).getByText('100'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/k100'));
    expect(await screen.findByRole('heading', { name: 'Klant 100', level: 1 })).toBeTruthy();
  });

  it('says so when there are no clients', async () => {
    installFakeServer({
      ...demoServer({}, userInfo({ roles: ['admin'] })),
      'GET /jsonapi/client/client': () => json(200, { data: [], links: { self: link(0) } }),
    });
    renderApp('/clients/admin', ADMIN_SESSION);
    expect(await screen.findByText('Er zijn nog geen klanten.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pagina’s met klanten' })).toBeNull();
  });
});

describe("the user's own clients", () => {
  it('lists the clients of user info by name with their credits', async () => {
    const { calls } = installFakeServer({
      ...demoServer({ [DEMO.id]: VIEWER }),
      // The credits of one client cannot be read: its row stays.
      'GET /api/client/c2': () => json(500, { status: false, message: 'Er is iets mis gegaan.' }),
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/clients/assigned', storedSession({ access: VIEWER }));
    expect(await screen.findByRole('heading', { name: 'Mijn klanten', level: 1 })).toBeTruthy();
    const rows = await screen.findAllByTestId('client-row');
    expect(rows.map((row) => row.textContent)).toEqual([`${DEMO.name}100`, `${TWEEDE.name}Onbekend`]);
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: `Klant ${DEMO.name} openen` }).getAttribute('href')).toBe('/clients/c1');
    expect(calls.some((call) => call.path === '/api/user/info')).toBe(true);
    expect(warn).toHaveBeenCalled();
  });

  it('says so when the user has no clients', async () => {
    // Only the list's own call answers no clients: the shell's refresh would sign such a user out.
    let asked = 0;
    installFakeServer({ ...demoServer(), 'GET /api/user/info': () => json(200, asked++ === 0 ? userInfo({ clients: [] }) : userInfo()) });
    renderApp('/clients/assigned', storedSession());
    expect(await screen.findByText('U bent nog niet aan een klant toegewezen.')).toBeTruthy();
  });
});
