import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiSchemas, ClientAccess } from '@/lib/api/types';
import { BATCH_POLL_MS, type Batch } from '@/lib/batches';
import { getToasts } from '@/lib/toast';
import { installFakeServer, json, type FakeCall, type FakeHandler } from '@/test/fake-server';
import { installFakeXhr, nextRequest } from '@/test/fake-xhr';
import { datasourceResource, DEMO, demoServer, storedSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const EDITOR: ClientAccess = { roles: ['form_manager'], permissions: ['eform edit datasources'] };

type Resource = ApiSchemas['DatasourceResource'];

afterEach(() => {
  vi.useRealTimers();
});

/**
 * A server holding one datasource: a PATCH keeps the name and coordinate system it was sent (and
 * the file, when one came), so the detail after saving reads what was saved.
 */
function renderEdit(initial: Resource, batch: Batch | null, extra: Record<string, FakeHandler> = {}) {
  let current = initial;
  const kind = initial.type.replace('eform_datasource--', '');
  const path = `/jsonapi/eform_datasource/${kind}/${initial.id}`;
  const server = installFakeServer({
    ...demoServer({ [DEMO.id]: EDITOR }),
    [`GET ${path}`]: () => json(200, { data: current }),
    [`PATCH ${path}`]: (call) => {
      const { data } = JSON.parse(call.body ?? '{}') as { data: { attributes: { name: string; field_crs?: string } } };
      current = { ...current, attributes: { ...current.attributes, ...data.attributes } };
      return json(200, { data: current, meta: { batch } });
    },
    ...extra,
  });
  const sent = installFakeXhr();
  const router = renderApp(`${path.replace('/jsonapi/eform_datasource', '/datasources')}/edit`, storedSession({ access: EDITOR }));
  return { router, calls: server.calls, sent, patches: () => server.calls.filter((call: FakeCall) => call.method === 'PATCH') };
}

describe('datasource edit', () => {
  it('renames without a new file: only the name is sent, nothing is uploaded, and the detail shows the new name', async () => {
    const streets = datasourceResource('search', 'ds-streets', { name: 'Straten' });
    const { router, sent, patches } = renderEdit(streets, null);
    const user = userEvent.setup();
    const name = (await screen.findByRole('textbox', { name: /Naam/ })) as HTMLInputElement;
    expect(name.value).toBe('Straten');
    expect(screen.getByRole('tab', { name: 'Aanpassen' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Zonder nieuw bestand blijven de huidige items staan.')).toBeTruthy();
    await user.type(name, ' Noord');
    await user.click(screen.getByRole('button', { name: 'Databron opslaan' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/datasources/search/ds-streets'));
    expect(sent).toHaveLength(0);
    const [patch] = patches();
    expect(patch?.headers.get('content-type')).toBe('application/vnd.api+json');
    expect(JSON.parse(patch?.body ?? 'null')).toEqual({
      data: { type: 'eform_datasource--search', id: 'ds-streets', attributes: { name: 'Straten Noord' }, relationships: {} },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Straten Noord' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(getToasts().map((toast) => toast.message)).toContain('Databron Straten Noord is aangepast.');
  });

  it('with a new file: uploads it, sends it with the coordinate system and follows the re-import', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const lamps = datasourceResource('map_features', 'ds-lamps', { name: 'Palen', field_crs: 'EPSG:28992' });
    const { router, sent, calls, patches } = renderEdit(lamps, { batch_name: 'imp-2', total_items: 3, items_in_queue: 3, status: 'queued' }, {
      'GET /api/batch/process/imp-2': () => json(200, { batch_name: 'imp-2', total_items: 3, items_in_queue: 0, status: 'done' }),
    });
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('textbox', { name: /Naam/ });
    expect(screen.getByRole('combobox', { name: /Coördinatenstelsel/ }).textContent).toBe('EPSG:28992 (Amersfoort RD New)');
    await user.click(screen.getByRole('combobox', { name: /Coördinatenstelsel/ }));
    await user.click(await screen.findByRole('option', { name: 'EPSG:4326 (WGS84 GPS)' }));
    await user.upload(screen.getByLabelText('Bestand (CSV of Excel)', { selector: 'input' }), new File(['object.name'], 'palen-gps.csv', { type: 'text/csv' }));
    expect(screen.getByText('Een nieuw bestand vervangt alle items van deze databron.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Databron opslaan' }));

    const xhr = await nextRequest(sent, 0);
    // The datasource's own client, not just the current one.
    expect(xhr.url).toBe('/api/file-upload/datasource_source?client_id=c1');
    await act(async () => xhr.respond(200, { fid: 'fid-new', url: '/api/client/c1/file/fid-new', filename: 'palen-gps.csv', filemime: 'text/csv', filesize: 11 }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(JSON.parse(patches()[0]?.body ?? 'null')).toEqual({
      data: {
        type: 'eform_datasource--map_features',
        id: 'ds-lamps',
        attributes: { name: 'Palen', field_crs: 'EPSG:4326' },
        relationships: { file: { data: { type: 'file--file', id: 'fid-new' } } },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Databron inlezen' });
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('De items worden ingelezen: 0 van 3 stappen gedaan.'));
    expect(within(dialog).getByText('Het inlezen gaat door als u dit venster sluit.')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(BATCH_POLL_MS));
    await waitFor(() => expect(router.state.location.pathname).toBe('/datasources/map_features/ds-lamps'));
    expect(calls.filter((call) => call.path === '/api/batch/process/imp-2')).toHaveLength(1);
    expect(await screen.findByText('EPSG:4326 (WGS84 GPS)')).toBeTruthy();
  });

  it('goes back to the detail with Annuleren, sending nothing', async () => {
    const { router, patches } = renderEdit(datasourceResource('search', 'ds-streets', { name: 'Straten' }), null);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Annuleren' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/datasources/search/ds-streets'));
    expect(await screen.findByRole('region', { name: 'Gegevens' })).toBeTruthy();
    expect(patches()).toHaveLength(0);
  });
});
