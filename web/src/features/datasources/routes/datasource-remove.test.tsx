import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ClientAccess } from '@/lib/api/types';
import { getToasts } from '@/lib/toast';
import { installFakeServer, json, type FakeCall, type FakeHandler } from '@/test/fake-server';
import { datasourceResource, DEMO, demoServer, storedSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const EDITOR: ClientAccess = { roles: ['form_manager'], permissions: ['eform edit datasources', 'eform create datasources'] };
const PATH = '/jsonapi/eform_datasource/search/ds-streets';
const STREETS = datasourceResource('search', 'ds-streets', { name: 'Straten' });

function renderRemove(access: ClientAccess, handlers: Record<string, FakeHandler> = {}) {
  let removed = false;
  const server = installFakeServer({
    ...demoServer({ [DEMO.id]: access }),
    [`GET ${PATH}`]: () => json(200, { data: STREETS }),
    [`DELETE ${PATH}`]: () => {
      removed = true;
      return new Response(null, { status: 204 });
    },
    'GET /jsonapi/eform_datasource/search': () => json(200, { data: removed ? [] : [STREETS] }),
    'GET /jsonapi/eform_datasource/map_features': () => json(200, { data: [] }),
    ...handlers,
  });
  const router = renderApp('/datasources/search/ds-streets/remove', storedSession({ access }));
  return { router, calls: server.calls };
}

const deletes = (calls: FakeCall[]) => calls.filter((call) => call.method === 'DELETE');

describe('datasource remove', () => {
  it('asks first, then removes the datasource and goes back to the list without it', async () => {
    const { router, calls } = renderRemove(EDITOR);
    expect(await screen.findByText('Weet u zeker dat u deze databron wilt verwijderen?')).toBeTruthy();
    expect(screen.getByText(/^Databron Straten wordt definitief verwijderd/)).toBeTruthy();
    // Nothing is removed by opening the screen.
    expect(deletes(calls)).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Verwijder databron' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/datasources'));
    const [removal] = deletes(calls);
    expect(removal?.path).toBe(PATH);
    expect(removal?.headers.get('accept')).toBe('application/vnd.api+json');
    expect(getToasts().map((toast) => toast.message)).toContain('Databron is verwijderd.');
    expect(await screen.findByText(/Deze klant heeft nog geen databronnen\./)).toBeTruthy();
    // Replaced: going back does not return to the removed datasource.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("says it could not be removed, with the server's reason, and stays", async () => {
    const { router } = renderRemove(EDITOR, {
      [`DELETE ${PATH}`]: () => json(409, { status: false, message: 'Deze databron wordt nog ingelezen.' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Verwijder databron' }));
    expect((await screen.findByText('Deze databron wordt nog ingelezen.')).closest('[role="alert"]')).toBeTruthy();
    expect(getToasts().map((toast) => toast.message)).toContain('Databron kon niet worden verwijderd.');
    expect(router.state.location.pathname).toBe('/datasources/search/ds-streets/remove');
    expect(screen.getByRole('button', { name: 'Verwijder databron' }).hasAttribute('disabled')).toBe(false);
  });

  it('goes back to the detail with Annuleren, removing nothing', async () => {
    const { router, calls } = renderRemove(EDITOR);
    await userEvent.click(await screen.findByRole('link', { name: 'Annuleren' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/datasources/search/ds-streets'));
    expect(await screen.findByRole('region', { name: 'Gegevens' })).toBeTruthy();
    expect(deletes(calls)).toHaveLength(0);
  });

  it('refuses the screen to a user without the edit permission', async () => {
    const { router, calls } = renderRemove({ roles: ['form_manager'], permissions: ['eform create datasources'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(getToasts().map((toast) => toast.message)).toContain('U hebt geen rechten om deze content te bekijken.');
    expect(calls.some((call) => call.path === PATH)).toBe(false);
  });
});
