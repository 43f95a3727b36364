import { act, configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ClientAccess } from '@/lib/api/types';
import { installFakeServer, json, type FakeCall, type FakeHandler } from '@/test/fake-server';
import { installFakeXhr, nextRequest } from '@/test/fake-xhr';
import { clientDetails, DEMO, demoServer, storedSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const CREATOR: ClientAccess = { roles: ['form_manager'], permissions: ['eform create datasources'] };
const FILE_TYPE = 'Er kunnen alleen CSV (.csv) bestanden worden geupload';

const uploaded = (name: string) => ({ fid: 'fid-9', url: '/api/client/c1/file/fid-9', filename: name, filemime: 'text/csv', filesize: 40 });

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

describe('datasource create: refusals', () => {
  it('refuses a file that is neither CSV nor Excel at once, and uploads nothing', async () => {
    const { calls, sent } = renderCreate('search');
    // A user can pick any file with the dialog's "all files"; the accept list only suggests.
    const user = userEvent.setup({ applyAccept: false });
    await user.type(await screen.findByRole('textbox', { name: /Naam/ }), 'Weg');
    await user.upload(fileInput(), new File(['%PDF-1.4'], 'straten.pdf', { type: 'application/pdf' }));
    const help = screen.getByText(FILE_TYPE);
    expect(help.className).toContain('Mui-error');

    await user.click(screen.getByRole('button', { name: 'Databron aanmaken' }));
    expect(await screen.findByText('Controleer het formulier. Sommige velden zijn niet of verkeerd ingevuld.')).toBeTruthy();
    expect(sent).toHaveLength(0);
    expect(posts(calls, '/jsonapi/eform_datasource/search')).toHaveLength(0);
    expect(screen.queryByRole('dialog')).toBeNull();

    // Nor one over 20 MB.
    const big = csv('groot.csv');
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    await user.upload(fileInput(), big);
    expect(screen.getByText('Maximale bestandsgrootte is 20Mb.')).toBeTruthy();

    // An Excel workbook is taken.
    await user.upload(fileInput(), new File(['xlsx'], 'straten.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
    expect(screen.queryByText(FILE_TYPE)).toBeNull();
    expect(screen.getByText(/^Gekozen: straten\.xlsx/)).toBeTruthy();
  });

  it("shows the upload's refusal (422) as the red alert", async () => {
    const { calls, sent } = renderCreate('search');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Naam/ }), 'Weg');
    await user.upload(fileInput(), csv('straten.csv'));
    await user.click(screen.getByRole('button', { name: 'Databron aanmaken' }));
    await act(async () => (await nextRequest(sent, 0)).respond(422, { status: false, message: FILE_TYPE }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(FILE_TYPE);
    expect(alert.className).toContain('MuiAlert-colorError');
    expect(posts(calls, '/jsonapi/eform_datasource/search')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Databron aanmaken' }).hasAttribute('disabled')).toBe(false);
  });

  it("shows each errors[] detail of the server's refusal as a red alert, and stays", async () => {
    const { router, sent } = renderCreate('search', {
      'POST /jsonapi/eform_datasource/search': () =>
        json(422, {
          errors: [
            { status: '422', title: 'Unprocessable Entity', detail: 'De naam mag hoogstens 255 tekens zijn.' },
            { status: '422', title: 'Unprocessable Entity', detail: 'Het bestand is geen CSV-bestand.' },
          ],
        }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Naam/ }), 'Weg');
    await user.upload(fileInput(), csv('straten.csv'));
    await user.click(screen.getByRole('button', { name: 'Databron aanmaken' }));
    await act(async () => (await nextRequest(sent, 0)).respond(200, uploaded('straten.csv')));
    const alert = await screen.findByRole('alert');
    expect([...alert.querySelectorAll('.MuiAlert-message > div')].map((line) => line.textContent)).toEqual([
      'De naam mag hoogstens 255 tekens zijn.',
      'Het bestand is geen CSV-bestand.',
    ]);
    expect(alert.className).toContain('MuiAlert-colorError');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/datasources/create/search');
  });

  it("shows the server's wall text when the map module is gone (409)", async () => {
    const wall = 'Kaart items horen bij de betaalde module Kaart. Koop de module om ze te gebruiken.';
    const { sent } = renderCreate('map_features', {
      'POST /jsonapi/eform_datasource/map_features': () => json(409, { status: false, message: wall }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Naam/ }), 'Palen');
    await user.click(screen.getByRole('combobox', { name: /Coördinatenstelsel/ }));
    await user.click(await screen.findByRole('option', { name: 'EPSG:4326 (WGS84 GPS)' }));
    await user.upload(fileInput(), csv());
    await user.click(screen.getByRole('button', { name: 'Databron aanmaken' }));
    await act(async () => (await nextRequest(sent, 0)).respond(200, uploaded('lantaarnpalen.csv')));
    expect((await screen.findByRole('alert')).textContent).toBe(wall);
  });
});
