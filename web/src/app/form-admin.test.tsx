import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminFolder, AdminForm } from '@/features/form-admin/api';
import type { ClientAccess } from '@/lib/api/types';
import { installFakeServer, json, type FakeCall, type FakeHandler } from '@/test/fake-server';
import { DEMO, demoServer, fillableForm, storedSession, TWEEDE } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

// Whole screens with lazy route chunks: slower than unit tests, above all on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const MANAGER: ClientAccess = {
  roles: ['form_manager'],
  permissions: [
    'eform manage forms',
    'eform manage form edit',
    'eform manage form name',
    'eform manage form publish',
    'eform manage form unpublish',
    'eform manage form revisions view',
    'eform manage form users',
    'eform manage form search',
    'eform manage form delete',
    'eform manage form conditions',
  ],
};
const CLIENT_MANAGER: ClientAccess = {
  roles: ['client_manager'],
  permissions: [...MANAGER.permissions, 'eform view hidden folders'],
};

/** Signs in with `access` in the demo client (stored and as the server's refresh answers it). */
function renderSignedIn(path: string, access: ClientAccess, extra: Record<string, FakeHandler>) {
  const server = installFakeServer({ ...demoServer({ [DEMO.id]: access }), ...extra });
  const router = renderApp(path, storedSession({ access }));
  return { router, calls: server.calls };
}

function folder(folder_id: string, folder_name: string, children: AdminFolder[] = [], extra: Partial<AdminFolder> = {}): AdminFolder {
  return { folder_id, folder_name, folder_hidden: false, form_folder: null, children, forms: [], ...extra };
}

const ADMIN_TREE = [
  folder('d1', 'Inspecties', [folder('d2', 'Openbare ruimte')]),
  folder('d3', 'Archief', [], { folder_hidden: true }),
];

const FORM: AdminForm = {
  ...fillableForm({ schema: [{ name: 'naam', label: 'Naam', elementType: 'text' }], settings: {} }),
  email_settings: [],
  webhook_integrations: [],
  registration_phase: null,
  user: 'twee',
  users: [],
  published_at: null,
  updated_at: Date.UTC(2024, 2, 5, 12, 7),
};

const bodyOf = (calls: FakeCall[], method: string, path: string) =>
  JSON.parse(calls.find((call) => call.method === method && call.path === path)?.body ?? 'null') as unknown;

