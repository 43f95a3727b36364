import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApiSchemas, ClientAccess } from '@/lib/api/types';
import { installFakeServer, json, type FakeCall, type FakeHandler } from '@/test/fake-server';
import { DEMO, demoServer, storedSession, userInfo, userResource } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import type { ClientResource } from '../api';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const MANAGER: ClientAccess = { roles: ['client_manager'], permissions: ['eform client add users', 'eform edit client', 'eform view client'] };
const ADMIN_ACCESS: ClientAccess = { roles: ['form_filler'], permissions: [] };

type UserResource = ApiSchemas['UserResource'];

const ANNA = userResource('u-anna', 'Anna de Vries', ['client_manager']);
const BERT = userResource('u-bert', 'Bert Jansen');
const CEES = userResource('u-cees', 'Cees Bakker');

/**
 * `GET jsonapi/user/user` as the server pages it: `users` from `page[offset]`, `page[limit]` at
 * a time, with a `next` link while more follow (its query percent-encoded, as the server writes it).
 */
function userPages(users: UserResource[]): FakeHandler {
  return (call) => {
    const offset = Number(call.query.get('page[offset]') ?? 0);
    const limit = Number(call.query.get('page[limit]') ?? 50);
    const link = (at: number) => ({
      href: `/jsonapi/user/user?filter%5Bfield_client.id%5D=c1&sort=name&page%5Boffset%5D=${at}&page%5Blimit%5D=${limit}`,
    });
    return json(200, {
      data: users.slice(offset, offset + limit),
      links: {
        self: link(offset),
        ...(offset + limit < users.length ? { next: link(offset + limit) } : {}),
        ...(offset > 0 ? { prev: link(Math.max(0, offset - limit)) } : {}),
      },
    });
  };
}

/** The demo client as `GET jsonapi/client/client/c1` answers it, Anna on its terms list. */
function clientResource(overrides: Partial<ClientResource['attributes']> = {}, terms: string[] = [ANNA.id]): ClientResource {
  return {
    type: 'client--client',
    id: 'c1',
    attributes: {
      name: 'Demo Gemeente',
      field_credits: 100,
      modules: ['word'],
      field_low_credit_email_limit: 10,
      registrations_count: 3,
      terms_and_conditions_required: terms.length > 0,
      user_register_intro_text: { value: '<p>Welkom</p>', format: 'filtered_html' },
      user_register_enabled: false,
      ...overrides,
    },
    relationships: { terms_and_conditions_users: { data: terms.map((id) => ({ type: 'user--user', id })) } },
  };
}

type Who = 'admin' | 'manager';

function renderEdit(who: Who, extra: Record<string, FakeHandler> = {}) {
  const roles = who === 'admin' ? ['admin'] : [];
  const access = who === 'admin' ? ADMIN_ACCESS : MANAGER;
  const server = installFakeServer({
    ...demoServer({ [DEMO.id]: access }, userInfo({ roles })),
    'GET /jsonapi/client/client/c1': () => json(200, { data: clientResource() }),
    'GET /jsonapi/user/user': userPages([ANNA, BERT, CEES]),
    ...extra,
  });
  const router = renderApp('/clients/c1/edit', storedSession({ user: { ...storedSession().user, roles }, access }));
  return { router, calls: server.calls };
}

const only = (calls: FakeCall[], method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);
const patches = (calls: FakeCall[]) => only(calls, 'PATCH', '/jsonapi/client/client/c1');

