import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ClientAccess } from '@/lib/api/types';
import { installFakeServer, json, type FakeCall, type FakeHandler } from '@/test/fake-server';
import { DEMO, demoServer, storedSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import type { ClientUser } from '../api';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const MANAGER: ClientAccess = { roles: ['user_manager'], permissions: ['view user group', 'create user group', 'eform client add users'] };
/** Sees groups, changes none. */
const READER: ClientAccess = { roles: [], permissions: ['view user group', 'eform client add users'] };

const user = (id: string, display_name: string): ClientUser => ({ id, display_name, username: id, email: `${id}@demo.eform.nl`, roles: [], field_user_groups: [] });
const ANNA = user('u-anna', 'Anna de Vries');
const BERT = user('u-bert', 'Bert Jansen');
const CEES = user('u-cees', 'Cees Bakker');

function groupDocument(label: string, members: ClientUser[]) {
  return {
    data: {
      type: 'user_group--user_group',
      id: 'g1',
      attributes: { label },
      relationships: {
        client: { data: { type: 'client--client', id: 'c1' } },
        users: { data: members.map((member) => ({ type: 'user--user', id: member.id })) },
      },
    },
    included: members.map((member) => ({ type: 'user--user', id: member.id, attributes: { display_name: member.display_name, name: member.username } })),
  };
}

function renderEdit(extra: Record<string, FakeHandler> = {}, access: ClientAccess = MANAGER) {
  const server = installFakeServer({
    ...demoServer({ [DEMO.id]: access }),
    'GET /jsonapi/user_group/user_group/g1': () => json(200, groupDocument('Buitendienst', [ANNA])),
    'GET /api/user-groups/g1/forms': () => json(200, [{ form_id: 'f7', form_name: 'Melding openbare ruimte' }]),
    'GET /api/clients/c1/users': () => json(200, [ANNA, BERT, CEES]),
    ...extra,
  });
  const router = renderApp('/clients/c1/group/g1/edit', storedSession({ access }));
  return { router, calls: server.calls };
}

const only = (calls: FakeCall[], method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);

describe('group edit', () => {
  it('shows the name and members; forms and candidates load on first open only', async () => {
    const { calls } = renderEdit();
    expect(((await screen.findByRole('textbox', { name: 'Groepnaam' })) as HTMLInputElement).value).toBe('Buitendienst');
    expect(screen.getByRole('tab', { name: 'Groepen' }).getAttribute('aria-selected')).toBe('true');
    expect(only(calls, 'GET', '/jsonapi/user_group/user_group/g1')[0]?.query.get('include')).toBe('users');
    expect(within(screen.getByRole('table', { name: 'Leden' })).getByText('Anna de Vries')).toBeTruthy();
    expect(only(calls, 'GET', '/api/user-groups/g1/forms')).toHaveLength(0);
    expect(only(calls, 'GET', '/api/clients/c1/users')).toHaveLength(0);

    const ui = userEvent.setup();
    await ui.click(screen.getByRole('button', { name: 'Formulieren van deze groep' }));
    const view = await screen.findByRole('link', { name: 'Formulier Melding openbare ruimte bekijken' });
    expect(view.getAttribute('href')).toBe('/admin/form/f7');

    await ui.click(screen.getByRole('button', { name: 'Gebruikers toevoegen' }));
    const candidates = await screen.findByRole('table', { name: 'Gebruikers die nog niet in de groep zitten' });
    expect(within(candidates).queryByText('Anna de Vries')).toBeNull();
    expect(within(candidates).getByText('Bert Jansen')).toBeTruthy();
    expect(within(candidates).getByText('Cees Bakker')).toBeTruthy();

    // Closing and opening again asks nothing more.
    await ui.click(screen.getByRole('button', { name: 'Gebruikers toevoegen' }));
    await ui.click(screen.getByRole('button', { name: 'Gebruikers toevoegen' }));
    expect(only(calls, 'GET', '/api/clients/c1/users')).toHaveLength(1);
    expect(only(calls, 'GET', '/api/user-groups/g1/forms')).toHaveLength(1);
  });

  it('adds a user with the id as the body, and removes a member after confirmation', async () => {
    let members = [ANNA];
    const { calls } = renderEdit({
      'GET /jsonapi/user_group/user_group/g1': () => json(200, groupDocument('Buitendienst', members)),
      'POST /api/user-groups/g1/add-user/u-bert': () => {
        members = [ANNA, BERT];
        return json(200, { status: 'ok', message: 'Toegevoegd' });
      },
      'DELETE /api/user-groups/g1/remove-user/u-anna': () => {
        members = members.filter((member) => member.id !== 'u-anna');
        return json(200, { status: 'ok', message: 'Verwijderd' });
      },
    });
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Gebruikers toevoegen' }));
    await ui.click(await screen.findByRole('button', { name: 'Bert Jansen toevoegen aan de groep' }));
    expect(await screen.findByText('Gebruiker is toegevoegd aan groep.')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Leden' })).getByText('Bert Jansen')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Bert Jansen toevoegen aan de groep' })).toBeNull();
    const [post] = only(calls, 'POST', '/api/user-groups/g1/add-user/u-bert');
    expect(JSON.parse(post?.body ?? 'null')).toEqual(['u-bert']);

    await ui.click(screen.getByRole('button', { name: 'Anna de Vries verwijderen uit de groep' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gebruiker verwijderen uit groep' });
    await ui.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Gebruiker is verwijderd van groep.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Anna de Vries verwijderen uit de groep' })).toBeNull());
    expect(only(calls, 'DELETE', '/api/user-groups/g1/remove-user/u-anna')).toHaveLength(1);
  });

  it('renames the group with a JSON:API PATCH', async () => {
    let label = 'Buitendienst';
    const { calls } = renderEdit({
      'GET /jsonapi/user_group/user_group/g1': () => json(200, groupDocument(label, [ANNA])),
      'PATCH /jsonapi/user_group/user_group/g1': (call) => {
        label = (JSON.parse(call.body ?? '{}') as { data: { attributes: { label: string } } }).data.attributes.label;
        return json(200, groupDocument(label, [ANNA]));
      },
    });
    const ui = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Groepnaam' });
    await ui.clear(field);
    await ui.type(field, 'Binnendienst');
    await ui.click(screen.getByRole('button', { name: 'Groep opslaan' }));
    expect(await screen.findByText("Groep 'Binnendienst' is aangepast.")).toBeTruthy();
    const [patch] = only(calls, 'PATCH', '/jsonapi/user_group/user_group/g1');
    expect(JSON.parse(patch?.body ?? 'null')).toEqual({ data: { type: 'user_group--user_group', id: 'g1', attributes: { label: 'Binnendienst' } } });
    expect(patch?.headers.get('content-type')).toBe('application/vnd.api+json');
  });

  it("shows the group read-only without 'create user group': no name field, no adding, no removing", async () => {
    const { calls } = renderEdit({}, READER);
    expect(await screen.findByRole('heading', { name: 'Groep Buitendienst', level: 2 })).toBeTruthy();
    expect(screen.getByText('U kunt deze groep bekijken, maar niet aanpassen.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Groepnaam' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Groep opslaan' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Terug naar groepen' }).getAttribute('href')).toBe('/clients/c1/user-groups');
    const members = screen.getByRole('table', { name: 'Leden' });
    expect(within(members).getByText('Anna de Vries')).toBeTruthy();
    expect(within(members).queryByRole('columnheader', { name: 'Acties' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Anna de Vries verwijderen uit de groep' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Gebruikers toevoegen' })).toBeNull();

    // The group's forms are for readers too.
    await userEvent.click(screen.getByRole('button', { name: 'Formulieren van deze groep' }));
    expect(await screen.findByRole('link', { name: 'Formulier Melding openbare ruimte bekijken' })).toBeTruthy();
    expect(only(calls, 'GET', '/api/clients/c1/users')).toHaveLength(0);
  });

  it("does not offer to add members without 'eform client add users', which lists the client's users", async () => {
    const { calls } = renderEdit({}, { roles: [], permissions: ['view user group', 'create user group'] });
    expect(await screen.findByRole('textbox', { name: 'Groepnaam' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Anna de Vries verwijderen uit de groep' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Gebruikers toevoegen' })).toBeNull();
    expect(only(calls, 'GET', '/api/clients/c1/users')).toHaveLength(0);
  });
});
