import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '@/lib/auth/session';
import { LAST_CLIENT_KEY, SESSION_KEY } from '@/lib/auth/session-storage';
import { IOS_PROMPT_KEY } from '@/lib/pwa/ios-install';
import { installFakeServer, json } from '@/test/fake-server';
import { DEMO, demoServer, storedSession, userInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

async function expectPath(router: ReturnType<typeof renderApp>, path: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
}

describe('route guards', () => {
  it('sends a signed-out visitor of /dashboard to login', async () => {
    const router = renderApp('/dashboard');
    await expectPath(router, '/login');
    expect(await screen.findByRole('heading', { name: 'Inloggen' })).toBeTruthy();
    expect(screen.getByText('Versie 1.90.2')).toBeTruthy();
  });

  it('sends a signed-in visitor of /login to the dashboard, after restoring the stored session', async () => {
    installFakeServer(demoServer());
    const router = renderApp('/login', storedSession());
    await expectPath(router, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
  });

  it('opens home as login when signed out', async () => {
    await expectPath(renderApp('/'), '/login');
  });

  it('opens home as the dashboard when signed in', async () => {
    installFakeServer(demoServer());
    await expectPath(renderApp('/', storedSession()), '/dashboard');
  });

  it('guards spec routes whose screens do not exist yet', async () => {
    await expectPath(renderApp('/unsend-registration-list'), '/login');
  });

  it('guards a fill-in screen before loading its data', async () => {
    installFakeServer({});
    await expectPath(renderApp('/form/f1/0'), '/login');
  });

  it('sends stored auth state with a legacy access_token to logout, which clears it and goes to login', async () => {
    const router = renderApp('/dashboard', { access_token: 'old-oauth-token' });
    await expectPath(router, '/login');
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    expect(getSession().status).toBe('anonymous');
  });

  it('sends a non-admin away from an admin-only route', async () => {
    installFakeServer(demoServer());
    const router = renderApp('/clients/admin', storedSession());
    // login is guest-only, so a signed-in non-admin ends on the dashboard
    await expectPath(router, '/dashboard');
  });

  it('lets an admin through an admin-only route', async () => {
    const admin = storedSession({ user: { ...storedSession().user, roles: ['admin'] } });
    installFakeServer({
      ...demoServer({}, userInfo({ roles: ['admin'] })),
      'GET /jsonapi/dashboard_report/dashboard_report': () => json(200, { data: [] }),
      'GET /api/purchases': () => json(200, []),
      'GET /api/credit-bundles': () => json(200, []),
      'GET /api/module-offers': () => json(200, []),
      'GET /api/clients/all/chart-credit-usages': () => json(200, { labels: [], series: [] }),
    });
    const router = renderApp('/admin/dashboard', admin);
    expect(await screen.findByRole('heading', { name: 'Admin dashboard', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/dashboard');
  });

  it('renders the 404 page for unknown paths, with a link home', async () => {
    renderApp('/bestaat/niet');
    expect(await screen.findByRole('heading', { name: 'Pagina niet gevonden' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Terug naar home' }).getAttribute('href')).toBe('/');
  });
});

describe('login screen', () => {
  it('shows the Dutch validation messages and does not call the server', async () => {
    const server = installFakeServer({});
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByText('E-mailadres is verplicht.')).toBeTruthy();
    expect(screen.getByText('Wachtwoord is verplicht.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/E-mailadres/)));

    await user.type(screen.getByLabelText(/E-mailadres/), 'geen-adres');
    await user.type(screen.getByLabelText(/Wachtwoord/), 'x');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByText('Vul een geldig e-mailadres in.')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it('links to the password-forgotten page', async () => {
    renderApp('/login');
    const link = await screen.findByRole('link', { name: 'Wachtwoord vergeten?' });
    expect(link.getAttribute('href')).toBe('/user/password-forgotten');
  });

  it('signs in, lands on the dashboard and shows the drawer with e-mail and clients', async () => {
    installFakeServer(demoServer({ c1: { roles: ['form_manager'], permissions: ['eform manage forms'] } }));
    const router = renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/E-mailadres/), 'twee@demo.eform.nl');
    await user.type(screen.getByLabelText(/Wachtwoord/), 'eform-demo');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));

    await expectPath(router, '/dashboard');
    expect(await screen.findByText('Formulieren invullen')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Formulier aanmaken' })).toBeTruthy();
    // The drawer's code loads after the page's (issue 17): find it, do not expect it at once.
    expect((await screen.findByTestId('user-email')).textContent).toBe('twee@demo.eform.nl');
    const nav = screen.getByRole('navigation', { name: 'Navigatie' });
    expect(within(nav).getByRole('link', { name: 'Mappen beheren' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Formulier aanmaken' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Klanten beheer' })).toBeNull();
    const selector = screen.getByLabelText('Klant') as HTMLSelectElement;
    expect(selector.disabled).toBe(false);
    expect([...selector.options].map((o) => o.text)).toEqual(['Demo Gemeente', 'Tweede Gemeente']);
  });

  it('shows the server message on wrong credentials and stays on login', async () => {
    installFakeServer({ 'POST /api/user/login': () => json(401, { status: false, message: 'Onjuiste inloggegevens.' }) });
    const router = renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/E-mailadres/), 'twee@demo.eform.nl');
    await user.type(screen.getByLabelText(/Wachtwoord/), 'fout');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    expect(await screen.findByText('Onjuiste inloggegevens.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('app shell', () => {
  it('switches the client from the drawer, toasts and returns to the dashboard', async () => {
    installFakeServer(demoServer({ c2: { roles: ['client_manager'], permissions: ['eform view client'] } }));
    const router = renderApp('/404', storedSession());
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Klant'), 'c2');
    expect(await screen.findByText('Je kan nu met klant "Tweede Gemeente" werken.')).toBeTruthy();
    await expectPath(router, '/dashboard');
    expect(localStorage.getItem(LAST_CLIENT_KEY)).toBe('c2');
    const overview = await screen.findByRole('link', { name: 'Overzicht' });
    expect(overview.getAttribute('href')).toBe('/clients/c2');
  });

  it('disables the client selector for a user with one client', async () => {
    const one = storedSession({ user: { ...storedSession().user, clients: [DEMO] } });
    installFakeServer(demoServer({}, userInfo({ clients: one.user.clients })));
    renderApp('/dashboard', one);
    expect(((await screen.findByLabelText('Klant')) as HTMLSelectElement).disabled).toBe(true);
  });

  it('shows the no-rights message and returns to the dashboard on a 403', async () => {
    installFakeServer({ ...demoServer(), 'GET /api/client/c2/info': () => json(403, {}) });
    const router = renderApp('/404', storedSession());
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Klant'), 'c2');
    expect(await screen.findByText('U hebt geen rechten om deze content te bekijken.')).toBeTruthy();
    await expectPath(router, '/dashboard');
  });

  it('logs out with a lasting warning when user info has no clients', async () => {
    installFakeServer(demoServer({}, userInfo({ clients: [] })));
    const router = renderApp('/dashboard', storedSession());
    await expectPath(router, '/login');
    expect(
      await screen.findByText('Uw account is niet toegewezen aan een klant en bent daarom automatisch uitgelogd.'),
    ).toBeTruthy();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('goes to logout when an authenticated call answers 401', async () => {
    installFakeServer({ ...demoServer(), 'GET /api/user/info': () => json(401, { message: 'Niet ingelogd.' }) });
    const router = renderApp('/dashboard', storedSession());
    await expectPath(router, '/login');
    expect(getSession().status).toBe('anonymous');
  });

  it('shows the offline banner when the server cannot be reached', async () => {
    installFakeServer({});
    renderApp('/dashboard', storedSession());
    expect(await screen.findByText(/U bent momenteel offline\./)).toBeTruthy();
  });

  it('shows the environment banner and admin section to admins only', async () => {
    const admin = storedSession({ user: { ...storedSession().user, roles: ['admin'] } });
    installFakeServer(demoServer({}, userInfo({ roles: ['admin'] })));
    renderApp('/dashboard', admin);
    expect(await screen.findByText('Omgeving: test')).toBeTruthy(); // vitest's mode: no server answer yet
    expect((await screen.findByRole('link', { name: 'Klanten beheer' })).getAttribute('href')).toBe('/clients/admin');
    expect(screen.getByRole('link', { name: 'Admin dashboard' })).toBeTruthy();
  });

  it('shows the server notification with its type', async () => {
    const notification = { type: 'error' as const, message: 'Storing bij het versturen van e-mail.' };
    installFakeServer(demoServer({}, userInfo({ server_notification: notification })));
    renderApp('/dashboard', storedSession());
    const alert = (await screen.findByText(notification.message)).closest('.MuiAlert-root');
    expect(alert?.className).toMatch(/colorError/);
  });
});

describe("iOS Safari's install explanation", () => {
  const IPHONE_SAFARI =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
  const TITLE = 'Installeer eform op uw apparaat';
  afterEach(() => vi.restoreAllMocks());

  it('shows on iOS Safari and starts the next 24 hours', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    installFakeServer(demoServer());
    const before = Date.now();
    renderApp('/dashboard', storedSession());
    expect(await screen.findByText(TITLE)).toBeTruthy();
    expect(Number(localStorage.getItem(IOS_PROMPT_KEY))).toBeGreaterThanOrEqual(before);
    // Closed by the user, it stays closed.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sluiten' }));
    await waitFor(() => expect(screen.queryByText(TITLE)).toBeNull());
  });

  it('waits 24 hours after it was shown, and never shows elsewhere', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
    const shownAt = String(Date.now() - 60 * 60 * 1000);
    localStorage.setItem(IOS_PROMPT_KEY, shownAt);
    installFakeServer(demoServer());
    renderApp('/dashboard', storedSession());
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByText(TITLE)).toBeNull();
    expect(localStorage.getItem(IOS_PROMPT_KEY)).toBe(shownAt);
  });

  it('does not show in a browser that is not iOS Safari', async () => {
    installFakeServer(demoServer());
    renderApp('/dashboard', storedSession());
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(screen.queryByText(TITLE)).toBeNull();
    expect(localStorage.getItem(IOS_PROMPT_KEY)).toBeNull();
  });
});

describe('environment banner', () => {
  it('prefers the environment name the server reports', async () => {
    const admin = storedSession({ user: { ...storedSession().user, roles: ['admin'] } });
    installFakeServer(demoServer({}, userInfo({ roles: ['admin'], environment: 'acceptatie' })));
    renderApp('/dashboard', admin);
    expect(await screen.findByText('Omgeving: acceptatie')).toBeTruthy();
  });

  it('is not shown to non-admins', async () => {
    const server = installFakeServer(demoServer({}, userInfo({ environment: 'acceptatie' })));
    renderApp('/dashboard', storedSession());
    await screen.findByRole('heading', { name: 'Dashboard' });
    // wait until the refreshed user info (with the environment) has been applied
    await waitFor(() => expect(server.calls.filter((c) => c.path.startsWith('/api/client/'))).toHaveLength(2));
    expect(screen.queryByText(/Omgeving:/)).toBeNull();
  });
});
