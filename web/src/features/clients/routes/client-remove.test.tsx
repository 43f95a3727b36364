import { act, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientAccess } from '@/lib/api/types';
import { BATCH_POLL_MS, type Batch } from '@/lib/batches';
import { installFakeServer, json, type FakeCall, type FakeHandler } from '@/test/fake-server';
import { DEMO, demoServer, storedSession, TWEEDE, userInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const ADMIN_ACCESS: ClientAccess = { roles: ['form_filler', 'admin'], permissions: [] };
const ADMIN_SESSION = storedSession({ user: { ...storedSession().user, roles: ['admin'] }, access: ADMIN_ACCESS });
const REMOVER: ClientAccess = { roles: ['client_manager'], permissions: ['delete client entities', 'eform view client'] };

const batch = (overrides: Partial<Batch>): Batch => ({ batch_name: 'b1', total_items: 0, items_in_queue: 1, status: 'queued', ...overrides });

const polls = (calls: FakeCall[]) => calls.filter((call) => call.path === '/api/batch/process/b1').length;

afterEach(() => {
  vi.useRealTimers();
});

/** Opens the remove tab of the demo client and confirms. */
async function confirmRemoval() {
  // No pauses between the pointer events: some tests run on fake timers.
  const user = userEvent.setup({ delay: null });
  expect(await screen.findByText('Weet u zeker dat u deze klant wilt verwijderen?')).toBeTruthy();
  expect(screen.getByText(/Klant Demo Gemeente wordt definitief verwijderd/)).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Verwijder klant' }));
}

describe('client remove', () => {
  it('follows the batch every 2 s with its progress, then reloads user info and opens the admin list', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const answers = [batch({ total_items: 4, items_in_queue: 3, status: 'running' }), batch({ total_items: 4, items_in_queue: 0, status: 'done' })];
    let removed = false;
    const { calls } = installFakeServer({
      ...demoServer({ [DEMO.id]: ADMIN_ACCESS }, userInfo({ roles: ['admin'] })),
      'POST /api/client/c1/delete': () => json(200, batch({})),
      'GET /api/batch/process/b1': () => {
        const answer = answers.shift() ?? batch({ total_items: 4, items_in_queue: 0, status: 'done' });
        removed = answer.items_in_queue === 0;
        return json(200, answer);
      },
      // Once removed, the admin is a member of the second client only.
      'GET /api/user/info': () => json(200, userInfo({ roles: ['admin'], clients: removed ? [TWEEDE] : [DEMO, TWEEDE] })),
      'GET /jsonapi/client/client': () => json(200, { data: [], links: { self: { href: '/jsonapi/client/client?sort=name' } } }),
    });
    const router = renderApp('/clients/c1/remove', ADMIN_SESSION);
    await confirmRemoval();

    // Not counted yet: a bar without a measure, and the live region says the removal runs.
    const status = await screen.findByText('De klant wordt verwijderd..');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(screen.getByRole('progressbar', { name: 'Voortgang van het verwijderen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verwijder klant' }).hasAttribute('disabled')).toBe(true);
    expect(polls(calls)).toBe(0);

    await act(() => vi.advanceTimersByTimeAsync(BATCH_POLL_MS));
    expect(await screen.findByText('De klant wordt verwijderd: 1 van 4 stappen gedaan.')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Voortgang van het verwijderen' }).getAttribute('aria-valuenow')).toBe('25');
    expect(polls(calls)).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(BATCH_POLL_MS));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/admin'));
    expect(polls(calls)).toBe(2);
    expect(await screen.findByText('Klant Demo Gemeente is verwijderd.')).toBeTruthy();
    // User info was read again after the batch was done, and the remaining client became current.
    const doneAt = calls.findLastIndex((call) => call.path === '/api/batch/process/b1');
    expect(calls.slice(doneAt).some((call) => call.path === '/api/user/info')).toBe(true);
    expect(calls.slice(doneAt).some((call) => call.path === '/api/client/c2/info')).toBe(true);

    // Nothing is asked after the end.
    await act(() => vi.advanceTimersByTimeAsync(3 * BATCH_POLL_MS));
    expect(polls(calls)).toBe(2);
  });

  it("opens the user's own client list for a user who is not an admin", async () => {
    let removed = false;
    installFakeServer({
      ...demoServer({ [DEMO.id]: REMOVER }),
      'POST /api/client/c1/delete': () => {
        removed = true;
        // Done by the time it answers: nothing to follow.
        return json(200, batch({ total_items: 2, items_in_queue: 0, status: 'done' }));
      },
      'GET /api/user/info': () => json(200, userInfo({ clients: removed ? [TWEEDE] : [DEMO, TWEEDE] })),
    });
    const router = renderApp('/clients/c1/remove', storedSession({ access: REMOVER }));
    await confirmRemoval();
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/assigned'));
    expect(await screen.findByRole('link', { name: `Klant ${TWEEDE.name} openen` })).toBeTruthy();
  });

  it("shows the server's message when other work of the client runs (409), and removes nothing", async () => {
    const message = 'Er loopt nog een ander proces voor deze klant. Probeer het later opnieuw.';
    const { calls } = installFakeServer({
      ...demoServer({ [DEMO.id]: REMOVER }),
      'POST /api/client/c1/delete': () => json(409, { status: false, message }),
    } satisfies Record<string, FakeHandler>);
    const router = renderApp('/clients/c1/remove', storedSession({ access: REMOVER }));
    await confirmRemoval();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(router.state.location.pathname).toBe('/clients/c1/remove');
    expect(screen.getByRole('button', { name: 'Verwijder klant' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(polls(calls)).toBe(0);
  });

  it('says so when the batch failed, and stays', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    installFakeServer({
      ...demoServer({ [DEMO.id]: REMOVER }),
      'POST /api/client/c1/delete': () => json(200, batch({ total_items: 3, items_in_queue: 3, status: 'running' })),
      'GET /api/batch/process/b1': () => json(200, batch({ total_items: 3, items_in_queue: 0, status: 'failed', error: 'De map van de klant kon niet worden gewist.' })),
    });
    const router = renderApp('/clients/c1/remove', storedSession({ access: REMOVER }));
    await confirmRemoval();
    await act(() => vi.advanceTimersByTimeAsync(BATCH_POLL_MS));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('De klant kon niet worden verwijderd.De map van de klant kon niet worden gewist.');
    expect(router.state.location.pathname).toBe('/clients/c1/remove');
  });

  it('goes back to the overview with Annuleren', async () => {
    installFakeServer(demoServer({ [DEMO.id]: REMOVER }));
    const router = renderApp('/clients/c1/remove', storedSession({ access: REMOVER }));
    expect(await screen.findByText('Weet u zeker dat u deze klant wilt verwijderen?')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Annuleren' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/c1'));
    expect(await screen.findByRole('region', { name: 'Overzicht' })).toBeTruthy();
  });
});
