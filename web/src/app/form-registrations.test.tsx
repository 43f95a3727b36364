import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminForm } from '@/features/form-admin/api';
import type { RegistrationRow } from '@/features/form-registrations/api';
import type { ClientAccess } from '@/lib/api/types';
import { installFakeServer, json, type FakeCall, type FakeHandler } from '@/test/fake-server';
import { DEMO, demoServer, fillableForm, registrationAnswer, storedSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

const REVIEWER: ClientAccess = {
  roles: ['form_manager'],
  permissions: [
    'eform manage form registrations',
    'eform manage form registrations delete',
    'eform manage form registrations download',
    'eform manage form registrations weekly mail',
  ],
};

const FORM: AdminForm = {
  ...fillableForm({
    form_name: 'Inspectie',
    form_type: 'workflow',
    schema: [
      { name: 'naam', label: 'Naam', elementType: 'text' },
      { name: 'aantal', label: 'Aantal', elementType: 'number' },
    ],
    settings: {},
  }),
  email_settings: [],
  webhook_integrations: [],
  registration_phase: null,
  user: 'twee',
  users: [],
  published_at: null,
  updated_at: Date.UTC(2024, 2, 5, 12, 7),
};

function row(serial: number, naam: string, extra: Partial<RegistrationRow> = {}): RegistrationRow {
  return {
    _id: `r${serial}`,
    registration_serial_number: serial,
    registration_date: '2026-11-20T10:00:00Z',
    registration_user_id: { username: 'invuller' },
    registration_name: naam,
    registration_phase: '1',
    registration_status: 'completed',
    form_summary: `<p>${naam}</p>`,
    values: { naam, aantal: serial },
    deleted_at: null,
    ...extra,
  };
}

function server(extra: Record<string, FakeHandler> = {}) {
  return installFakeServer({
    ...demoServer({ [DEMO.id]: REVIEWER }),
    'GET /api/form/f1': () => json(200, FORM),
    'GET /api/form/f1/metadata': () => json(200, { email_word_files_processed: {} }),
    'GET /api/form/f1/registrations': (call) =>
      json(200, call.query.get('tab') === 'trash'
        ? { registrations: [row(3, 'Weg', { deleted_at: '2026-11-24T08:00:00Z' })], pages_count: 1, registrations_count: 1 }
        : { registrations: [row(2, 'Bankje'), row(1, 'Lantaarnpaal')], pages_count: 1, registrations_count: 2 }),
    ...extra,
  });
}

function listCalls(calls: FakeCall[]): URLSearchParams[] {
  return calls.filter((call) => call.path === '/api/form/f1/registrations').map((call) => call.query);
}

describe('the registrations list', () => {
  it('shows the tabs, sorts, filters after a pause, and pages', async () => {
    const { calls } = server();
    renderApp('/admin/form/f1/registrations', storedSession({ access: REVIEWER }));
    const table = await screen.findByRole('table', { name: 'Registraties' });
    expect(within(table).getAllByTestId('review-row')).toHaveLength(2);
    expect(screen.getByRole('tab', { name: 'Voltooide registraties' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Onvoltooide registraties' })).toBeTruthy();
    expect(listCalls(calls).at(-1)?.get('sort_by')).toBe('registration_date');

    await userEvent.click(within(table).getByRole('button', { name: 'Sorteer op Naam' }));
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('sort_by')).toBe('naam'));
    expect(listCalls(calls).at(-1)?.get('sort_direction')).toBe('1');

    await userEvent.click(screen.getByRole('button', { name: 'Filter toevoegen' }));
    const filter = screen.getByTestId('review-filter');
    await userEvent.type(within(filter).getByLabelText('Waarde'), '7');
    // Applied only after the 500 ms pause, all at once.
    await waitFor(() => expect(listCalls(calls).at(-1)?.get('f[0][value]')).toBe('7'));
    expect(listCalls(calls).some((query) => query.get('f[0][value]') === '')).toBe(false);
    expect(listCalls(calls).at(-1)?.get('f[0][path]')).toBe('registration_serial_number');
    expect(listCalls(calls).at(-1)?.get('f[0][integer]')).toBe('true');

    await userEvent.click(screen.getByRole('tab', { name: 'Prullenbak' }));
    expect(await screen.findByText('In prullenbak sinds')).toBeTruthy();
    expect(listCalls(calls).at(-1)?.get('sort_by')).toBe('deleted_at');
  });

  it('opens a registration, trashes it after asking, and goes back to the same selection', async () => {
    let trashed = false;
    const { calls } = server({
      'GET /api/form/f1/registrations/r2': () =>
        json(200, { ...registrationAnswer({ _id: 'r2', registration_serial_number: 2, schema: FORM.schema, values: { naam: 'Bankje', aantal: 2 } }), deleted_at: trashed ? '2026-11-25T10:00:00Z' : null }),
      'GET /api/form/f1/registrations/r2/trash': () => {
        trashed = true;
        return json(200, { status: 'success' });
      },
    });
    const router = renderApp('/admin/form/f1/registrations?sort=naam&dir=1', storedSession({ access: REVIEWER }));
    await userEvent.click(await screen.findByRole('button', { name: 'Registratie 2 openen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/form/f1/registrations/r2'));
    expect(await screen.findByText('Bankje')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Naar prullenbak' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registratie naar de prullenbak?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Naar prullenbak' }));
    expect(await screen.findByText('Registratie is verplaatst naar de prullenbak.')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/form/f1/registrations/r2/trash')).toBe(true);
    expect(await screen.findByRole('button', { name: 'Terugzetten' })).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Terug naar de registraties' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=naam&dir=1'));
  });

  it('prepares a download on the queue and saves it at 100%', async () => {
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    const url = '/api/form/f1/registrations/queue/file/q1?token=abc';
    const queue = { queue_id: 'q1', total: 2, processed: 0, status: 'queued', download_url: url, expires_at: null };
    const { calls } = server({
      'GET /api/form/f1/registrations/queue/download/csv': () => json(200, queue),
      'GET /api/form/f1/registrations/queue/progress/q1': () => json(200, { ...queue, processed: 2, status: 'done' }),
    });
    renderApp('/admin/form/f1/registrations', storedSession({ access: REVIEWER }));
    await screen.findByRole('table', { name: 'Registraties' });
    // Only the kinds the user may download are offered.
    await userEvent.click(screen.getByRole('button', { name: 'Downloaden' }));
    expect(screen.queryByRole('menuitem', { name: 'CSV met bijlagen' })).toBeNull();
    await userEvent.click(screen.getByRole('menuitem', { name: 'CSV' }));
    expect(await screen.findByRole('dialog', { name: 'Download voorbereiden' })).toBeTruthy();
    expect(screen.getByText(/De download wordt voorbereid/)).toBeTruthy();
    const started = calls.find((call) => call.path.endsWith('/queue/download/csv'));
    expect(started?.query.get('tab')).toBe('completed');
    expect(started?.query.get('page')).toBeNull();
    // The progress is asked after 5 s; at 100 % the browser saves the file.
    await waitFor(() => expect(clicked).toEqual([url]), { timeout: 8000 });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Download voorbereiden' })).toBeNull());
    expect(screen.getByText('De download is gereed.')).toBeTruthy();
    click.mockRestore();
  });

  it('saves the periodic mail with checked recipients', async () => {
    let saved: unknown = null;
    server({
      'PATCH /api/form/f1': (call) => {
        saved = JSON.parse(call.body ?? '{}');
        return json(200, FORM);
      },
    });
    renderApp('/admin/form/f1/registrations', storedSession({ access: REVIEWER }));
    const panel = await screen.findByRole('region', { name: 'Periodieke mail' });
    await userEvent.click(within(panel).getByLabelText('Registraties periodiek mailen'));
    await userEvent.click(within(panel).getByRole('button', { name: 'Opslaan' }));
    expect(await within(panel).findByText('Voeg minstens één ontvanger toe.')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Ontvanger toevoegen' }));
    await userEvent.type(within(panel).getByLabelText('Ontvanger 1'), 'geen adres');
    await userEvent.click(within(panel).getByRole('button', { name: 'Opslaan' }));
    expect(await within(panel).findByText('Vul een geldig e-mailadres in.')).toBeTruthy();
    expect(saved).toBeNull();
    await userEvent.clear(within(panel).getByLabelText('Ontvanger 1'));
    await userEvent.type(within(panel).getByLabelText('Ontvanger 1'), 'beheer@gemeente.nl');
    await act(async () => {
      await userEvent.click(within(panel).getByRole('button', { name: 'Opslaan' }));
    });
    await waitFor(() =>
      expect(saved).toEqual({ settings: { weeklyRegistrationMail: { enabled: true, period: 'weekly', day: 6, recipients: [{ email: 'beheer@gemeente.nl' }] } } }),
    );
  });
});