/** A PATCH handler that keeps what it was sent, so the loader reads the saved client after. */
function savingServer() {
  let current = clientResource();
  return {
    'GET /jsonapi/client/client/c1': () => json(200, { data: current }),
    'PATCH /jsonapi/client/client/c1': (call: FakeCall) => {
      const sent = JSON.parse(call.body ?? '{}') as {
        data: { attributes: Record<string, unknown>; relationships?: { terms_and_conditions_users: { data: { id: string }[] } } };
      };
      const { attributes } = sent.data;
      current = clientResource(
        {
          name: attributes.name as string,
          field_low_credit_email_limit: attributes.field_low_credit_email_limit as number,
          user_register_intro_text: attributes.user_register_intro_text as { value: string; format: string },
          user_register_enabled: attributes.user_register_enabled as boolean,
          ...(attributes.modules ? { modules: attributes.modules as string[] } : {}),
        },
        sent.data.relationships?.terms_and_conditions_users.data.map((ref) => ref.id) ?? [ANNA.id],
      );
      return json(200, { data: current });
    },
  } satisfies Record<string, FakeHandler>;
}

describe('client edit', () => {
  it('shows a platform user every field, with modules and the terms list', async () => {
    const { calls } = renderEdit('admin');
    expect(((await screen.findByRole('textbox', { name: 'Klant naam' })) as HTMLInputElement).value).toBe('Demo Gemeente');
    expect(screen.getByRole('tab', { name: 'Aanpassen' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByRole('spinbutton', { name: 'E-mail bij weinig credits vanaf' }) as HTMLInputElement).value).toBe('10');
    expect((screen.getByRole('textbox', { name: 'Introductietekst registratie' }) as HTMLTextAreaElement).value).toBe('<p>Welkom</p>');
    expect((screen.getByRole('checkbox', { name: 'Zelfregistratie toestaan' }) as HTMLInputElement).checked).toBe(false);

    const modules = screen.getByRole('group', { name: 'Modules' });
    expect(within(modules).getAllByRole('checkbox').map((box) => box.getAttribute('value'))).toEqual(['word', 'map_element', 'location', 'tracking', 'qr_code']);
    expect((within(modules).getByRole('checkbox', { name: 'Word' }) as HTMLInputElement).checked).toBe(true);
    expect((within(modules).getByRole('checkbox', { name: 'QR code element' }) as HTMLInputElement).checked).toBe(false);

    const terms = screen.getByRole('table', { name: 'Gebruikers die de algemene voorwaarden moeten accepteren' });
    expect(within(terms).getByText('Anna de Vries')).toBeTruthy();
    expect(within(terms).getByText('u-anna@demo.eform.nl')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Anna de Vries van de lijst halen' })).toBeTruthy();
    expect(only(calls, 'GET', '/jsonapi/client/client/c1')[0]?.headers.get('accept')).toBe('application/vnd.api+json');
  });

  it('shows a client manager neither modules nor the terms list, and sends neither', async () => {
    const { calls } = renderEdit('manager', savingServer());
    const ui = userEvent.setup();
    await screen.findByRole('textbox', { name: 'Klant naam' });
    expect(screen.queryByRole('group', { name: 'Modules' })).toBeNull();
    expect(screen.queryByText('Gebruikers die de algemene voorwaarden moeten accepteren')).toBeNull();
    expect(only(calls, 'GET', '/jsonapi/user/user')).toHaveLength(0);

    await ui.click(screen.getByRole('checkbox', { name: 'Zelfregistratie toestaan' }));
    await ui.click(screen.getByRole('button', { name: 'Klant opslaan' }));
    expect(await screen.findByText('Klant Demo Gemeente is aangepast.')).toBeTruthy();
    const [patch] = patches(calls);
    expect(JSON.parse(patch?.body ?? 'null')).toEqual({
      data: {
        type: 'client--client',
        id: 'c1',
        attributes: {
          name: 'Demo Gemeente',
          field_low_credit_email_limit: 10,
          user_register_intro_text: { value: '<p>Welkom</p>', format: 'filtered_html' },
          user_register_enabled: true,
        },
      },
    });
  });

  it('refuses a negative or broken low-credit limit, and an empty name, without calling the server', async () => {
    const { calls } = renderEdit('manager');
    const ui = userEvent.setup();
    const limit = await screen.findByRole('spinbutton', { name: 'E-mail bij weinig credits vanaf' });
    await ui.clear(limit);
    await ui.type(limit, '-3');
    await ui.click(screen.getByRole('button', { name: 'Klant opslaan' }));
    expect(await screen.findByText('Het aantal credits moet een geheel getal van 0 of hoger zijn.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Controleer het formulier. Sommige velden zijn niet of verkeerd ingevuld.');
    await waitFor(() => expect(document.activeElement).toBe(limit));

    await ui.clear(limit);
    await ui.type(limit, '2.5');
    const name = screen.getByRole('textbox', { name: 'Klant naam' });
    await ui.clear(name);
    await ui.click(screen.getByRole('button', { name: 'Klant opslaan' }));
    expect(await screen.findByText('Klant naam is verplicht.')).toBeTruthy();
    expect(screen.getByText('Het aantal credits moet een geheel getal van 0 of hoger zijn.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(patches(calls)).toHaveLength(0);
  });

  it('sends the whole JSON:API document of a platform user and shows the saved client', async () => {
    const { router, calls } = renderEdit('admin', savingServer());
    const ui = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: 'Klant naam' });
    await ui.clear(name);
    await ui.type(name, 'Gemeente Demo');
    const modules = screen.getByRole('group', { name: 'Modules' });
    await ui.click(within(modules).getByRole('checkbox', { name: 'QR code element' }));
    await ui.click(within(modules).getByRole('checkbox', { name: 'Word' }));
    const limit = screen.getByRole('spinbutton', { name: 'E-mail bij weinig credits vanaf' });
    await ui.clear(limit);
    await ui.type(limit, '25');
    const intro = screen.getByRole('textbox', { name: 'Introductietekst registratie' });
    await ui.clear(intro);
    await ui.type(intro, '<p>Meld u aan</p>');
    await ui.click(screen.getByRole('checkbox', { name: 'Zelfregistratie toestaan' }));
    await ui.click(screen.getByRole('button', { name: 'Anna de Vries van de lijst halen' }));
    expect(screen.getByText('Er staan geen gebruikers op deze lijst.')).toBeTruthy();
    await ui.click(screen.getByRole('button', { name: 'Klant opslaan' }));

    expect(await screen.findByText('Klant Gemeente Demo is aangepast.')).toBeTruthy();
    const [patch] = patches(calls);
    expect(patch?.headers.get('content-type')).toBe('application/vnd.api+json');
    expect(JSON.parse(patch?.body ?? 'null')).toEqual({
      data: {
        type: 'client--client',
        id: 'c1',
        attributes: {
          name: 'Gemeente Demo',
          modules: ['qr_code'],
          field_low_credit_email_limit: 25,
          user_register_intro_text: { value: '<p>Meld u aan</p>', format: 'filtered_html' },
          user_register_enabled: true,
        },
        relationships: { terms_and_conditions_users: { data: [] } },
      },
    });
    // Saved: the screen stays, holds what the server answered, and leaves without asking.
    expect(router.state.location.pathname).toBe('/clients/c1/edit');
    await waitFor(() => expect(only(calls, 'GET', '/jsonapi/client/client/c1').length).toBeGreaterThan(1));
    expect((screen.getByRole('textbox', { name: 'Klant naam' }) as HTMLInputElement).value).toBe('Gemeente Demo');
    await ui.click(screen.getByRole('tab', { name: 'Bekijk' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/c1'));
  });

  it("shows each detail of the server's JSON:API errors in an alert and keeps the input", async () => {
    const { router } = renderEdit('admin', {
      'PATCH /jsonapi/client/client/c1': () =>
        json(422, {
          errors: [
            { status: '422', title: 'Unprocessable Entity', detail: 'Alleen gebruikers van deze klant kunnen worden gevraagd de algemene voorwaarden te accepteren.' },
          ],
        }),
    });
    const ui = userEvent.setup();
    const name = await screen.findByRole('textbox', { name: 'Klant naam' });
    await ui.type(name, ' Noord');
    await ui.click(screen.getByRole('button', { name: 'Klant opslaan' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Alleen gebruikers van deze klant kunnen worden gevraagd de algemene voorwaarden te accepteren.',
    );
    expect(router.state.location.pathname).toBe('/clients/c1/edit');
    expect((screen.getByRole('textbox', { name: 'Klant naam' }) as HTMLInputElement).value).toBe('Demo Gemeente Noord');
  });

  it('adds a user to the terms list through the dialog of the users not on it yet', async () => {
    const { calls } = renderEdit('admin', savingServer());
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Gebruiker toevoegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gebruiker toevoegen aan de lijst' });
    const candidates = within(dialog).getByRole('table', { name: 'Gebruikers die nog niet op de lijst staan' });
    expect(within(candidates).queryByText('Anna de Vries')).toBeNull();
    expect(within(candidates).getByText('Bert Jansen')).toBeTruthy();
    await ui.type(within(dialog).getByRole('searchbox', { name: 'Zoek op naam of e-mail' }), 'cees');
    expect(within(dialog).queryByText('Bert Jansen')).toBeNull();
    await ui.click(within(dialog).getByRole('button', { name: 'Cees Bakker toevoegen aan de lijst' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const terms = screen.getByRole('table', { name: 'Gebruikers die de algemene voorwaarden moeten accepteren' });
    expect(within(terms).getByText('Cees Bakker')).toBeTruthy();
    await ui.click(screen.getByRole('button', { name: 'Klant opslaan' }));
    expect(await screen.findByText('Klant Demo Gemeente is aangepast.')).toBeTruthy();
    const sent = JSON.parse(patches(calls)[0]?.body ?? 'null') as { data: { relationships: unknown } };
    expect(sent.data.relationships).toEqual({
      terms_and_conditions_users: {
        data: [
          { type: 'user--user', id: 'u-anna' },
          { type: 'user--user', id: 'u-cees' },
        ],
      },
    });
  });

  it('asks before leaving with unsaved changes', async () => {
    const { router } = renderEdit('manager');
    const ui = userEvent.setup();
    await ui.type(await screen.findByRole('textbox', { name: 'Klant naam' }), '!');
    await ui.click(screen.getByRole('tab', { name: 'Bekijk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pagina verlaten?' });
    expect(within(dialog).getByText('Wilt u deze pagina verlaten? Indien u wijzigingen heeft aangebracht gaan deze verloren.')).toBeTruthy();
    await ui.click(within(dialog).getByRole('button', { name: 'Blijven' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/clients/c1/edit');
    expect((screen.getByRole('textbox', { name: 'Klant naam' }) as HTMLInputElement).value).toBe('Demo Gemeente!');
    await ui.click(screen.getByRole('tab', { name: 'Bekijk' }));
    await ui.click(within(await screen.findByRole('dialog', { name: 'Pagina verlaten?' })).getByRole('button', { name: 'Verlaten' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/c1'));
  });

  it("reads every page of the client's users, following links.next", async () => {
    const others = Array.from({ length: 50 }, (_, index) => userResource(`u-zus-${index + 1}`, `Zus ${String(index + 1).padStart(2, '0')}`));
    const { calls } = renderEdit('admin', { 'GET /jsonapi/user/user': userPages([ANNA, BERT, CEES, ...others]) });
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Gebruiker toevoegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gebruiker toevoegen aan de lijst' });
    // Zus 50 is the 53rd user: only the second page has her.
    expect(within(dialog).getByText('Zus 50')).toBeTruthy();
    expect(within(dialog).getByText('u-zus-50@demo.eform.nl')).toBeTruthy();
    expect(within(dialog).getByText('Bert Jansen')).toBeTruthy();

    const reads = only(calls, 'GET', '/jsonapi/user/user');
    expect(reads.map((call) => call.query.get('page[offset]'))).toEqual(['0', '50']);
    for (const read of reads) {
      expect(read.query.get('filter[field_client.id]')).toBe('c1');
      expect(read.query.get('sort')).toBe('name');
      expect(read.query.get('page[limit]')).toBe('50');
      expect(read.headers.get('accept')).toBe('application/vnd.api+json');
    }
  });

  it('gives an eform employee the names on the terms list and the users to add', async () => {
    const employee = storedSession({ user: { ...storedSession().user, roles: ['eform_employee'] } });
    const access: ClientAccess = { roles: [], permissions: ['eform edit client', 'eform view client'] };
    const server = installFakeServer({
      ...demoServer({ [DEMO.id]: access }, userInfo({ roles: ['eform_employee'] })),
      'GET /jsonapi/client/client/c1': () => json(200, { data: clientResource() }),
      'GET /jsonapi/user/user': userPages([ANNA, BERT, CEES]),
    });
    renderApp('/clients/c1/edit', employee);
    const terms = await screen.findByRole('table', { name: 'Gebruikers die de algemene voorwaarden moeten accepteren' });
    expect(within(terms).getByText('Anna de Vries')).toBeTruthy();
    expect(screen.queryByText('De gebruikers van deze klant konden niet worden geladen: u kunt alleen gebruikers van de lijst halen.')).toBeNull();
    expect(screen.getByRole('group', { name: 'Modules' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Gebruiker toevoegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gebruiker toevoegen aan de lijst' });
    expect(within(dialog).getByText('Bert Jansen')).toBeTruthy();
    expect(only(server.calls, 'GET', '/jsonapi/user/user')).toHaveLength(1);
  });

  it.each([
    ['refused (403)', () => json(403, { errors: [{ status: '403', detail: 'Geen toegang.' }] })],
    ['unreachable', () => Promise.reject(new TypeError('Failed to fetch'))],
  ] satisfies [string, FakeHandler][])('keeps the terms list by id when the users list is %s', async (_, answer) => {
    const employee = storedSession({ user: { ...storedSession().user, roles: ['eform_employee'] } });
    const access: ClientAccess = { roles: [], permissions: ['eform edit client', 'eform view client'] };
    const server = installFakeServer({
      ...demoServer({ [DEMO.id]: access }, userInfo({ roles: ['eform_employee'] })),
      'GET /jsonapi/client/client/c1': () => json(200, { data: clientResource() }),
      'GET /jsonapi/user/user': answer,
    });
    const router = renderApp('/clients/c1/edit', employee);
    expect(await screen.findByText('De gebruikers van deze klant konden niet worden geladen: u kunt alleen gebruikers van de lijst halen.')).toBeTruthy();
    expect(within(screen.getByRole('table', { name: 'Gebruikers die de algemene voorwaarden moeten accepteren' })).getByText('u-anna')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Gebruiker toevoegen' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('group', { name: 'Modules' })).toBeTruthy();
    // The refusal is the screen's to handle: no no-rights message, no trip to the dashboard.
    expect(screen.queryByText('U hebt geen rechten om deze content te bekijken.')).toBeNull();
    expect(router.state.location.pathname).toBe('/clients/c1/edit');
    expect(only(server.calls, 'GET', '/jsonapi/user/user')).toHaveLength(1);
  });

  it('is refused without the edit permission', async () => {
    const viewer: ClientAccess = { roles: ['financial'], permissions: ['eform view client'] };
    installFakeServer({
      ...demoServer({ [DEMO.id]: viewer }),
      'GET /jsonapi/client/client/c1': () => json(200, { data: clientResource() }),
    });
    const router = renderApp('/clients/c1/edit', storedSession({ access: viewer }));
    expect(await screen.findByText('U hebt geen rechten om deze content te bekijken.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