describe('folder management', () => {
  it('lists folders with the hide column for client managers and deletes after confirmation', async () => {
    const { calls } = renderSignedIn('/admin/folder-list', CLIENT_MANAGER, {
      'GET /api/client/c1/folder/admin': () => json(200, ADMIN_TREE),
      'DELETE /api/client/c1/folder/d2': () => json(200, { status: true }),
    });
    expect(await screen.findByRole('heading', { name: 'Mappen beheren' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Verbergen' })).toBeTruthy();
    expect(screen.getByText('Archief')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Map Archief zichtbaar maken' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Map Openbare ruimte verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Map verwijderen?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Map Openbare ruimte is verwijderd.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/client/c1/folder/d2')).toBe(true);
  });

  it("shows the server's reason when a folder cannot be deleted; form managers get no hide column nor hidden folders", async () => {
    renderSignedIn('/admin/folder-list', MANAGER, {
      'GET /api/client/c1/folder/admin': () => json(200, ADMIN_TREE),
      'DELETE /api/client/c1/folder/d1': () => json(409, { status: false, message: 'De map bevat nog formulieren.' }),
    });
    expect(await screen.findByRole('heading', { name: 'Mappen beheren' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Verbergen' })).toBeNull();
    expect(screen.queryByText('Archief')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Map Inspecties verwijderen' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('De map bevat nog formulieren.')).toBeTruthy();
  });

  it('hides a folder and renames another', async () => {
    const { calls } = renderSignedIn('/admin/folder-list', CLIENT_MANAGER, {
      'GET /api/client/c1/folder/admin': () => json(200, ADMIN_TREE),
      'PATCH /api/folder/d1/set-hidden': () => json(200, { ...ADMIN_TREE[0], folder_hidden: true }),
      'PATCH /api/folder/d2/rename': () => json(200, folder('d2', 'Straten')),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Map Inspecties verbergen' }));
    expect(await screen.findByText('Map Inspecties is verborgen.')).toBeTruthy();
    expect(bodyOf(calls, 'PATCH', '/api/folder/d1/set-hidden')).toEqual({ hidden: true });

    await userEvent.click(screen.getByRole('button', { name: 'Map Openbare ruimte hernoemen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Map hernoemen' });
    const field = within(dialog).getByRole('textbox', { name: /Map naam/ });
    await userEvent.clear(field);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(within(dialog).getByText('Map naam is verplicht.')).toBeTruthy();
    await userEvent.type(field, 'Straten');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(bodyOf(calls, 'PATCH', '/api/folder/d2/rename')).toEqual({ folder_name: 'Straten' }));
  });

  it('says so when there are no folders', async () => {
    renderSignedIn('/admin/folder-list', MANAGER, { 'GET /api/client/c1/folder/admin': () => json(200, []) });
    expect(await screen.findByText('Er zijn nog geen mappen. Maak een map aan om formulieren in te bewaren.')).toBeTruthy();
  });
});

describe('folder create', () => {
  it("validates the name, nests parents with '---' and creates the folder", async () => {
    const { router, calls } = renderSignedIn('/admin/folder-create', CLIENT_MANAGER, {
      'GET /api/client/c1/folder/admin': () => json(200, ADMIN_TREE),
      'POST /api/client/c1/folder': () => json(201, folder('d9', 'Nieuw')),
    });
    expect(await screen.findByRole('heading', { name: 'Map aanmaken' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Map aanmaken' }));
    expect(screen.getByText('Map naam is verplicht.')).toBeTruthy();

    await userEvent.type(screen.getByRole('textbox', { name: /Map naam/ }), 'Nieuw');
    await userEvent.click(screen.getByRole('combobox', { name: 'Bovenliggende map' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Geen (hoofdmap)', 'Inspecties', '--- Openbare ruimte', 'Archief']);
    await userEvent.click(screen.getByRole('option', { name: '--- Openbare ruimte' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Verborgen map' }));
    await userEvent.click(screen.getByRole('button', { name: 'Map aanmaken' }));

    expect(await screen.findByText('Map Nieuw is aangemaakt.')).toBeTruthy();
    expect(bodyOf(calls, 'POST', '/api/client/c1/folder')).toEqual({ folder_name: 'Nieuw', form_folder: 'd2', hidden: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/folder-list'));
  });

  it('has no hidden checkbox without its permission and reports a failure', async () => {
    renderSignedIn('/admin/folder-create', MANAGER, {
      'GET /api/client/c1/folder/admin': () => json(200, ADMIN_TREE),
      'POST /api/client/c1/folder': () => json(500, {}),
    });
    await userEvent.type(await screen.findByRole('textbox', { name: /Map naam/ }), 'Nieuw');
    expect(screen.queryByRole('checkbox', { name: 'Verborgen map' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Map aanmaken' }));
    expect(await screen.findByText('De map kon niet worden aangemaakt')).toBeTruthy();
  });
});

describe('form list', () => {
  const tree = [
    {
      ...folder('d1', 'Inspecties', [folder('d2', 'Openbare ruimte')]),
      forms: [
        { form_id: 'f1', form_name: 'Melding', form_type: 'default', folder_id: 'd1', published_at: 1, updated_at: 1 },
        { form_id: 'f2', form_name: 'Concept', form_type: 'default', folder_id: 'd1', published_at: null, updated_at: 1 },
      ],
    },
  ];

  it('shows folders and forms with their published chip and the add buttons', async () => {
    renderSignedIn('/admin/form-list', MANAGER, { 'GET /api/client/c1/folder': () => json(200, tree) });
    expect(await screen.findByRole('heading', { name: 'Formulieren beheren' })).toBeTruthy();
    const melding = screen.getByRole('link', { name: 'Melding' });
    expect(melding.getAttribute('href')).toBe('/admin/form/f1');
    expect(within(melding.closest('li') as HTMLElement).getByText('Gepubliceerd')).toBeTruthy();
    expect(within(screen.getByRole('link', { name: 'Concept' }).closest('li') as HTMLElement).getByText('Niet gepubliceerd')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Formulier aanmaken in map Openbare ruimte' }).getAttribute('href')).toBe(
      '/admin/form-create?folder_id=d2',
    );
    expect(screen.getByRole('link', { name: 'Map aanmaken' })).toBeTruthy();

    const toggle = screen.getByRole('button', { name: 'Map Inspecties sluiten' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(toggle);
    expect(screen.queryByRole('link', { name: 'Melding' })).toBeNull();
  });

  it('has no add buttons without eform manage forms', async () => {
    renderSignedIn('/admin/form-list', { roles: [], permissions: ['eform manage form registrations'] }, {
      'GET /api/client/c1/folder': () => json(200, tree),
    });
    expect(await screen.findByRole('link', { name: 'Melding' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Formulier aanmaken' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Map aanmaken' })).toBeNull();
    expect(screen.queryByRole('link', { name: /Formulier aanmaken in map/ })).toBeNull();
  });

  it('sends users without the rights to the dashboard with the 403 text', async () => {
    const { router } = renderSignedIn('/admin/form-list', { roles: [], permissions: [] }, {});
    expect(await screen.findByText('U hebt geen rechten om deze content te bekijken.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('form create', () => {
  it('preselects the folder of ?folder_id, validates and opens the new form', async () => {
    const { router, calls } = renderSignedIn('/admin/form-create?folder_id=d2', MANAGER, {
      'GET /api/client/c1/folder/admin': () => json(200, ADMIN_TREE),
      'POST /api/form': () => json(201, { ...FORM, form_id: 'f9', form_name: 'Nieuw formulier', form_type: 'workflow' }),
      'GET /api/form/f9': () => json(200, { ...FORM, form_id: 'f9', form_name: 'Nieuw formulier', form_type: 'workflow' }),
      'GET /api/form/f9/metadata': () => json(200, { email_word_files_processed: {} }),
    });
    expect(await screen.findByRole('heading', { name: 'Formulier aanmaken' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /Map/ }).textContent).toBe('--- Openbare ruimte');
    await userEvent.click(screen.getByRole('button', { name: 'Formulier aanmaken' }));
    expect(screen.getByText('Formulier naam is verplicht.')).toBeTruthy();

    await userEvent.type(screen.getByRole('textbox', { name: /Formulier naam/ }), 'Nieuw formulier');
    await userEvent.click(screen.getByRole('radio', { name: 'Workflow met fases' }));
    await userEvent.click(screen.getByRole('button', { name: 'Formulier aanmaken' }));
    expect(await screen.findByText('Formulier Nieuw formulier is aangemaakt.')).toBeTruthy();
    expect(bodyOf(calls, 'POST', '/api/form')).toEqual({
      form_name: 'Nieuw formulier',
      form_type: 'workflow',
      folder_id: 'd2',
      client_id: 'c1',
      schema: [],
      rules: [],
      values: {},
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/form/f9'));
    expect(await screen.findByRole('heading', { name: 'Nieuw formulier', level: 1 })).toBeTruthy();
  });

  it('asks for a folder and reports a failed create', async () => {
    renderSignedIn('/admin/form-create', MANAGER, {
      'GET /api/client/c1/folder/admin': () => json(200, ADMIN_TREE),
      'POST /api/form': () => json(500, {}),
    });
    await userEvent.type(await screen.findByRole('textbox', { name: /Formulier naam/ }), 'X');
    await userEvent.click(screen.getByRole('button', { name: 'Formulier aanmaken' }));
    expect(screen.getByText('Map is verplicht.')).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: /Map/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Inspecties' }));
    await userEvent.click(screen.getByRole('button', { name: 'Formulier aanmaken' }));
    expect(await screen.findByText('Het formulier kon niet worden aangemaakt')).toBeTruthy();
  });
});

describe('form shell and detail', () => {
  function formServer(form: AdminForm, extra: Record<string, FakeHandler> = {}): Record<string, FakeHandler> {
    return {
      'GET /api/form/f1': () => json(200, form),
      'GET /api/form/f1/metadata': () => json(200, { email_word_files_processed: {} }),
      'GET /api/client/c1/folder/admin': () => json(200, ADMIN_TREE),
      'GET /api/client/c2/folder/admin': () => json(200, [folder('e1', 'Elders')]),
      ...extra,
    };
  }

  it('shows the name, the permitted tabs, last change and the preview; publishes', async () => {
    const { calls } = renderSignedIn('/admin/form/f1', MANAGER, formServer(FORM, {
      'POST /api/form/f1/publish': () => json(200, { ...FORM, published_at: 5 }),
    }));
    expect(await screen.findByRole('heading', { name: 'Melding', level: 1 })).toBeTruthy();
    const tabs = within(screen.getByRole('tablist', { name: 'Onderdelen van het formulier' }));
    expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Bekijk', 'Aanpassen', 'Regels']);
    expect(screen.getByText(/Laatst aangepast door twee op 05 mrt 2024/)).toBeTruthy();
    // The preview is the fill-in renderer.
    expect(screen.getByRole('textbox', { name: 'Naam' })).toBeTruthy();

    const publish = screen.getByRole('switch', { name: 'Gepubliceerd' });
    await userEvent.click(publish);
    await waitFor(() => expect((publish as HTMLInputElement).checked).toBe(true));
    expect(bodyOf(calls, 'POST', '/api/form/f1/publish')).toEqual(['f1']);
  });

  it('enables guest access and copies the public link', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { calls } = renderSignedIn('/admin/form/f1', MANAGER, formServer(FORM, {
      'PATCH /api/form/f1': (call) => {
        const body = JSON.parse(call.body ?? '{}') as AdminForm;
        return json(200, { ...body, settings: { ...body.settings, guestID: 'gast-1' }, form_guest_id: 'gast-1' });
      },
    }));
    await userEvent.click(await screen.findByRole('switch', { name: 'Gasttoegang' }));
    const link = await screen.findByRole('textbox', { name: 'Publieke link' });
    expect((link as HTMLInputElement).value).toBe(`${window.location.origin}/guest/form/gast-1`);
    expect((bodyOf(calls, 'PATCH', '/api/form/f1') as AdminForm).settings).toEqual({ guestAccess: true });
    await userEvent.click(screen.getByRole('button', { name: 'Link kopiëren' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/guest/form/gast-1`);
    expect(await screen.findByText('Gekopieerd')).toBeTruthy();
  });

  it('saves the edit panel and reports a failed save', async () => {
    let fail = true;
    const { calls } = renderSignedIn('/admin/form/f1', MANAGER, formServer(FORM, {
      'PATCH /api/form/f1': (call) => (fail ? json(500, {}) : json(200, JSON.parse(call.body ?? '{}'))),
    }));
    const name = await screen.findByRole('textbox', { name: /Formulier naam/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Melding openbare ruimte');
    await userEvent.click(screen.getByRole('button', { name: 'Formuliernaam $registratie.formuliernaam$ invoegen' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Opslaan' })[0] as HTMLElement);
    expect(await screen.findByText('Het formulier kon niet worden aangepast.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getAllByRole('button', { name: 'Opslaan' })[0] as HTMLElement);
    expect(await screen.findByRole('heading', { name: 'Melding openbare ruimte', level: 1 })).toBeTruthy();
    const saved = calls.filter((call) => call.method === 'PATCH').at(-1);
    expect(JSON.parse(saved?.body ?? '{}')).toMatchObject({ form_name: 'Melding openbare ruimte', form_summary: '$registratie.formuliernaam$' });
  });

  it('lists revisions newest first, 10 a page, and restores one', async () => {
    const revisions = Array.from({ length: 12 }, (_, index) => ({
      revision_id: `r${index}`,
      updated_at: Date.UTC(2024, 0, index + 1, 9, 0),
      user: { username: `user${index}` },
    }));
    const { calls } = renderSignedIn('/admin/form/f1', MANAGER, formServer(FORM, {
      'GET /api/form/f1/revisions': () => json(200, revisions),
      'GET /api/form/f1/revision-restore/r11': () => json(200, FORM),
    }));
    await userEvent.click(await screen.findByRole('button', { name: 'Revisiegeschiedenis' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revisiegeschiedenis' });
    const rows = await within(dialog).findAllByRole('row');
    // Header plus 10.
    expect(rows).toHaveLength(11);
    const newest = rows[1] as HTMLElement;
    expect(within(newest).getByText('user11')).toBeTruthy();
    await userEvent.click(within(newest).getByRole('button', { name: /terugzetten/ }));
    expect(await screen.findByText(/De revisie is teruggezet/)).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/form/f1/revision-restore/r11')).toBe(true);
  });

  it('manages the users of a form in the manage and add tabs', async () => {
    const { calls } = renderSignedIn('/admin/form/f1', MANAGER, formServer(FORM, {
      'GET /api/form/f1/get_users': () =>
        json(200, [
          { user_id: 'u1', email: 'een@demo.nl', username: 'een', assigned: true },
          { user_id: 'u2', email: 'twee@demo.nl', username: 'twee', assigned: false },
          { user_id: 'u3', email: 'drie@demo.nl', username: 'drie', assigned: false },
        ]),
      'POST /api/form/f1/add_user/u3': () => json(200, { ...FORM, users: [{ user_id: 'u1' }, { user_id: 'u3' }] }),
    }));
    await userEvent.click(await screen.findByRole('button', { name: 'Gebruikers beheren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gebruikers met toegang' });
    expect(await within(dialog).findByText('een')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Toevoegen' }));
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Zoeken' }), 'dri');
    expect(within(dialog).queryByText('twee')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'drie toevoegen' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/form/f1/add_user/u3')).toBe(true));
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Beheren' }));
    await userEvent.clear(within(dialog).getByRole('searchbox', { name: 'Zoeken' }));
    expect(within(dialog).getByText('drie')).toBeTruthy();
  });

  it('copies a form into a folder of another client', async () => {
    const { router, calls } = renderSignedIn('/admin/form/f1', MANAGER, formServer(FORM, {
      'POST /api/form/f1/copy': () => json(201, { ...FORM, form_id: 'f7', form_name: 'Kopie van Melding', client_id: TWEEDE.id }),
      'GET /api/form/f7': () => json(200, { ...FORM, form_id: 'f7', form_name: 'Kopie van Melding' }),
      'GET /api/form/f7/metadata': () => json(200, { email_word_files_processed: {} }),
    }));
    expect(await screen.findByText('Kopie van Melding')).toBeTruthy();
    await userEvent.click(screen.getByRole('combobox', { name: 'Kopiëren naar klant' }));
    await userEvent.click(await screen.findByRole('option', { name: TWEEDE.name }));
    await userEvent.click(screen.getByRole('button', { name: 'Kopie maken' }));
    expect(await screen.findByText('Map is verplicht.')).toBeTruthy();
    const folders = screen.getAllByRole('combobox', { name: /^Map/ });
    await userEvent.click(folders[folders.length - 1] as HTMLElement);
    await userEvent.click(await screen.findByRole('option', { name: 'Elders' }));
    await userEvent.click(screen.getByRole('button', { name: 'Kopie maken' }));
    expect(await screen.findByText('Formulier Kopie van Melding is aangemaakt.')).toBeTruthy();
    expect(bodyOf(calls, 'POST', '/api/form/f1/copy')).toEqual({ client_id: 'c2', folder_id: 'e1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/form/f7'));
  });

  it('shows the workflow panel with its phase warnings', async () => {
    const workflow: AdminForm = {
      ...FORM,
      form_type: 'workflow',
      registration_phase: '1',
      schema: [
        { name: 'naam', label: 'Naam', elementType: 'text' },
        { name: 'a', label: 'A', elementType: 'stateTransition' },
        { name: 'b', label: 'B', elementType: 'stateTransition' },
      ],
    };
    renderSignedIn('/admin/form/f1', MANAGER, formServer(workflow));
    expect(await screen.findByRole('combobox', { name: 'Toon formulier in fase' })).toBeTruthy();
    expect(screen.getByText('Fase 1 heeft 2 fase-overgangen. Er mag maar één fase-overgang per fase zijn.')).toBeTruthy();
  });

  it('shows only Bekijk and no settings to a registrations-only user', async () => {
    renderSignedIn(
      '/admin/form/f1',
      { roles: [], permissions: ['eform manage form registrations'] },
      formServer(FORM, { 'GET /api/form/f1/registrations': () => json(200, { registrations: [], pages_count: 0, registrations_count: 0 }) }),
    );
    expect(await screen.findByRole('heading', { name: 'Melding', level: 1 })).toBeTruthy();
    const tabs = within(screen.getByRole('tablist'));
    expect(tabs.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Bekijk', 'Registraties']);
    expect(screen.queryByRole('switch', { name: 'Gepubliceerd' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Gasttoegang' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Formulier verwijderen' })).toBeNull();

    // The list, without what needs more than viewing (downloads, the periodic mail).
    await userEvent.click(tabs.getByRole('tab', { name: 'Registraties' }));
    expect(await screen.findByText('Er zijn geen registraties gevonden.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Downloaden' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Periodieke mail' })).toBeNull();
  });

  it('deletes the form from the confirmation page', async () => {
    const { router } = renderSignedIn('/admin/form/f1/remove', MANAGER, formServer(FORM, {
      'DELETE /api/form/f1': () => json(200, { status: true }),
      'GET /api/client/c1/folder': () => json(200, []),
    }));
    expect(await screen.findByText(/Weet u zeker dat u formulier Melding wilt verwijderen/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Formulier is verwijderd.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/form-list'));
  });

  it('reports a failed delete', async () => {
    renderSignedIn('/admin/form/f1/remove', MANAGER, formServer(FORM, { 'DELETE /api/form/f1': () => json(500, {}) }));
    await userEvent.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByText('Formulier kon niet worden verwijderd.')).toBeTruthy();
  });
});
