import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminForm } from '@/features/form-admin/api';
import type { ClientAccess } from '@/lib/api/types';
import { formatTimestamp } from '@/lib/format';
import { getToasts } from '@/lib/toast';
import { installFakeServer, json, type FakeCall, type FakeHandler } from '@/test/fake-server';
import { DEMO, demoServer, fillableForm, registrationAnswer, storedSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { DELIVERY_POLL_MS } from './form-registration-view';

// Whole screens with lazy route chunks, and polling in real time.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

const REVIEWER: ClientAccess = {
  roles: ['form_manager'],
  permissions: ['eform manage form registrations', 'eform manage form registrations delete'],
};

const FORM: AdminForm = {
  ...fillableForm({ form_name: 'Inspectie', schema: [{ name: 'naam', label: 'Naam', elementType: 'text' }] }),
  email_settings: [],
  webhook_integrations: [],
  registration_phase: null,
  user: 'twee',
  users: [],
  published_at: null,
};

const DETAIL = '/api/form/f1/registrations/r2';

/** The latest delivery of one hook, as the admin shape gives it (contract of decision 017). */
function hook(extra: Record<string, unknown>) {
  return {
    hook_index: 0,
    hook_name: 'Melding naar beheer',
    hook_type: 'email',
    hook_status: 'success',
    attempts: 1,
    last_answer: 'verstuurd naar beheer@gemeente.nl',
    next_attempt_at: null,
    updated_at: '2026-11-20T10:00:05Z',
    delivered_at: '2026-11-20T10:00:05Z',
    ...extra,
  };
}

function registration(hooks: { email_hooks?: unknown[]; webhook_integrations?: unknown[] } = {}, extra: Record<string, unknown> = {}) {
  return {
    ...registrationAnswer({ _id: 'r2', registration_serial_number: 2, schema: FORM.schema, values: { naam: 'Bankje' } }),
    deleted_at: null,
    email_hooks: [],
    webhook_integrations: [],
    datasource_hooks: {},
    ...hooks,
    ...extra,
  };
}

function server(handlers: Record<string, FakeHandler>) {
  return installFakeServer({
    ...demoServer({ [DEMO.id]: REVIEWER }),
    'GET /api/form/f1': () => json(200, FORM),
    ...handlers,
  });
}

const detailCalls = (calls: FakeCall[]) => calls.filter((call) => call.method === 'GET' && call.path === DETAIL).length;
const toastTexts = () => getToasts().map((toast) => toast.message);
const open = () => renderApp('/admin/form/f1/registrations/r2', storedSession({ access: REVIEWER }));
const section = async () => screen.findByRole('region', { name: 'Verzonden e-mails en koppelingen' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('registration detail: e-mails and integrations', () => {
  it('lists each e-mail and integration with its type, status, attempts, last answer and time', async () => {
    server({
      [`GET ${DETAIL}`]: () =>
        json(
          200,
          registration({
            email_hooks: [hook({})],
            webhook_integrations: [
              hook({
                hook_name: 'Systeem',
                hook_type: 'post-to-url',
                hook_status: 'error',
                attempts: 10,
                last_answer: 'HTTP 500',
                delivered_at: null,
              }),
              hook({
                hook_index: 1,
                hook_name: '',
                hook_type: 'sia-signal-create',
                hook_status: 'error',
                attempts: 2,
                last_answer: 'HTTP 503',
                delivered_at: null,
                next_attempt_at: '2026-11-20T10:01:35Z',
              }),
            ],
          }),
        ),
    });
    open();
    const table = within(await section()).getByRole('table', { name: 'Verzonden e-mails en koppelingen' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Naam',
      'Soort',
      'Status',
      'Pogingen',
      'Laatste antwoord',
      'Tijdstip',
    ]);
    const rows = within(table).getAllByTestId('delivery-row').map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    // The name is the row's header cell; the cells follow it.
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Melding naar beheer', 'Systeem', 'Integratie 2']);
    expect(rows).toEqual([
      ['E-mail', 'Verstuurd', '1', 'verstuurd naar beheer@gemeente.nl', `Verstuurd op ${formatTimestamp('2026-11-20T10:00:05Z')}`],
      ['Koppeling: post-to-url', 'Mislukt', '10', 'HTTP 500', 'Geen nieuwe poging'],
      ['Koppeling: sia-signal-create', 'Mislukt', '2', 'HTTP 503', `Volgende poging ${formatTimestamp('2026-11-20T10:01:35Z')}`],
    ]);
    // Nothing is queued: no polling note.
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says so when the registration sent nothing', async () => {
    server({ [`GET ${DETAIL}`]: () => json(200, registration()) });
    open();
    expect(within(await section()).getByText('Voor deze registratie zijn geen e-mails of koppelingen verstuurd.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Verzonden e-mails en koppelingen' })).toBeNull();
  });

  it('asks again every few seconds while a delivery is queued, and stops once none is', async () => {
    let asked = 0;
    const { calls } = server({
      [`GET ${DETAIL}`]: () => {
        asked += 1;
        const status = asked < 2 ? 'pending' : 'success';
        return json(200, registration({ email_hooks: [hook({ hook_status: status, attempts: asked - 1, delivered_at: status === 'success' ? '2026-11-20T10:00:05Z' : null })] }));
      },
    });
    open();
    const region = await section();
    expect(within(region).getByText('In de wachtrij')).toBeTruthy();
    expect(within(region).getByText('Wordt zo verstuurd')).toBeTruthy();
    expect(within(region).getByRole('status').textContent).toBe('Er staat nog iets in de wachtrij; de status wordt vanzelf bijgewerkt.');
    // A few seconds later the page asks again, and the delivery is done.
    expect(await within(region).findByText('Verstuurd', {}, { timeout: DELIVERY_POLL_MS + 3000 })).toBeTruthy();
    expect(detailCalls(calls)).toBe(2);
    expect(within(region).getByText(`Verstuurd op ${formatTimestamp('2026-11-20T10:00:05Z')}`)).toBeTruthy();
    expect(within(region).getByRole('status').textContent).toBe('');
    await new Promise((resolve) => setTimeout(resolve, DELIVERY_POLL_MS + 1000));
    expect(detailCalls(calls)).toBe(2);
  });

  it('stops asking when the page is left', async () => {
    const { calls } = server({
      [`GET ${DETAIL}`]: () => json(200, registration({ email_hooks: [hook({ hook_status: 'pending', delivered_at: null })] })),
      'GET /api/form/f1/registrations': () => json(200, { registrations: [], pages_count: 0, registrations_count: 0 }),
    });
    const router = open();
    await section();
    await userEvent.click(screen.getByRole('link', { name: 'Terug naar de registraties' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/form/f1/registrations'));
    const before = detailCalls(calls);
    await new Promise((resolve) => setTimeout(resolve, DELIVERY_POLL_MS + 1000));
    expect(detailCalls(calls)).toBe(before);
  });
});

describe('registration detail: resend', () => {
  it('resends after asking, says so, and shows the statuses afresh', async () => {
    let resent = false;
    let asked = 0;
    const { calls } = server({
      [`GET ${DETAIL}`]: () => {
        asked += 1;
        // Right after the resend the e-mail waits in the queue again; the next ask finds it sent.
        const pending = resent && asked === 2;
        return json(200, registration({ email_hooks: [hook(pending ? { hook_status: 'pending', attempts: 0, delivered_at: null } : {})] }));
      },
      [`GET ${DETAIL}/resend`]: () => {
        resent = true;
        return json(200, { status: 'success' });
      },
    });
    open();
    const region = await section();
    expect(within(region).getByText('Verstuurd')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Opnieuw versturen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registratie opnieuw versturen?' });
    expect(within(dialog).getByText('De e-mails en koppelingen van deze registratie worden opnieuw verstuurd.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Opnieuw versturen' }));
    expect(await screen.findByText('Registratie is opnieuw verstuurd.')).toBeTruthy();
    expect(calls.filter((call) => call.path === `${DETAIL}/resend`)).toHaveLength(1);
    // Revalidated: the queued e-mail shows, and the page follows it until it is sent.
    expect(await within(region).findByText('In de wachtrij')).toBeTruthy();
    expect(await within(region).findByText('Verstuurd', {}, { timeout: DELIVERY_POLL_MS + 3000 })).toBeTruthy();
    expect(detailCalls(calls)).toBe(3);
  });

  it("tells why a resend was refused, in the server's words", async () => {
    server({
      [`GET ${DETAIL}`]: () => json(200, registration({ email_hooks: [hook({})] })),
      [`GET ${DETAIL}/resend`]: () =>
        json(409, { status: false, message: 'Alleen voltooide registraties buiten de prullenbak kunnen opnieuw worden verstuurd.' }),
    });
    open();
    await section();
    await userEvent.click(screen.getByRole('button', { name: 'Opnieuw versturen' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Registratie opnieuw versturen?' })).getByRole('button', { name: 'Opnieuw versturen' }));
    await waitFor(() =>
      expect(toastTexts()).toContain(
        'Registratie kon niet opnieuw verstuurd worden. Alleen voltooide registraties buiten de prullenbak kunnen opnieuw worden verstuurd.',
      ),
    );
  });
});

describe('registration detail: e-mail attachments', () => {
  it('fetches the zip with the sign-in, saves it, and offers to save it again', async () => {
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    const made: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      made.push(blob as Blob);
      return `blob:zip-${made.length}`;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const zipUrl = `${DETAIL}/emails-zip`;
    const { calls } = server({
      [`GET ${DETAIL}`]: () => json(200, registration({ email_hooks: [hook({})] })),
      [`GET ${DETAIL}/download-emails`]: () => json(200, { status: 'success', url: zipUrl }),
      [`GET ${zipUrl}`]: () => new Response(new Uint8Array([80, 75, 3, 4]), { status: 200, headers: { 'Content-Type': 'application/zip' } }),
    });
    open();
    await section();
    await userEvent.click(screen.getByRole('button', { name: 'E-mailbijlagen downloaden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download gereed' });
    expect(saved).toEqual([{ href: 'blob:zip-1', download: 'e-mailbijlagen-registratie-2.zip' }]);
    expect(made[0]?.size).toBe(4);
    // The zip is only given with the api-key.
    expect(calls.find((call) => call.path === zipUrl)?.headers.get('api-key')).toBe('stored-key');
    expect(within(dialog).getByText(/worden opgeslagen als e-mailbijlagen-registratie-2\.zip/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Opnieuw opslaan' }));
    expect(saved).toHaveLength(2);
    expect(calls.filter((call) => call.path === zipUrl)).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sluiten' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("says the file could not be downloaded, with the server's reason when it gave one", async () => {
    let status = 404;
    server({
      [`GET ${DETAIL}`]: () => json(200, registration({ email_hooks: [hook({})] })),
      [`GET ${DETAIL}/download-emails`]: () =>
        status === 404 ? json(404, { status: false, message: 'Er zijn geen bijlagen van e-mails om te downloaden.' }) : json(500, {}),
    });
    open();
    await section();
    const button = screen.getByRole('button', { name: 'E-mailbijlagen downloaden' });
    await userEvent.click(button);
    await waitFor(() =>
      expect(toastTexts()).toContain('Bestand konden niet worden gedownload. Er zijn geen bijlagen van e-mails om te downloaden.'),
    );
    status = 500;
    await waitFor(() => expect((screen.getByRole('button', { name: 'E-mailbijlagen downloaden' }) as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(screen.getByRole('button', { name: 'E-mailbijlagen downloaden' }));
    await waitFor(() => expect(toastTexts()).toContain('Bestand konden niet worden gedownload.'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
