import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiSchemas, ClientAccess } from '@/lib/api/types';
import { getToasts } from '@/lib/toast';
import { installFakeServer, json, type FakeHandler } from '@/test/fake-server';
import { datasourceResource, DEMO, demoServer, storedSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const EDITOR: ClientAccess = { roles: ['form_manager'], permissions: ['eform edit datasources'] };
const CREATOR: ClientAccess = { roles: ['form_manager'], permissions: ['eform create datasources'] };

/** Rows 2 to 13 of the file refused, each for its own reason. */
const ERRORS = Array.from({ length: 12 }, (_, index) => ({ row: index + 2, reason: `Geen getal in object.x (${index + 2})` }));

const LAMPS = datasourceResource('map_features', 'ds-lamps', {
  name: 'Palen',
  field_crs: 'EPSG:28992',
  feature_count: 1250,
  data_properties: ['type', 'wijk'],
  import_errors: ERRORS,
});

function renderView(source: ApiSchemas['DatasourceResource'], access: ClientAccess = EDITOR, extra: Record<string, FakeHandler> = {}) {
  const kind = source.type.replace('eform_datasource--', '');
  const server = installFakeServer({
    ...demoServer({ [DEMO.id]: access }),
    [`GET /jsonapi/eform_datasource/${kind}/${source.id}`]: () => json(200, { data: source }),
    ...extra,
  });
  const router = renderApp(`/datasources/${kind}/${source.id}`, storedSession({ access }));
  return { router, calls: server.calls };
}

/** The detail list's value for `term`. */
function detail(term: string): string | null {
  const dt = screen.getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent ?? null;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('datasource detail', () => {
  it('shows the coordinate system, the data columns and at most 10 import errors, and copies all of them', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderView(LAMPS);
    expect(await screen.findByRole('heading', { level: 1, name: 'Palen' })).toBeTruthy();
    expect(detail('Soort')).toBe('Kaart items');
    expect(detail('Coördinatenstelsel')).toBe('EPSG:28992 (Amersfoort RD New)');
    expect(detail('Aantal items')).toBe('1.250');
    expect(detail('Datavelden')).toBe('type, wijk');

    const errors = screen.getByRole('table', { name: 'Regels die niet zijn ingelezen' });
    const rows = within(errors).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(within(rows[0] as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2', 'Geen getal in object.x (2)']);
    expect(within(rows[9] as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['11', 'Geen getal in object.x (11)']);
    expect(screen.getByText(/12 regels zijn niet ingelezen\./).textContent).toBe(
      '12 regels zijn niet ingelezen. De eerste 10 van 12 fouten worden getoond. Met Fouten kopiëren neemt u ze allemaal mee.',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Fouten kopiëren' }));
    expect(writeText).toHaveBeenCalledTimes(1);
    const copied = (writeText.mock.calls[0] as unknown as [string])[0].split('\n');
    expect(copied).toHaveLength(12);
    expect(copied[0]).toBe('Regel 2: Geen getal in object.x (2)');
    expect(copied[11]).toBe('Regel 13: Geen getal in object.x (13)');
    await waitFor(() => expect(getToasts().map((toast) => toast.message)).toContain('Gekopieerd'));
  });

  it('fetches the source file with the api-key and saves it under the datasource name', async () => {
    const saved: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:bron-1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const fileUrl = '/api/client/c1/file/file-ds-lamps';
    const { calls } = renderView(LAMPS, EDITOR, {
      [`GET ${fileUrl}`]: () => new Response('object.name;object.status\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Bronbestand downloaden' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:bron-1', download: 'Palen.csv' }]));
    expect(calls.find((call) => call.path === fileUrl)?.headers.get('api-key')).toBe('stored-key');
  });

  it('says when the source file could not be fetched', async () => {
    const fileUrl = '/api/client/c1/file/file-ds-lamps';
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderView(LAMPS, EDITOR, { [`GET ${fileUrl}`]: () => json(404, { status: false, message: 'Bestand niet gevonden.' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Bronbestand downloaden' }));
    await waitFor(() => expect(getToasts().map((toast) => toast.message)).toContain('Het bronbestand kon niet worden gedownload.'));
  });

  it('shows a search datasource without coordinate system, file or import errors, and only the tabs the rights allow', async () => {
    const streets = datasourceResource('search', 'ds-streets', { name: 'Straten', feature_count: 3 }, null);
    renderView(streets, CREATOR);
    expect(await screen.findByRole('heading', { level: 1, name: 'Straten' })).toBeTruthy();
    expect(detail('Soort')).toBe('Zoeken');
    expect(screen.queryByText('Coördinatenstelsel', { selector: 'dt' })).toBeNull();
    expect(detail('Datavelden')).toBe('Geen');
    expect(detail('Bronbestand')).toBe('Geen bestand');
    expect(screen.queryByRole('button', { name: 'Bronbestand downloaden' })).toBeNull();
    expect(screen.getByText('De laatste import had geen fouten.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Fouten kopiëren' })).toBeNull();
    // Without 'eform edit datasources': Bekijk only.
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Bekijk']);
  });
});
