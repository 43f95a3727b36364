import { act, configure, createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setAuthenticated } from '@/lib/auth/session';
import type { FormElement } from '@/lib/form-logic';
import { getToasts } from '@/lib/toast';
import { installFakeServer, json, type FakeHandler } from '@/test/fake-server';
import { installFakeXhr, nextRequest } from '@/test/fake-xhr';
import { clientDetails, DEMO, fillableForm, storedSession } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import type { AdminForm } from '../api';
import { FormEditRoute } from './form-edit';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const FORM: AdminForm = {
  ...fillableForm({
    schema: [
      { uuid: 'u1', name: 'naam', label: 'Naam', elementType: 'text', validation: [{ name: 'required' }] },
      { uuid: 'u2', name: 'toelichting', label: 'Toelichting', elementType: 'textarea', validation: [] },
    ],
  }),
  email_settings: [{ email_subject: 'blijft staan' }],
};

function renderEditor(permissions: string[] = ['eform manage form edit'], modules: string[] = [], globalRoles: string[] = []) {
  setAuthenticated(
    storedSession({
      user: { ...storedSession().user, roles: globalRoles },
      access: { roles: ['form_manager'], permissions },
      client: { ...clientDetails(DEMO), modules },
    }),
  );
  return renderRoutes(
    [
      { path: '/admin/form/:form_id/edit', element: <FormEditRoute /> },
      { path: '/dashboard', element: <p>Dashboard</p> },
      { path: '/clients/:client_id/modules-buy', element: <p>Module kopen</p> },
    ],
    '/admin/form/f1/edit',
  );
}

function server(extra: Record<string, FakeHandler> = {}) {
  return installFakeServer({
    'GET /api/form/f1': () => json(200, FORM),
    'GET /api/client/c1/favorite-elements': () => json(200, []),
    ...extra,
  });
}

const toastTexts = () => getToasts().map((toast) => toast.message);

