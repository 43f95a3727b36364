import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientAccess } from '@/lib/api/types';
import { BATCH_POLL_MS, type Batch } from '@/lib/batches';
import { installFakeServer, json, type FakeHandler } from '@/test/fake-server';
import { datasourceResource, DEMO, demoServer, storedSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const EDITOR: ClientAccess = { roles: ['form_manager'], permissions: ['eform edit datasources'] };
const LAMPS = datasourceResource('map_features', 'ds-lamps', { name: 'Palen', field_crs: 'EPSG:28992', feature_count: 3 });
const DOWNLOAD_URL = `/api/datasource/ds-lamps/export/e1?token=${'cd'.repeat(32)}`;

const batch = (overrides: Partial<Batch>): Batch => ({ batch_name: 'e1', total_items: 3, items_in_queue: 3, status: 'queued', ...overrides });

function renderView(extra: Record<string, FakeHandler>) {
  const server = installFakeServer({
    ...demoServer({ [DEMO.id]: EDITOR }),
    'GET /jsonapi/eform_datasource/map_features/ds-lamps': () => json(200, { data: LAMPS }),
    'GET /api/datasource/ds-lamps/export': () => json(200, { ...batch({}), created_data: { download_url: DOWNLOAD_URL } }),
    ...extra,
  });
  renderApp('/datasources/map_features/ds-lamps', storedSession({ access: EDITOR }));
  return server.calls;
}

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

describe('datasource export', () => {
  it('shows processed of total from the batch queue, then downloads the CSV through its link and offers it again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const clicked = recordDownloads();
    const answers = [batch({ items_in_queue: 1, status: 'running' }), batch({ items_in_queue: 0, status: 'done' })];
    const calls = renderView({ 'GET /api/batch/process/e1': () => json(200, answers.shift() ?? batch({ items_in_queue: 0, status: 'done' })) });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Exporteren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Databron exporteren' });
    expect(await within(dialog).findByText('0 van 3 items geëxporteerd')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Stoppen' })).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(BATCH_POLL_MS));
    expect(await within(dialog).findByText('2 van 3 items geëxporteerd')).toBeTruthy();
    expect(within(dialog).getByRole('progressbar', { name: 'Voortgang van de export' }).getAttribute('aria-valuenow')).toBe('67');
    expect(clicked).toEqual([]);

    await act(() => vi.advanceTimersByTimeAsync(BATCH_POLL_MS));
    expect(await within(dialog).findByText(/De export is klaar en wordt gedownload/)).toBeTruthy();
    expect(clicked).toEqual([DOWNLOAD_URL]);
    expect(within(dialog).getByRole('link', { name: 'CSV-bestand downloaden' }).getAttribute('href')).toBe(DOWNLOAD_URL);
    expect(within(dialog).queryByRole('button', { name: 'Stoppen' })).toBeNull();
    expect(calls.filter((call) => call.path === '/api/datasource/ds-lamps/export')).toHaveLength(1);
  });

  it('stops a running export on the server and downloads nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const clicked = recordDownloads();
    const calls = renderView({
      'GET /api/batch/process/e1': () => json(200, batch({ items_in_queue: 2, status: 'running' })),
      'DELETE /api/datasource/ds-lamps/export/e1': () => json(200, { status: 'success' }),
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Exporteren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Databron exporteren' });
    await user.click(await within(dialog).findByRole('button', { name: 'Stoppen' }));
    expect(await within(dialog).findByText('De export is gestopt.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE' && call.path === '/api/datasource/ds-lamps/export/e1')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(BATCH_POLL_MS * 2));
    expect(calls.filter((call) => call.path === '/api/batch/process/e1')).toHaveLength(0);
    expect(clicked).toEqual([]);
  });

  it('says so when the export failed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const clicked = recordDownloads();
    renderView({ 'GET /api/batch/process/e1': () => json(200, batch({ items_in_queue: 0, status: 'failed', error: 'Er ging iets mis.' })) });
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Exporteren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Databron exporteren' });
    await act(() => vi.advanceTimersByTimeAsync(BATCH_POLL_MS));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('De export is mislukt. Probeer het later opnieuw.'));
    expect(clicked).toEqual([]);
  });
});
