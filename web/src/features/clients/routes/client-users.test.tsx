import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ClientAccess } from '@/lib/api/types';
import { installFakeServer, json, type FakeCall, type FakeHandler } from '@/test/fake-server';
import { DEMO, demoServer, storedSession, userInfo, userResource } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import type { ClientUser } from '../api';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

/** A user manager who may hand out two roles and not remove users. */
const MANAGER: ClientAccess = {
  roles: ['user_manager'],
  permissions: ['eform client add users', 'assign form_manager role', 'assign user_manager role'],
};
const REMOVER: ClientAccess = { roles: ['client_manager'], permissions: [...MANAGER.permissions, 'eform client remove users'] };
const ADMIN_ACCESS: ClientAccess = { roles: ['form_filler', 'admin'], permissions: [] };
const ADMIN_SESSION = storedSession({ user: { ...storedSession().user, roles: ['admin'] }, access: ADMIN_ACCESS });

const ANNA: ClientUser = {
  id: 'u-anna',
  display_name: 'Anna de Vries',
  username: 'anna',
  email: 'anna@demo.eform.nl',
  roles: ['form_manager', 'financial'],
  field_user_groups: [],
};
const BERT: ClientUser = { id: 'u-bert', display_name: 'Bert Jansen', username: 'bert', email: 'bert@demo.eform.nl', roles: [], field_user_groups: ['g1'] };

function renderUsers(path: string, access: ClientAccess, extra: Record<string, FakeHandler> = {}, session = storedSession({ access })) {
  const server = installFakeServer({
    ...demoServer({ [DEMO.id]: access }, session.user.roles.includes('admin') ? userInfo({ roles: ['admin'] }) : userInfo()),
    'GET /api/clients/c1/users': () => json(200, [ANNA, BERT]),
    ...extra,
  });
  const router = renderApp(path, session);
  return { router, calls: server.calls };
}

const only = (calls: FakeCall[], method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);

const rowOf = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr') as HTMLElement;

