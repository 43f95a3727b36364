import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { installFakeServer, json, type FakeCall, type FakeHandler } from '@/test/fake-server';
import { demoServer, storedSession, userInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const ADMIN_SESSION = storedSession({ user: { ...storedSession().user, roles: ['admin'] } });

function renderCreate(extra: Record<string, FakeHandler>) {
  const server = installFakeServer({ ...demoServer({}, userInfo({ roles: ['admin'] })), ...extra });
  const router = renderApp('/clients/create', ADMIN_SESSION);
  return { router, calls: server.calls };
}

const posts = (calls: FakeCall[]) => calls.filter((call) => call.method === 'POST' && call.path === '/jsonapi/client/client');

describe('create client', () => {
  it('posts the JSON:API document, refreshes user info and opens the new client', async () => {
    const created = {
      type: 'client--client',
      id: 'c9',
      attributes: {
        name: 'Nieuwe Gemeente',
        field_credits: 0,
        modules: [],
        field_low_credit_email_limit: 0,
        registrations_count: 0,
        terms_and_conditions_required: false,
        user_register_intro_text: null,
      },
    };
    const { router, calls } = renderCreate({
      'POST /jsonapi/client/client': () => json(201, { data: created }),
      'GET /api/client/c9/info': () => json(200, { roles: ['admin'], permissions: [] }),
      'GET /api/client/c9': () =>
        json(200, { id: 'c9', uuid: 'c9', name: 'Nieuwe Gemeente', modules: [], credits: 0, field_credits: 0, field_low_credit_email_limit: 0, terms_and_conditions_required: false }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Klant naam' }), '  Nieuwe Gemeente ');
    const before = calls.length;
    await user.click(screen.getByRole('button', { name: 'Klant aanmaken' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/c9'));
    expect(await screen.findByRole('heading', { name: 'Nieuwe Gemeente', level: 1 })).toBeTruthy();
    expect(screen.getByText('Klant Nieuwe Gemeente is aangemaakt.')).toBeTruthy();

    const [post] = posts(calls);
    expect(JSON.parse(post?.body ?? 'null')).toEqual({ data: { type: 'client--client', attributes: { name: 'Nieuwe Gemeente' } } });
    expect(post?.headers.get('content-type')).toBe('application/vnd.api+json');
    expect(post?.headers.get('api-key')).toBe('stored-key');
    // User info is read again after the client was made (not only by the shell's own timer).
    const after = calls.slice(before);
    const postAt = after.findIndex((call) => call === post);
    expect(after.slice(postAt + 1).some((call) => call.path === '/api/user/info')).toBe(true);
  });

  it("asks for the name first and shows the spec's check text", async () => {
    const { calls } = renderCreate({});
    const user = userEvent.setup();
    const field = await screen.findByRole('textbox', { name: 'Klant naam' });
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: 'Klant aanmaken' }));
    expect(await screen.findByText('Klant naam is verplicht.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Controleer het formulier. Sommige velden zijn niet of verkeerd ingevuld.');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(posts(calls)).toHaveLength(0);
  });

  it("shows each detail of the server's JSON:API errors in an alert and stays", async () => {
    const { router } = renderCreate({
      'POST /jsonapi/client/client': () =>
        json(422, { errors: [{ status: '422', title: 'Unprocessable Entity', detail: 'De naam mag maximaal 255 tekens lang zijn.' }] }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Klant naam' }), 'Te lang');
    await user.click(screen.getByRole('button', { name: 'Klant aanmaken' }));
    expect((await screen.findByRole('alert')).textContent).toBe('De naam mag maximaal 255 tekens lang zijn.');
    expect(router.state.location.pathname).toBe('/clients/create');
    expect((screen.getByRole('textbox', { name: 'Klant naam' }) as HTMLInputElement).value).toBe('Te lang');
  });

  it('is not for users without a platform role', async () => {
    installFakeServer(demoServer());
    const router = renderApp('/clients/create', storedSession());
    expect(await screen.findByText('U hebt geen rechten om deze content te bekijken.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