describe('element editor', () => {
  it('adds an element whose name follows its label, previews it and saves the whole form', async () => {
    const { calls } = server({
      'PATCH /api/form/f1': (call) => json(200, JSON.parse(call.body ?? '{}')),
    });
    const user = userEvent.setup();
    renderEditor();
    const list = await screen.findByRole('list', { name: 'Elementen van het formulier' });
    expect(within(list).getByText('Naam')).toBeTruthy();
    // The preview is the fill-in renderer: a real, labelled input.
    const preview = screen.getByRole('region', { name: 'Voorbeeld' });
    expect(within(preview).getByRole('textbox', { name: /Naam/ })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Getal toevoegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Getal bewerken' });
    const label = within(dialog).getByRole('textbox', { name: /^Label/ });
    await user.clear(label);
    await user.type(label, 'Aantal lampen');
    expect((within(dialog).getByRole('textbox', { name: /^Datanaam/ }) as HTMLInputElement).value).toBe('aantal_lampen');
    expect((within(dialog).getByRole('checkbox', { name: 'Verplicht' }) as HTMLInputElement).checked).toBe(true);
    await user.type(within(dialog).getByRole('textbox', { name: 'Maximale waarde' }), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Klaar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(list).getByText('Aantal lampen')).toBeTruthy();
    expect(within(preview).getByRole('textbox', { name: /Aantal lampen/ })).toBeTruthy();
    expect(screen.getByText('Er zijn wijzigingen die nog niet zijn opgeslagen.')).toBeTruthy();

    // Keyboard reordering: the new element moves above 'Toelichting'.
    await user.click(screen.getByRole('button', { name: 'Aantal lampen omhoog verplaatsen' }));
    expect(screen.getByText('Aantal lampen staat nu op plaats 2.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Formulier opslaan' }));
    await waitFor(() => expect(toastTexts()).toContain('Het formulier is opgeslagen.'));
    const patch = calls.find((call) => call.method === 'PATCH');
    const body = JSON.parse(patch?.body ?? '{}') as AdminForm;
    expect(body.schema.map((element: FormElement) => element.name)).toEqual(['naam', 'aantal_lampen', 'toelichting']);
    expect(body.schema[1]).toMatchObject({
      elementType: 'number',
      validation: [{ name: 'number' }, { name: 'required' }, { name: 'max', value: 10 }],
    });
    // The parts this page does not edit go back unchanged.
    expect(body.email_settings).toEqual(FORM.email_settings);
  });

  it('warns about a data name that is not unique and keeps the dialog open', async () => {
    server();
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Toelichting bewerken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tekstvlak bewerken' });
    const name = within(dialog).getByRole('textbox', { name: /^Datanaam/ });
    await user.clear(name);
    await user.type(name, 'naam');
    expect(within(dialog).getByText('Datanaam is niet uniek. Kies een andere datanaam.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Klaar' }));
    expect(screen.getByRole('dialog', { name: 'Tekstvlak bewerken' })).toBeTruthy();
  });

  it('shows the server details and the failure text when the save is refused', async () => {
    server({
      'PATCH /api/form/f1': () =>
        json(422, {
          status: false,
          message: 'Het schema is ongeldig.',
          errors: [{ detail: 'Onbekend elementtype.', source: { pointer: '/schema/0/elementType' } }],
        }),
    });
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Formulier opslaan' }));
    const alert = await screen.findByText('/schema/0/elementType: Onbekend elementtype.');
    expect(alert).toBeTruthy();
    expect(toastTexts()).toContain('Het formulier kon niet worden aangepast.');
  });

  it('deletes an element after confirmation, warning about the rules that use it', async () => {
    const rules = [
      {
        ruleName: 'verberg',
        ruleForm: '_none',
        condition_group: { method: 'AND', conditions: [{ dataName: 'naam', operator: 'empty' }] },
        actions: [{ method: 'hide', dataName: 'toelichting' }],
      },
    ];
    server({ 'GET /api/form/f1': () => json(200, { ...FORM, rules }) });
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Naam verwijderen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Element verwijderen?' });
    expect(within(confirm).getByText(/wordt gebruikt in de regels verberg/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const list = screen.getByRole('list', { name: 'Elementen van het formulier' });
    expect(within(list).queryByText('Naam')).toBeNull();
    expect(within(list).getByText('Toelichting')).toBeTruthy();
  });

  it('locks premium elements behind the paid-feature wall and hides admin-only types', async () => {
    server();
    const user = userEvent.setup();
    const router = renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Kaart (betaalde module)' }));
    const wall = await screen.findByRole('dialog', { name: 'Betaalde module' });
    expect(within(wall).getByRole('button', { name: 'Misschien later' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Gekoppeld formulier toevoegen' })).toBeNull();
    await user.click(within(wall).getByRole('link', { name: 'Koop nu' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/c1/modules-buy'));
    expect(router.state.location.search).toBe('?module=map_element');
  });

  it('saves favourites only with a name, and adds from them', async () => {
    const favourite = { uuid: 'fav1', favoriteName: 'Postcode', element: { name: 'postcode', label: 'Postcode', elementType: 'text' } };
    const { calls } = server({
      'POST /api/client/c1/favorite-elements': () => json(201, favourite),
    });
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Naam bewerken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tekstveld bewerken' });
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan als favoriet' }));
    expect(toastTexts()).toContain('Favoriet is niet opgeslagen, u moet een naam opgeven');
    await user.type(within(dialog).getByRole('textbox', { name: 'Naam van de favoriet' }), 'Postcode');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan als favoriet' }));
    await waitFor(() => expect(toastTexts()).toContain('We hebben dit element opgeslagen in uw favorieten'));
    expect(JSON.parse(calls.find((call) => call.method === 'POST')?.body ?? '{}')).toMatchObject({ favoriteName: 'Postcode' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await user.click(await screen.findByRole('button', { name: 'Favoriet Postcode toevoegen' }));
    expect(await screen.findByRole('dialog', { name: 'Tekstveld bewerken' })).toBeTruthy();
  });

  it('uploads a static file and cannot be closed while the upload runs', async () => {
    const sent = installFakeXhr();
    // The preview links the uploaded file, which it fetches with the api-key.
    server({ 'GET /api/client/c1/file/f9': () => new Response('%PDF', { status: 200 }) });
    // The browser's file picker filters by `accept`; a drop or a picker override can still give another type.
    const user = userEvent.setup({ applyAccept: false });
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Vast bestand toevoegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vast bestand bewerken' });
    const input = within(dialog).getByLabelText('Bestand uploaden');
    // A type outside section 5's list is refused before anything is sent.
    await user.upload(input, new File(['x'], 'virus.exe', { type: 'application/x-msdownload' }));
    expect(toastTexts()).toContain('Alleen bestanden van het type pdf, docx, txt, jpeg, png of gif kunnen worden geupload.');
    expect(sent).toHaveLength(0);

    // The server's reason for a refusal is what the builder reads, e.g. a full storage.
    await user.upload(input, new File(['%PDF'], 'route.pdf', { type: 'application/pdf' }));
    const full = 'De opslagruimte voor bestanden van deze klant is vol. Neem contact op met uw beheerder.';
    await act(async () => (await nextRequest(sent, 0)).respond(413, { status: false, message: full }));
    await waitFor(() => expect(toastTexts()).toContain(full));

    await user.upload(input, new File(['%PDF'], 'route.pdf', { type: 'application/pdf' }));
    const xhr = await nextRequest(sent, 1);
    expect(xhr.url).toBe('/api/file-upload/static-file?client_id=c1');
    expect([...(xhr.body as FormData).keys()]).toEqual(['file']);
    await user.keyboard('{Escape}');
    expect(toastTexts()).toContain('Wacht tot het uploaden klaar is.');
    expect(screen.getByRole('dialog', { name: 'Vast bestand bewerken' })).toBeTruthy();

    const answer = { fid: 'f9', url: '/api/client/c1/file/f9', filename: 'route.pdf', filemime: 'application/pdf', filesize: 4 };
    await act(async () => xhr.respond(200, answer));
    expect(await within(dialog).findByText('Huidig bestand: route.pdf')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Klaar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(screen.getByRole('list', { name: 'Elementen van het formulier' })).getByText('Vast bestand')).toBeTruthy();
  });

  it('reorders by drag and drop', async () => {
    server();
    renderEditor();
    const list = await screen.findByRole('list', { name: 'Elementen van het formulier' });
    const [first, second] = within(list).getAllByRole('listitem');
    const data = new Map<string, string>();
    const dataTransfer = { setData: (k: string, v: string) => data.set(k, v), getData: (k: string) => data.get(k), effectAllowed: '', dropEffect: '' };
    fireEvent(first!, Object.assign(createEvent.dragStart(first!), { dataTransfer }));
    fireEvent(second!, Object.assign(createEvent.dragOver(second!), { dataTransfer }));
    fireEvent(second!, Object.assign(createEvent.drop(second!), { dataTransfer }));
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem').map((item) => item.textContent?.split('·')[0])).toEqual([
        'ToelichtingTekstvlak ',
        'NaamTekstveld ',
      ]),
    );
    expect(screen.getByText('Er zijn wijzigingen die nog niet zijn opgeslagen.')).toBeTruthy();
  });

  it('edits the elements of a subform with the same editor, and offers admin-only types to admins', async () => {
    const { calls } = server({ 'PATCH /api/form/f1': (call) => json(200, JSON.parse(call.body ?? '{}')) });
    const user = userEvent.setup();
    // Admin holds every permission, so no permission strings are given.
    renderEditor([], [], ['admin']);
    expect(await screen.findByRole('button', { name: 'Gekoppeld formulier toevoegen' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Subformulier toevoegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subformulier bewerken' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Registratie label/ }), 'Regel');
    await user.click(within(dialog).getByRole('button', { name: 'Datum toevoegen' }));
    const nested = await screen.findByRole('dialog', { name: 'Datum bewerken' });
    await user.click(within(nested).getByRole('checkbox', { name: 'Standaard de huidige datum/tijd' }));
    await user.click(within(nested).getByRole('button', { name: 'Klaar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Datum bewerken' })).toBeNull());
    expect(within(within(dialog).getByRole('list', { name: 'Elementen van het subformulier' })).getByText('Datum')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Klaar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Formulier opslaan' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    const body = JSON.parse(calls.find((call) => call.method === 'PATCH')?.body ?? '{}') as AdminForm;
    expect(body.schema[2]).toMatchObject({
      elementType: 'subform',
      name: 'subformulier',
      registrationLabel: 'Regel',
      subform: { schema: [{ elementType: 'date', name: 'datum', defaultDateNow: true, validation: [{ name: 'required' }] }] },
    });
  });

  it('sends users without the edit permission to the dashboard with the 403 text', async () => {
    server();
    const router = renderEditor(['eform manage forms']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(toastTexts()).toContain('U hebt geen rechten om deze content te bekijken.');
  });
});
