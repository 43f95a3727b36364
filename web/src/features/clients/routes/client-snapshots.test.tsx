import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientAccess, ClientSummary } from '@/lib/api/types';
import { BATCH_POLL_MS, type Batch } from '@/lib/batches';
import { installFakeServer, json, type FakeCall, type FakeHandler } from '@/test/fake-server';
import { installFakeXhr, nextRequest } from '@/test/fake-xhr';
import { DEMO, demoServer, storedSession, TWEEDE, userInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const ADMIN_ACCESS: ClientAccess = { roles: ['form_filler', 'admin'], permissions: [] };
const ADMIN_SESSION = storedSession({ user: { ...storedSession().user, roles: ['admin'] }, access: ADMIN_ACCESS });
/** Every permission of the client, but not an admin of the platform. */
const MANAGER: ClientAccess = {
  roles: ['client_manager'],
  permissions: ['eform view client', 'eform edit client', 'delete client entities', 'eform client add users', 'view user group', 'create user group'],
};
const EMPLOYEE_SESSION = storedSession({ user: { ...storedSession().user, roles: ['eform_employee'] }, access: MANAGER });

const RESTORED: ClientSummary = { id: 'c9', uuid: 'c9', name: 'Oude Gemeente', terms_and_conditions_required: false };
const DOWNLOAD_URL = `/api/client/c1/snapshot/s1?token=${'ab'.repeat(32)}`;

const batch = (name: string, overrides: Partial<Batch>): Batch => ({ batch_name: name, total_items: 0, items_in_queue: 1, status: 'queued', ...overrides });
const polls = (calls: FakeCall[], name: string) => calls.filter((call) => call.path === `/api/batch/process/${name}`).length;

/** Records the links the app clicks to download (jsdom cannot navigate). */
function recordDownloads(): string[] {
  const clicked: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.getAttribute('href') ?? '');
  });
  return clicked;
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('snapshot download', () => {
  it('follows the batch in a dialog with its progress, then downloads through the link and offers it again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const clicked = recordDownloads();
    const answers = [batch('s1', { total_items: 4, items_in_queue: 3, status: 'running' }), batch('s1', { total_items: 4, items_in_queue: 0, status: 'done' })];
    const { calls } = installFakeServer({
      ...demoServer({ [DEMO.id]: ADMIN_ACCESS }, userInfo({ roles: ['admin'] })),
      'POST /api/client/c1/snapshot': () => json(200, { ...batch('s1', {}), download_url: DOWNLOAD_URL }),
      'GET /api/batch/process/s1': () => json(200, answers.shift() ?? batch('s1', { total_items: 4, items_in_queue: 0, status: 'done' })),
    });
    renderApp('/clients/c1', ADMIN_SESSION);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Momentopname downloaden' }));

    const dialog = await screen.findByRole('dialog', { name: 'Momentopname downloaden' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    // Not counted yet: a bar without a measure, and the live region says the snapshot is made.
    const status = await within(dialog).findByText('De momentopname wordt gemaakt..');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(within(dialog).getByRole('progressbar', { name: 'Voortgang van de momentopname' })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST' && call.path === '/api/client/c1/snapshot')).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(BATCH_POLL_MS));
    expect(await within(dialog).findByText('De momentopname wordt gemaakt: 1 van 4 stappen gedaan.')).toBeTruthy();
    expect(within(dialog).getByRole('progressbar', { name: 'Voortgang van de momentopname' }).getAttribute('aria-valuenow')).toBe('25');
    expect(clicked).toEqual([]);

    await act(() => vi.advanceTimersByTimeAsync(BATCH_POLL_MS));
    expect(await within(dialog).findByText(/De momentopname is klaar en wordt gedownload/)).toBeTruthy();
    expect(clicked).toEqual([DOWNLOAD_URL]);
    expect(polls(calls, 's1')).toBe(2);
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    const again = within(dialog).getByRole('link', { name: 'Opnieuw downloaden' });
    expect(again.getAttribute('href')).toBe(DOWNLOAD_URL);
    expect(again.hasAttribute('download')).toBe(true);

    await user.click(within(dialog).getByRole('button', { name: 'Sluiten' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's message when the client is busy (409), and downloads nothing", async () => {
    const clicked = recordDownloads();
    const message = 'Dit kan nu niet: deze klant wordt verwijderd of teruggezet. Probeer het later opnieuw.';
    const { calls } = installFakeServer({
      ...demoServer({ [DEMO.id]: ADMIN_ACCESS }, userInfo({ roles: ['admin'] })),
      'POST /api/client/c1/snapshot': () => json(409, { status: false, message }),
    });
    renderApp('/clients/c1', ADMIN_SESSION);
    await userEvent.click(await screen.findByRole('button', { name: 'Momentopname downloaden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Momentopname downloaden' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    expect(polls(calls, 's1')).toBe(0);
    expect(clicked).toEqual([]);
  });

  it('says so when the batch failed, without its log text', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const clicked = recordDownloads();
    installFakeServer({
      ...demoServer({ [DEMO.id]: ADMIN_ACCESS }, userInfo({ roles: ['admin'] })),
      'POST /api/client/c1/snapshot': () => json(200, { ...batch('s1', {}), download_url: DOWNLOAD_URL }),
      'GET /api/batch/process/s1': () => json(200, batch('s1', { total_items: 3, items_in_queue: 0, status: 'failed', error: 'the client is gone' })),
    });
    renderApp('/clients/c1', ADMIN_SESSION);
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Momentopname downloaden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Momentopname downloaden' });
    await act(() => vi.advanceTimersByTimeAsync(BATCH_POLL_MS));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('De momentopname kon niet worden gemaakt.');
    expect(clicked).toEqual([]);
  });

  it('stops asking once the dialog is closed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const { calls } = installFakeServer({
      ...demoServer({ [DEMO.id]: ADMIN_ACCESS }, userInfo({ roles: ['admin'] })),
      'POST /api/client/c1/snapshot': () => json(200, { ...batch('s1', {}), download_url: DOWNLOAD_URL }),
      'GET /api/batch/process/s1': () => json(200, batch('s1', { total_items: 9, items_in_queue: 8, status: 'running' })),
    });
    renderApp('/clients/c1', ADMIN_SESSION);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Momentopname downloaden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Momentopname downloaden' });
    await act(() => vi.advanceTimersByTimeAsync(BATCH_POLL_MS));
    expect(await within(dialog).findByText('De momentopname wordt gemaakt: 1 van 9 stappen gedaan.')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const asked = polls(calls, 's1');
    await act(() => vi.advanceTimersByTimeAsync(3 * BATCH_POLL_MS));
    expect(polls(calls, 's1')).toBe(asked);
  });

  it('is not offered to anyone but an admin, whatever their rights in the client', async () => {
    installFakeServer(demoServer({ [DEMO.id]: MANAGER }, userInfo({ roles: ['eform_employee'] })));
    renderApp('/clients/c1', EMPLOYEE_SESSION);
    expect(await screen.findByRole('link', { name: 'Modules kopen' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Momentopname downloaden' })).toBeNull();
  });
});

describe('snapshot restore', () => {
  const tar = (name = 'Oude Gemeente 2026-11-20.tar') => new File([new Uint8Array(2048)], name, { type: 'application/x-tar' });

  /** The admin list, signed in as an admin, with the restored client known to the server once `restored()`. */
  function renderList(extra: Record<string, FakeHandler> = {}) {
    let restored = false;
    const info = () => userInfo({ roles: ['admin'], clients: restored ? [DEMO, TWEEDE, RESTORED] : [DEMO, TWEEDE] });
    const server = installFakeServer({
      ...demoServer({ [DEMO.id]: ADMIN_ACCESS, [RESTORED.id]: ADMIN_ACCESS }, userInfo({ roles: ['admin'], clients: [DEMO, TWEEDE, RESTORED] })),
      'GET /api/user/info': () => json(200, info()),
      'GET /jsonapi/client/client': () => json(200, { data: [], links: { self: { href: '/jsonapi/client/client?sort=name' } } }),
      ...extra,
    });
    const router = renderApp('/clients/admin', ADMIN_SESSION);
    return { router, calls: server.calls, markRestored: () => (restored = true) };
  }

  async function openDialog() {
    await userEvent.click(await screen.findByRole('button', { name: 'Klant terugzetten' }));
    return screen.findByRole('dialog', { name: 'Klant terugzetten' });
  }

  it('uploads replace before the file with the api-key and its progress, follows the batch, then opens the restored client', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const sent = installFakeXhr();
    const answers = [batch('r1', { total_items: 2, items_in_queue: 1, status: 'running' }), batch('r1', { total_items: 2, items_in_queue: 0, status: 'done' })];
    const { router, calls, markRestored } = renderList({
      'GET /api/batch/process/r1': () => {
        const answer = answers.shift() ?? batch('r1', { total_items: 2, items_in_queue: 0, status: 'done' });
        if (answer.status === 'done') markRestored();
        return json(200, answer);
      },
    });
    const user = userEvent.setup({ delay: null });
    const dialog = await openDialog();
    expect(within(dialog).getByText(/overschrijft de klant met de momentopname/)).toBeTruthy();
    await user.upload(within(dialog).getByLabelText('Momentopname (.tar)'), tar());
    expect(within(dialog).getByText('Gekozen bestand: Oude Gemeente 2026-11-20.tar (2,00 KB)')).toBeTruthy();
    const replace = within(dialog).getByRole('checkbox', { name: 'Bestaande klant vervangen' });
    expect(replace.getAttribute('aria-describedby')).toBeTruthy();
    await user.click(replace);
    await user.click(within(dialog).getByRole('button', { name: 'Terugzetten' }));

    const xhr = await nextRequest(sent, 0);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/clients/snapshot');
    expect(xhr.headers['api-key']).toBe('stored-key');
    const body = xhr.body as FormData;
    expect([...body.keys()]).toEqual(['replace', 'file']);
    expect(body.get('replace')).toBe('true');
    expect((body.get('file') as File).name).toBe('Oude Gemeente 2026-11-20.tar');

    act(() => xhr.progress(1024, 2048));
    expect(await within(dialog).findByText('De momentopname wordt geüpload: 50%.')).toBeTruthy();
    expect(within(dialog).getByRole('progressbar', { name: 'Voortgang van het uploaden' }).getAttribute('aria-valuenow')).toBe('50');
    expect(within(dialog).getByRole('button', { name: 'Terugzetten' }).hasAttribute('disabled')).toBe(true);

    act(() => {
      xhr.progress(2048, 2048);
      xhr.respond(200, { ...batch('r1', {}), client_id: 'c9', client_name: 'Oude Gemeente' });
    });
    expect(await within(dialog).findByText('De klant wordt teruggezet..')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(BATCH_POLL_MS));
    expect(await within(dialog).findByText('De klant wordt teruggezet: 1 van 2 stappen gedaan.')).toBeTruthy();
    expect(within(dialog).getByRole('progressbar', { name: 'Voortgang van het terugzetten' }).getAttribute('aria-valuenow')).toBe('50');

    await act(() => vi.advanceTimersByTimeAsync(BATCH_POLL_MS));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/c9'));
    expect(await screen.findByText('Klant Oude Gemeente is teruggezet.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Oude Gemeente', level: 1 })).toBeTruthy();
    // User info was read again after the batch was done.
    const doneAt = calls.findLastIndex((call) => call.path === '/api/batch/process/r1');
    expect(calls.slice(doneAt).some((call) => call.path === '/api/user/info')).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("sends replace=false unless asked, and shows the server's message for a client that exists (409)", async () => {
    const sent = installFakeXhr();
    const { router } = renderList();
    const user = userEvent.setup();
    const dialog = await openDialog();
    await user.upload(within(dialog).getByLabelText('Momentopname (.tar)'), tar());
    await user.click(within(dialog).getByRole('button', { name: 'Terugzetten' }));
    const xhr = await nextRequest(sent, 0);
    expect((xhr.body as FormData).get('replace')).toBe('false');
    const message = "De klant Oude Gemeente bestaat al. Kies 'Bestaande klant vervangen' om hem te overschrijven.";
    act(() => xhr.respond(409, { status: false, message }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Terugzetten' }).hasAttribute('disabled')).toBe(false);
    expect(router.state.location.pathname).toBe('/clients/admin');

    // Asked again as a replace, with the same file still chosen.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Bestaande klant vervangen' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(message);
    await user.click(within(dialog).getByRole('button', { name: 'Terugzetten' }));
    expect(((await nextRequest(sent, 1)).body as FormData).get('replace')).toBe('true');
  });

  it("shows the server's message for a file that is no snapshot (422)", async () => {
    const sent = installFakeXhr();
    renderList();
    const user = userEvent.setup();
    const dialog = await openDialog();
    await user.upload(within(dialog).getByLabelText('Momentopname (.tar)'), tar('kapot.tar'));
    await user.click(within(dialog).getByRole('button', { name: 'Terugzetten' }));
    const message = 'Dit bestand is geen momentopname van een klant (een .tar-bestand uit eform).';
    act(() => sent[0]?.respond(422, { status: false, message, errors: [{ detail: message, source: { pointer: 'file' } }] }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
  });

  it('asks for a .tar file before anything is sent', async () => {
    const sent = installFakeXhr();
    renderList();
    const user = userEvent.setup({ applyAccept: false });
    const dialog = await openDialog();
    const choose = within(dialog).getByRole('button', { name: 'Bestand kiezen' });
    expect(document.activeElement).toBe(choose);
    await user.click(within(dialog).getByRole('button', { name: 'Terugzetten' }));
    expect(await within(dialog).findByText('Kies eerst een momentopname (.tar).')).toBeTruthy();
    expect(document.activeElement).toBe(choose);
    await user.upload(within(dialog).getByLabelText('Momentopname (.tar)'), new File(['x'], 'notities.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText('Kies een .tar-bestand: een momentopname uit eform.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Terugzetten' }));
    expect(sent).toHaveLength(0);
  });

  it('cancels the upload with Annuleren', async () => {
    const sent = installFakeXhr();
    renderList();
    const user = userEvent.setup();
    const dialog = await openDialog();
    await user.upload(within(dialog).getByLabelText('Momentopname (.tar)'), tar());
    await user.click(within(dialog).getByRole('button', { name: 'Terugzetten' }));
    const xhr = await nextRequest(sent, 0);
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(xhr.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