describe('client users', () => {
  it("shows the Gebruikers tab with 'eform client add users' and lists the users with their roles", async () => {
    renderUsers('/clients/c1/users', MANAGER);
    const row = await rowOf('Anna de Vries');
    expect(within(row).getByText('anna@demo.eform.nl')).toBeTruthy();
    expect(within(row).getByText('Formulier beheerder, Financieel')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Gebruikers' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('tab', { name: 'Groepen' })).toBeNull();
    // Without 'eform client remove users' there is no remove button.
    expect(screen.queryByRole('button', { name: 'Anna de Vries verwijderen van deze klant' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Rollen van Anna de Vries aanpassen' }).getAttribute('href')).toBe('/clients/c1/user/u-anna/edit');
    expect(screen.getByRole('link', { name: 'Gebruiker toevoegen' }).getAttribute('href')).toBe('/clients/c1/user-add');
  });

  it('refuses the users screen without the permission', async () => {
    const { router } = renderUsers('/clients/c1/users', { roles: ['financial'], permissions: ['eform view client'] });
    expect(await screen.findByText('U hebt geen rechten om deze content te bekijken.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it("removes a user after confirmation and shows the server's message", async () => {
    let removed = false;
    const { calls } = renderUsers('/clients/c1/users', REMOVER, {
      'GET /api/clients/c1/users': () => json(200, removed ? [BERT] : [ANNA, BERT]),
      'PATCH /api/clients/c1/remove-user/u-anna': () => {
        removed = true;
        return json(200, { status: 'ok', message: 'Gebruiker "Anna de Vries" is verwijderd van deze klant.' });
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Anna de Vries verwijderen van deze klant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gebruiker verwijderen' });
    expect(within(dialog).getByText('Weet u zeker dat u gebruiker "Anna de Vries" van deze klant wilt verwijderen?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Gebruiker "Anna de Vries" is verwijderd van deze klant.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Anna de Vries' })).toBeNull());
    expect(only(calls, 'PATCH', '/api/clients/c1/remove-user/u-anna')).toHaveLength(1);
  });

  it("removes nothing when cancelled, and shows the 409's message", async () => {
    const message = 'U kunt uzelf niet van deze klant verwijderen.';
    const { calls } = renderUsers('/clients/c1/users', REMOVER, {
      'PATCH /api/clients/c1/remove-user/u-anna': () => json(409, { status: false, message }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Anna de Vries verwijderen van deze klant' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Annuleren' }));
    expect(only(calls, 'PATCH', '/api/clients/c1/remove-user/u-anna')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Anna de Vries verwijderen van deze klant' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText(message)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('cell', { name: 'Anna de Vries' })).toBeTruthy();
  });

  it('resends the welcome mail', async () => {
    let fail = false;
    const { calls } = renderUsers('/clients/c1/users', MANAGER, {
      'GET /api/clients/c1/user/u-bert/resend-welcome-mail': () =>
        fail ? json(500, { status: false, message: 'kapot' }) : json(200, { status: 'queued', email: BERT.email }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Welkomsmail opnieuw sturen naar Bert Jansen' }));
    expect(await screen.findByText('Welkoms mail is verstuurd naar "Bert Jansen')).toBeTruthy();
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Welkomsmail opnieuw sturen naar Bert Jansen' }));
    expect(await screen.findByText('Welkomsmail kon niet verstuurd worden.')).toBeTruthy();
    expect(only(calls, 'GET', '/api/clients/c1/user/u-bert/resend-welcome-mail')).toHaveLength(2);
  });
});

describe('add user', () => {
  it('offers only the roles the user may assign, no terms option for non-admins, and posts the body', async () => {
    const { router, calls } = renderUsers('/clients/c1/user-add', MANAGER, {
      'POST /api/clients/c1/add-user': () => json(201, { status: 'created', message: 'Gebruiker nieuw@demo.eform.nl is toegevoegd.', id: 'u-new' }),
    });
    const user = userEvent.setup();
    const email = await screen.findByRole('textbox', { name: 'E-mail' });
    expect(screen.getByRole('tab', { name: 'Gebruikers' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByRole('checkbox', { name: 'Klant beheerder' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Financieel' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Formulier beheerder' }) as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Gebruikers beheerder' }) as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByRole('checkbox', { name: /algemene voorwaarden/ })).toBeNull();

    await user.type(email, 'nieuw@demo');
    expect(await screen.findByText('Vul een geldig e-mailadres in.')).toBeTruthy();
    await user.type(email, '.eform.nl');
    await waitFor(() => expect(screen.queryByText('Vul een geldig e-mailadres in.')).toBeNull());
    await user.click(screen.getByRole('checkbox', { name: 'Formulier beheerder' }));
    await user.click(screen.getByRole('button', { name: 'Gebruiker toevoegen' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/c1/users'));
    expect(await screen.findByText('Gebruiker nieuw@demo.eform.nl is toegevoegd.')).toBeTruthy();
    const [post] = only(calls, 'POST', '/api/clients/c1/add-user');
    expect(JSON.parse(post?.body ?? 'null')).toEqual({ email: 'nieuw@demo.eform.nl', roles: ['form_manager'], require_terms: false });
  });

  it('lets an admin require the terms and assign every role', async () => {
    const { calls } = renderUsers(
      '/clients/c1/user-add',
      ADMIN_ACCESS,
      { 'POST /api/clients/c1/add-user': () => json(201, { status: 'created', message: 'Toegevoegd.', id: 'u-new' }) },
      ADMIN_SESSION,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'E-mail' }), 'nieuw@demo.eform.nl');
    await user.click(screen.getByRole('checkbox', { name: 'Klant beheerder' }));
    await user.click(screen.getByRole('checkbox', { name: 'Financieel' }));
    await user.click(screen.getByRole('checkbox', { name: 'Gebruiker moet de algemene voorwaarden accepteren' }));
    await user.click(screen.getByRole('button', { name: 'Gebruiker toevoegen' }));
    await waitFor(() => expect(only(calls, 'POST', '/api/clients/c1/add-user')).toHaveLength(1));
    const [post] = only(calls, 'POST', '/api/clients/c1/add-user');
    expect(JSON.parse(post?.body ?? 'null')).toEqual({ email: 'nieuw@demo.eform.nl', roles: ['client_manager', 'financial'], require_terms: true });
  });

  it('asks for the e-mail first, and shows refusals in an alert', async () => {
    const message = 'Deze gebruiker is al gekoppeld aan deze klant.';
    const { router, calls } = renderUsers('/clients/c1/user-add', MANAGER, {
      'POST /api/clients/c1/add-user': () => json(409, { status: false, message }),
    });
    const user = userEvent.setup();
    const email = await screen.findByRole('textbox', { name: 'E-mail' });
    await user.click(screen.getByRole('button', { name: 'Gebruiker toevoegen' }));
    expect(await screen.findByText('E-mail is verplicht.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Controleer het formulier. Sommige velden zijn niet of verkeerd ingevuld.');
    expect(only(calls, 'POST', '/api/clients/c1/add-user')).toHaveLength(0);

    await user.type(email, 'anna@demo.eform.nl');
    await user.click(screen.getByRole('button', { name: 'Gebruiker toevoegen' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message));
    expect(router.state.location.pathname).toBe('/clients/c1/user-add');
  });
});

describe('edit roles', () => {
  const permission = {
    type: 'user_permission--user_permission',
    id: 'c1.u-anna',
    attributes: { roles: ['form_manager', 'financial'] },
    relationships: { client: { data: { type: 'client--client', id: 'c1' } }, user: { data: { type: 'user--user', id: 'u-anna' } } },
  };

  const group = (id: string, label: string, client: string) => ({
    type: 'user_group--user_group',
    id,
    attributes: { label },
    relationships: { client: { data: { type: 'client--client', id: client } } },
  });

  /**
   * `GET jsonapi/user/user/u-anna?include=field_user_groups.client,roles` for a caller who reads
   * users in both demo clients: Anna is in two groups of c1 and one of c2.
   */
  const annaWithGroups = {
    data: userResource('u-anna', 'Anna de Vries', ['financial', 'form_manager'], ['g-wijk', 'g-c2', 'g-afval']),
    included: [
      group('g-wijk', 'Wijkteam', 'c1'),
      group('g-c2', 'Handhaving Tweede', 'c2'),
      group('g-afval', 'Afvalinzameling', 'c1'),
      { type: 'client--client', id: 'c1', attributes: { name: 'Demo Gemeente' } },
      { type: 'client--client', id: 'c2', attributes: { name: 'Tweede Gemeente' } },
      { type: 'user_role--user_role', id: 'financial', attributes: { label: 'Financieel' } },
      { type: 'user_role--user_role', id: 'form_manager', attributes: { label: 'Formulier beheerder' } },
    ],
  };

  it('patches the JSON:API document, keeping a held role the editor may not assign', async () => {
    const { router, calls } = renderUsers('/clients/c1/user/u-anna/edit', MANAGER, {
      'GET /jsonapi/user/user/u-anna': () => json(200, { data: userResource('u-anna', 'Anna de Vries') }),
      'GET /jsonapi/user_permission/user_permission': () => json(200, { data: [permission] }),
      'PATCH /jsonapi/user_permission/user_permission/c1.u-anna': () => json(200, { data: permission }),
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Rollen van Anna de Vries' })).toBeTruthy();
    const [read] = only(calls, 'GET', '/jsonapi/user_permission/user_permission');
    expect(read?.query.get('filter[client.id]')).toBe('c1');
    expect(read?.query.get('filter[user.id]')).toBe('u-anna');
    const financial = screen.getByRole('checkbox', { name: 'Financieel' }) as HTMLInputElement;
    expect(financial.checked).toBe(true);
    expect(financial.disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Formulier beheerder' }));
    await user.click(screen.getByRole('checkbox', { name: 'Gebruikers beheerder' }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/c1/users'));
    expect(await screen.findByText('Toegangsrechten voor gebruiker Anna de Vries is aangepast.')).toBeTruthy();
    const [patch] = only(calls, 'PATCH', '/jsonapi/user_permission/user_permission/c1.u-anna');
    expect(JSON.parse(patch?.body ?? 'null')).toEqual({
      data: { type: 'user_permission--user_permission', id: 'c1.u-anna', attributes: { roles: ['financial', 'user_manager'] } },
    });
    expect(patch?.headers.get('content-type')).toBe('application/vnd.api+json');
  });

  it("shows the server's refusal and stays", async () => {
    const { router } = renderUsers('/clients/c1/user/u-anna/edit', MANAGER, {
      'GET /jsonapi/user/user/u-anna': () => json(200, { data: userResource('u-anna', 'Anna de Vries') }),
      'GET /jsonapi/user_permission/user_permission': () => json(200, { data: [permission] }),
      'PATCH /jsonapi/user_permission/user_permission/c1.u-anna': () =>
        json(422, { errors: [{ status: '422', title: 'Unprocessable Entity', detail: 'Onbekende rol.' }] }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Opslaan' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Onbekende rol.');
    expect(router.state.location.pathname).toBe('/clients/c1/user/u-anna/edit');
  });

  it("shows the user's groups in this client only, by label, read-only", async () => {
    const { calls } = renderUsers('/clients/c1/user/u-anna/edit', MANAGER, {
      'GET /jsonapi/user/user/u-anna': () => json(200, annaWithGroups),
      'GET /jsonapi/user_permission/user_permission': () => json(200, { data: [permission] }),
    });
    const groups = await screen.findByRole('list', { name: 'Groepen' });
    expect(within(groups).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Afvalinzameling', 'Wijkteam']);
    expect(screen.queryByText('Handhaving Tweede')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Rollen van Anna de Vries' })).toBeTruthy();
    const [read] = only(calls, 'GET', '/jsonapi/user/user/u-anna');
    expect(read?.query.get('include')).toBe('field_user_groups.client,roles');
    expect(read?.headers.get('accept')).toBe('application/vnd.api+json');
    // The users list is not read for the name any more.
    expect(only(calls, 'GET', '/api/clients/c1/users')).toHaveLength(0);
  });

  it('says so when the user is in no group of this client', async () => {
    renderUsers('/clients/c1/user/u-anna/edit', MANAGER, {
      'GET /jsonapi/user/user/u-anna': () =>
        json(200, { data: userResource('u-anna', 'Anna de Vries', [], ['g-c2']), included: [group('g-c2', 'Handhaving Tweede', 'c2')] }),
      'GET /jsonapi/user_permission/user_permission': () => json(200, { data: [permission] }),
    });
    const section = await screen.findByRole('region', { name: 'Groepen' });
    expect(within(section).getByText('Deze gebruiker zit in geen groep.')).toBeTruthy();
    expect(screen.queryByText('Handhaving Tweede')).toBeNull();
    expect(screen.getByRole('button', { name: 'Opslaan' })).toBeTruthy();
  });

  it('names a user the server does not show by id, without rights or groups', async () => {
    renderUsers('/clients/c1/user/u-anna/edit', MANAGER, {
      'GET /jsonapi/user/user/u-anna': () => json(404, { status: false, message: 'Niet gevonden.' }),
      'GET /jsonapi/user_permission/user_permission': () => json(200, { data: [] }),
    });
    expect(await screen.findByRole('heading', { name: 'Rollen van u-anna' })).toBeTruthy();
    expect(screen.getByText('Deze gebruiker heeft geen toegangsrechten in deze klant.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Groepen' })).toBeNull();
  });
});
