import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ClientAccess } from '@/lib/api/types';
import { installFakeServer, json, type FakeCall, type FakeHandler } from '@/test/fake-server';
import { DEMO, demoServer, storedSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const VIEWER: ClientAccess = { roles: ['user_manager'], permissions: ['view user group'] };
const CREATOR: ClientAccess = { roles: ['user_manager'], permissions: ['view user group', 'create user group'] };

const group = (id: string, label: string) => ({
  type: 'user_group--user_group',
  id,
  attributes: { label },
  relationships: { client: { data: { type: 'client--client', id: 'c1' } } },
});

/** Groep 01 .. Groep 12. */
const TWELVE = Array.from({ length: 12 }, (_, index) => group(`g${index + 1}`, `Groep ${String(index + 1).padStart(2, '0')}`));

function renderGroups(path: string, access: ClientAccess, extra: Record<string, FakeHandler> = {}) {
  const server = installFakeServer({
    ...demoServer({ [DEMO.id]: access }),
    'GET /jsonapi/user_group/user_group': () => json(200, { data: TWELVE }),
    ...extra,
  });
  const router = renderApp(path, storedSession({ access }));
  return { router, calls: server.calls };
}

const only = (calls: FakeCall[], method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);
const labels = () => within(screen.getByRole('table', { name: 'Groepen van de klant' })).queryAllByRole('row').slice(1).map((row) => (row as HTMLTableRowElement).cells[0]?.textContent);

describe('client groups', () => {
  it("lists the client's groups 10 at a time, with all as a choice; no add button without 'create user group'", async () => {
    const { calls } = renderGroups('/clients/c1/user-groups', VIEWER);
    expect(await screen.findByRole('cell', { name: 'Groep 01' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Groepen' }).getAttribute('aria-selected')).toBe('true');
    expect(only(calls, 'GET', '/jsonapi/user_group/user_group')[0]?.query.get('filter[client.id]')).toBe('c1');
    expect(labels()).toHaveLength(10);
    expect(screen.queryByRole('link', { name: 'Groep toevoegen' })).toBeNull();
    // Read-only: each group opens to be looked at, none can be deleted.
    expect(screen.getByRole('link', { name: 'Groep Groep 01 bekijken' }).getAttribute('href')).toBe('/clients/c1/group/g1/edit');
    expect(screen.queryByRole('link', { name: 'Groep Groep 01 aanpassen' })).toBeNull();
    expect(screen.queryByRole('button', { name: /verwijderen$/ })).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Volgende pagina' }));
    expect(labels()).toEqual(['Groep 11', 'Groep 12']);
    await user.click(screen.getByRole('combobox', { name: 'Rijen per pagina' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['10', '25', '50', '100', 'Alle']);
    await user.click(screen.getByRole('option', { name: 'Alle' }));
    await waitFor(() => expect(labels()).toHaveLength(12));
  });

  it("offers 'Groep toevoegen', changing and deleting with 'create user group'", async () => {
    renderGroups('/clients/c1/user-groups', CREATOR);
    expect((await screen.findByRole('link', { name: 'Groep toevoegen' })).getAttribute('href')).toBe('/clients/c1/user-group-add');
    expect(screen.getByRole('link', { name: 'Groep Groep 01 aanpassen' }).getAttribute('href')).toBe('/clients/c1/group/g1/edit');
    expect(screen.getByRole('button', { name: 'Groep Groep 01 verwijderen' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Groep Groep 01 bekijken' })).toBeNull();
  });

  it('refuses the add screen without the permission', async () => {
    const { router } = renderGroups('/clients/c1/user-group-add', VIEWER);
    expect(await screen.findByText('U hebt geen rechten om deze content te bekijken.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('deletes a group after confirmation', async () => {
    let deleted = false;
    const { calls } = renderGroups('/clients/c1/user-groups', CREATOR, {
      'GET /jsonapi/user_group/user_group': () => json(200, { data: deleted ? TWELVE.slice(1) : TWELVE }),
      'DELETE /jsonapi/user_group/user_group/g1': () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Groep Groep 01 verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Groep verwijderen' });
    expect(within(dialog).getByText('Weet u zeker dat u groep "Groep 01" wilt verwijderen?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Groep is verwijderd.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Groep 01' })).toBeNull());
    expect(only(calls, 'DELETE', '/jsonapi/user_group/user_group/g1')).toHaveLength(1);
  });

  it('says so when the group could not be deleted', async () => {
    renderGroups('/clients/c1/user-groups', CREATOR, {
      'DELETE /jsonapi/user_group/user_group/g1': () => json(500, { status: false, message: 'kapot' }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Groep Groep 01 verwijderen' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Groep kon niet worden verwijderd.')).toBeTruthy();
  });
});

describe('add group', () => {
  it('posts the JSON:API document with the client, then opens the groups list', async () => {
    const { router, calls } = renderGroups('/clients/c1/user-group-add', CREATOR, {
      'POST /jsonapi/user_group/user_group': () => json(201, { data: group('g99', 'Buitendienst') }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Groepnaam' }), ' Buitendienst ');
    await user.click(screen.getByRole('button', { name: 'Groep toevoegen aan klant' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/c1/user-groups'));
    const [post] = only(calls, 'POST', '/jsonapi/user_group/user_group');
    expect(JSON.parse(post?.body ?? 'null')).toEqual({
      data: { type: 'user_group--user_group', attributes: { label: 'Buitendienst' }, relationships: { client: { data: { type: 'client--client', id: 'c1' } } } },
    });
    expect(post?.headers.get('content-type')).toBe('application/vnd.api+json');
    expect(await screen.findByRole('cell', { name: 'Groep 01' })).toBeTruthy();
  });

  it('asks for the name, and shows each error detail as an alert', async () => {
    const { router, calls } = renderGroups('/clients/c1/user-group-add', CREATOR, {
      'POST /jsonapi/user_group/user_group': () =>
        json(422, {
          errors: [
            { status: '422', title: 'Unprocessable Entity', detail: 'label: Deze naam is al in gebruik.' },
            { status: '422', title: 'Unprocessable Entity', detail: 'label: Te lang.' },
          ],
        }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Groep toevoegen aan klant' }));
    expect(await screen.findByText('Groepnaam is verplicht.')).toBeTruthy();
    expect(only(calls, 'POST', '/jsonapi/user_group/user_group')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Groepnaam' }), 'Buitendienst');
    await user.click(screen.getByRole('button', { name: 'Groep toevoegen aan klant' }));
    await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['label: Deze naam is al in gebruik.', 'label: Te lang.']));
    expect(router.state.location.pathname).toBe('/clients/c1/user-group-add');
  });
});
