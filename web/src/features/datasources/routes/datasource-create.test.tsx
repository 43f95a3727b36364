import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientAccess } from '@/lib/api/types';
import { BATCH_POLL_MS, type Batch } from '@/lib/batches';
import { getToasts } from '@/lib/toast';
import { installFakeServer, json, type FakeCall, type FakeHandler } from '@/test/fake-server';
import { installFakeXhr, nextRequest } from '@/test/fake-xhr';
import { clientDetails, datasourceResource, DEMO, demoServer, storedSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const CREATOR: ClientAccess = { roles: ['form_manager'], permissions: ['eform create datasources'] };

const batch = (overrides: Partial<Batch> = {}): Batch => ({ batch_name: 'imp-1', total_items: 0, items_in_queue: 1, status: 'queued', ...overrides });
const uploaded = (name: string) => ({ fid: 'fid-9', url: '/api/client/c1/file/fid-9', filename: name, filemime: 'text/csv', filesize: 40 });

afterEach(() => {
  vi.useRealTimers();
});

function renderCreate(kind: 'map_features' | 'search', handlers: Record<string, FakeHandler> = {}) {
  const client = { ...clientDetails(DEMO), modules: ['map_element'] };
  const server = installFakeServer({
    ...demoServer({ [DEMO.id]: CREATOR }),
    'GET /api/client/c1': () => json(200, client),
    ...handlers,
  });
  const sent = installFakeXhr();
  const router = renderApp(`/datasources/create/${kind}`, storedSession({ access: CREATOR, client }));
  return { router, calls: server.calls, sent };
}

const csv = (name = 'lantaarnpalen.csv') => new File(['object.name;object.status;object.x;object.y\nPaal 1;open;155000;463000\n'], name, { type: 'text/csv' });

/** The hidden file input (the visible button opens it). */
const fileInput = () => screen.getByLabelText('Bestand (CSV of Excel)', { selector: 'input' });

const posts = (calls: FakeCall[], path: string) => calls.filter((call) => call.method === 'POST' && call.path === path);
const polls = (calls: FakeCall[]) => calls.filter((call) => call.path === '/api/batch/process/imp-1').length;

describe('datasource create', () => {
  it('uploads the file, posts the JSON:API document and follows the import until its queue is empty', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const created = datasourceResource('map_features', 'ds-new', { name: 'Palen', feature_count: 2 }, 'fid-9');
    const answers = [batch({ total_items: 4, items_in_queue: 2, status: 'running' }), batch({ total_items: 4, items_in_queue: 0, status: 'done' })];
    const { router, calls, sent } = renderCreate('map_features', {
      'POST /jsonapi/eform_datasource/map_features': () => json(201, { data: created, meta: { batch: batch() } }),
      'GET /api/batch/process/imp-1': () => json(200, answers.shift() ?? batch({ total_items: 4, items_in_queue: 0, status: 'done' })),
      'GET /jsonapi/eform_datasource/map_features/ds-new': () => json(200, { data: created }),
    });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: /Naam/ }), ' Palen ');
    await user.click(screen.getByRole('combobox', { name: /Coördinatenstelsel/ }));
    await user.click(await screen.findByRole('option', { name: 'EPSG:28992 (Amersfoort RD New)' }));
    await user.upload(fileInput(), csv());
    expect(screen.getByText(/^Gekozen: lantaarnpalen\.csv/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Databron aanmaken' }));

    // The file goes first, to the datasource upload with the client in the query string.
    const xhr = await nextRequest(sent, 0);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/file-upload/datasource_source?client_id=c1');
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);
    expect(((xhr.body as FormData).get('file') as File).name).toBe('lantaarnpalen.csv');
    const dialog = await screen.findByRole('dialog', { name: 'Databron inlezen' });
    act(() => xhr.progress(20, 40));
    expect(within(dialog).getByRole('status').textContent).toBe('Het bestand wordt geupload: 50%');
    expect(posts(calls, '/jsonapi/eform_datasource/map_features')).toHaveLength(0);
    await act(async () => xhr.respond(200, uploaded('lantaarnpalen.csv')));

    await waitFor(() => expect(posts(calls, '/jsonapi/eform_datasource/map_features')).toHaveLength(1));
    const [post] = posts(calls, '/jsonapi/eform_datasource/map_features');
    expect(post?.headers.get('content-type')).toBe('application/vnd.api+json');
    expect(JSON.parse(post?.body ?? 'null')).toEqual({
      data: {
        type: 'eform_datasource--map_features',
        attributes: { name: 'Palen', field_crs: 'EPSG:28992' },
        relationships: {
          client_id: { data: { type: 'client--client', id: 'c1' } },
          file: { data: { type: 'file--file', id: 'fid-9' } },
        },
      },
    });

    // Queued, not counted yet: the bar has no measure.
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('Het inlezen staat in de wachtrij..'));
    expect(within(dialog).getByRole('progressbar', { name: 'Voortgang van het inlezen' }).hasAttribute('aria-valuenow')).toBe(false);
    expect(polls(calls)).toBe(0);
    expect(getToasts().map((toast) => toast.message)).toContain('Databron Palen is aangemaakt.');

    await act(() => vi.advanceTimersByTimeAsync(BATCH_POLL_MS));
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('De items worden ingelezen: 2 van 4 stappen gedaan.'));
    expect(within(dialog).getByRole('progressbar', { name: 'Voortgang van het inlezen' }).getAttribute('aria-valuenow')).toBe('50');
    expect(router.state.location.pathname).toBe('/datasources/create/map_features');

    await act(() => vi.advanceTimersByTimeAsync(BATCH_POLL_MS));
    await waitFor(() => expect(router.state.location.pathname).toBe('/datasources/map_features/ds-new'));
    expect(polls(calls)).toBe(2);
    expect(await screen.findByRole('heading', { level: 1, name: 'Palen' })).toBeTruthy();

    // Nothing is asked after the queue is empty.
    await act(() => vi.advanceTimersByTimeAsync(3 * BATCH_POLL_MS));
    expect(polls(calls)).toBe(2);
  });

  it('cancels the upload: the request is aborted, nothing is saved and the form keeps what was filled in', async () => {
    const { calls, sent } = renderCreate('search');
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: /Naam/ }), 'Straten');
    await user.upload(fileInput(), csv('straten.csv'));
    await user.click(screen.getByRole('button', { name: 'Databron aanmaken' }));
    const xhr = await nextRequest(sent, 0);
    const dialog = await screen.findByRole('dialog', { name: 'Databron inlezen' });
    act(() => xhr.progress(10, 40));
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));

    expect(xhr.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Databron inlezen' })).toBeNull());
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    expect((screen.getByRole('textbox', { name: /Naam/ }) as HTMLInputElement).value).toBe('Straten');
    expect(screen.getByText(/^Gekozen: straten\.csv/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when the import failed, and leads on to the datasource to read why', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const created = datasourceResource('search', 'ds-new', { name: 'Weg' }, 'fid-9');
    const { router, sent } = renderCreate('search', {
      'POST /jsonapi/eform_datasource/search': () => json(201, { data: created, meta: { batch: batch() } }),
      'GET /api/batch/process/imp-1': () => json(200, batch({ total_items: 2, items_in_queue: 0, status: 'failed', error: 'Kolom object.name ontbreekt.' })),
      'GET /jsonapi/eform_datasource/search/ds-new': () => json(200, { data: created }),
    });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByRole('textbox', { name: /Naam/ }), 'Weg');
    await user.upload(fileInput(), csv('straten.csv'));
    await user.click(screen.getByRole('button', { name: 'Databron aanmaken' }));
    await act(async () => (await nextRequest(sent, 0)).respond(200, uploaded('straten.csv')));
    const dialog = await screen.findByRole('dialog', { name: 'Databron inlezen' });
    await act(() => vi.advanceTimersByTimeAsync(BATCH_POLL_MS));
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('Het inlezen is mislukt.'));
    expect(within(dialog).getByRole('alert').textContent).toBe('Kolom object.name ontbreekt.');
    expect(router.state.location.pathname).toBe('/datasources/create/search');

    await user.click(within(dialog).getByRole('button', { name: 'Naar de databron' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/datasources/search/ds-new'));
  });
  it('asks for a name, a coordinate system and a file before anything is sent', async () => {
    const { sent } = renderCreate('map_features');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Databron aanmaken' }));
    expect(await screen.findByText('Naam is verplicht.')).toBeTruthy();
    expect(screen.getByText('Kies het coördinatenstelsel van het bestand.')).toBeTruthy();
    expect(screen.getByText('Kies een CSV-bestand.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });
});
