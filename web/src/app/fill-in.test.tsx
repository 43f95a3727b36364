import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Registration } from '@/lib/api/types';
import { installFakeXhr, nextRequest } from '@/test/fake-xhr';
import { installFakeServer, json, type FakeHandler } from '@/test/fake-server';
import { clientDetails, DEMO, demoServer, fillableForm, storedSession, userInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

// Whole screens with lazy route chunks: slower than unit tests, above all on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

function server(extra: Record<string, FakeHandler>, info = userInfo()) {
  return installFakeServer({ ...demoServer({}, info), ...extra });
}

const FORM = fillableForm({
  form_guest_id: 'g1',
  schema: [
    { name: 'naam', label: 'Naam', elementType: 'text', validation: [{ name: 'required' }] },
    { name: 'geen', label: 'Geen toelichting', elementType: 'checkbox_single' },
    { name: 'toelichting', label: 'Toelichting', elementType: 'textarea', validation: [{ name: 'required' }] },
  ],
  rules: [
    {
      ruleName: 'verberg',
      ruleForm: '_none',
      condition_group: { method: 'AND', conditions: [{ dataName: 'geen', operator: '!empty', value: '' }] },
      actions: [{ method: 'hide', dataName: 'toelichting' }],
    },
  ],
  settings: { search_enabled: true, searchable_fields: [{ value: 'naam', label: 'Naam' }] },
  form_settings: { form_complete_action: 'fillFormAgain' },
});

function registration(overrides: Partial<Registration> = {}): Registration {
  return {
    _id: 'r1',
    form_id: 'f1',
    form_name: 'Melding',
    form_type: 'default',
    form_summary: '<p><strong>Lamp</strong> kapot</p>',
    registration_name: 'Lamp',
    registration_date: '2024-03-05T13:07:00Z',
    registration_serial_number: 1,
    registration_user_id: { username: 'twee' },
    registration_phase: null,
    registration_status: 'completed',
    registration_updated_at: '2024-03-05T13:07:00Z',
    schema: FORM.schema,
    values: { naam: 'Lamp', geen: true },
    fill_token: 't',
    ...overrides,
  };
}

describe('folder list', () => {
  const tree = [
    { folder_id: 'p', folder_name: 'public', folder_hidden: false, children: [], forms: [{ form_id: 'f1', form_name: 'Demo melding', form_type: 'default' }] },
    {
      folder_id: 'i',
      folder_name: 'Inspecties',
      folder_hidden: false,
      children: [
        { folder_id: 'o', folder_name: 'Openbare ruimte', folder_hidden: false, children: [], forms: [{ form_id: 'f2', form_name: 'Alle elementen', form_type: 'default' }] },
      ],
      forms: [],
    },
  ];

  it('opens the public folder, expands others by keyboard and opens a form with Enter', async () => {
    server({ 'GET /api/client/c1/folder/user': () => json(200, tree), 'GET /api/form/f2': () => json(200, { ...FORM, form_id: 'f2', form_name: 'Alle elementen' }), 'GET /api/client/c1': () => json(200, clientDetails(DEMO)) });
    const router = renderApp('/folders', storedSession());
    expect(await screen.findByRole('heading', { name: 'Formulier invullen' })).toBeTruthy();
    const treeView = screen.getByRole('tree', { name: 'Mappen en formulieren' });
    expect(within(treeView).getByRole('treeitem', { name: 'public' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(treeView).getByRole('treeitem', { name: 'Demo melding' })).toBeTruthy();
    const inspecties = within(treeView).getByRole('treeitem', { name: 'Inspecties' });
    expect(inspecties.getAttribute('aria-expanded')).toBe('false');

    inspecties.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(inspecties.getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(within(treeView).getByRole('treeitem', { name: 'Openbare ruimte' }));
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(within(treeView).getByRole('treeitem', { name: 'Alle elementen' }));
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/form/f2/0'));
    expect(await screen.findByRole('heading', { name: 'Alle elementen' })).toBeTruthy();
  });

  it('says so when there is nothing to fill in', async () => {
    server({ 'GET /api/client/c1/folder/user': () => json(200, []) });
    renderApp('/folders', storedSession());
    expect(await screen.findByText('Er zijn geen mappen en formulieren gevonden voor deze klant.')).toBeTruthy();
  });
});

describe('fill form', () => {
  const formServer = (credits = 100) =>
    server({
      'GET /api/form/f1': () => json(200, FORM),
      'GET /api/client/c1': () => json(200, { ...clientDetails(DEMO), credits }),
    });

  it('validates, applies rules, retries a 409 with a new fill token and shows the success dialog', async () => {
    formServer();
    const sent = installFakeXhr();
    renderApp('/form/f1/0', storedSession());
    expect(await screen.findByRole('heading', { name: 'Melding' })).toBeTruthy();
    expect(screen.getByLabelText(/^Naam/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    expect(await screen.findByText('Controleer het formulier. Sommige velden zijn niet of verkeerd ingevuld.')).toBeTruthy();
    expect(screen.getAllByText('Dit veld is verplicht.')).toHaveLength(2);
    expect(document.activeElement).toBe(screen.getByLabelText(/^Naam/));
    expect(sent).toHaveLength(0);

    await userEvent.type(screen.getByLabelText(/^Naam/), 'Lamp');
    await userEvent.click(screen.getByLabelText('Geen toelichting'));
    expect(screen.queryByLabelText(/^Toelichting/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    const first = await nextRequest(sent, 0);
    expect(first.json()).toMatchObject({ form_id: 'f1', client_id: 'c1', values: { naam: 'Lamp', geen: true } });
    expect(first.json()).not.toHaveProperty('values.toelichting');
    act(() => first.progress(10, 40));
    expect(await screen.findByText('Bezig met versturen: 25%')).toBeTruthy();
    act(() => first.progress(40, 40));
    expect(await screen.findByText('De server verwerkt de registratie.')).toBeTruthy();
    await act(async () => first.respond(409, { status: false, message: 'dubbel' }));
    expect(await screen.findByText(/Deze registratie is al eerder ingestuurd/)).toBeTruthy();

    // The progress dialog hides the page from assistive technology until it has closed.
    await userEvent.click(await screen.findByRole('button', { name: 'Versturen' }));
    const second = await nextRequest(sent, 1);
    const token = (request: typeof first) => (request.json() as { fill_token: string }).fill_token;
    expect(token(second)).not.toBe(token(first));
    await act(async () => second.respond(201, registration()));
    expect(await screen.findByRole('dialog', { name: 'Uw registratie is verstuurd.' })).toBeTruthy();
    expect(screen.getByText('Registratie is verstuurd.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Nogmaals invullen' }));
    await waitFor(() => expect((screen.getByLabelText(/^Naam/) as HTMLInputElement).value).toBe(''));
    await userEvent.type(screen.getByLabelText(/^Naam/), 'Bank');
    await userEvent.click(screen.getByLabelText('Geen toelichting'));
    await userEvent.click(await screen.findByRole('button', { name: 'Versturen' }));
    expect(token(await nextRequest(sent, 2))).not.toBe(token(second));
  });

  it('shows the field errors of a 422 at their fields', async () => {
    formServer();
    const sent = installFakeXhr();
    renderApp('/form/f1/0', storedSession());
    await userEvent.type(await screen.findByLabelText(/^Naam/), 'Lamp');
    await userEvent.type(screen.getByLabelText(/^Toelichting/), 'kapot');
    await userEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    await act(async () =>
      (await nextRequest(sent, 0)).respond(422, {
        status: false,
        message: 'Controleer het formulier.',
        errors: [{ detail: 'Vul minimaal 5 tekens in.', source: { pointer: '/values/naam' } }],
      }),
    );
    expect(await screen.findByText('Vul minimaal 5 tekens in.')).toBeTruthy();
    expect(screen.getByText('Controleer het formulier. Sommige velden zijn niet of verkeerd ingevuld.')).toBeTruthy();
  });

  it('warns when the credits are gone', async () => {
    formServer(0);
    renderApp('/form/f1/0', storedSession());
    expect(await screen.findByText(/^De credits zijn op\./)).toBeTruthy();
  });

  it('asks before leaving with changes', async () => {
    formServer();
    server({
      'GET /api/form/f1': () => json(200, FORM),
      'GET /api/client/c1': () => json(200, clientDetails(DEMO)),
      'GET /api/client/c1/folder/user': () => json(200, []),
    });
    const router = renderApp('/form/f1/0', storedSession());
    await userEvent.type(await screen.findByLabelText(/^Naam/), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Terug' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pagina verlaten?' });
    expect(within(dialog).getByText('Wilt u deze pagina verlaten? Indien u wijzigingen heeft aangebracht gaan deze verloren.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Blijven' }));
    expect(router.state.location.pathname).toBe('/form/f1/0');
    await userEvent.click(await screen.findByRole('button', { name: 'Terug' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Verlaten' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/folders'));
  });

  it('searches earlier registrations by a searchable field', async () => {
    const { calls } = server({
      'GET /api/form/f1': () => json(200, FORM),
      'GET /api/client/c1': () => json(200, clientDetails(DEMO)),
      'GET /api/form/f1/registrations/search': (call) =>
        json(200, { registrations: call.query.get('naam') === 'niets' ? [] : [registration()] }),
    });
    renderApp('/form/f1/0', storedSession());
    await userEvent.click(await screen.findByRole('button', { name: 'Zoeken in registraties' }));
    await userEvent.type(screen.getByLabelText('Zoekterm'), 'Lamp');
    await userEvent.click(screen.getByRole('button', { name: 'Zoeken' }));
    const table = await screen.findByRole('table', { name: 'Gevonden registraties' });
    expect(within(table).getByRole('cell', { name: '1' })).toBeTruthy();
    expect(within(table).getByText('05 mrt 2024', { exact: false })).toBeTruthy();
    expect(calls.find((call) => call.path.endsWith('/search'))?.query.get('naam')).toBe('Lamp');

    await userEvent.clear(screen.getByLabelText('Zoekterm'));
    await userEvent.type(screen.getByLabelText('Zoekterm'), 'niets');
    await userEvent.click(screen.getByRole('button', { name: 'Zoeken' }));
    expect(await screen.findByText('Er zijn geen registraties gevonden voor dit formulier met deze zoekopdracht')).toBeTruthy();
  });
});

describe('guest form', () => {
  it('loads and sends without an api-key and without the search', async () => {
    installFakeServer({ 'GET /api/guest/form/g1': () => json(200, FORM) });
    const sent = installFakeXhr();
    renderApp('/guest/form/g1');
    await userEvent.type(await screen.findByLabelText(/^Naam/), 'Lamp');
    await userEvent.type(screen.getByLabelText(/^Toelichting/), 'Kapot');
    expect(screen.queryByText('Zoeken in registraties')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    const request = await nextRequest(sent, 0);
    expect(request.url).toBe('/api/guest/form/g1');
    expect(request.headers['api-key']).toBeUndefined();
    await act(async () => request.respond(201, registration()));
    expect(await screen.findByRole('dialog', { name: 'Uw registratie is verstuurd.' })).toBeTruthy();
  });
});

describe('my registrations', () => {
  it('says so when there are none', async () => {
    server({ 'GET /api/my-registrations': () => json(200, { registrations: [], pages_count: 0, registrations_count: 0 }) });
    renderApp('/my-registration-list', storedSession());
    expect(await screen.findByText('U heeft nog geen registraties gedaan.')).toBeTruthy();
  });

  it('loads every page for "all" and opens a registration with its answers', async () => {
    const first = Array.from({ length: 50 }, (_, i) => registration({ _id: `a${i}`, registration_serial_number: 1000 + i }));
    const second = [registration({ _id: 'last', registration_serial_number: 7 })];
    const { calls } = server({
      'GET /api/my-registrations': (call) =>
        json(200, { registrations: call.query.get('page') === '1' ? second : first, pages_count: 2, registrations_count: 51 }),
      'GET /api/form/f1': () => json(200, FORM),
      'GET /api/client/c1': () => json(200, clientDetails(DEMO)),
    });
    const router = renderApp('/my-registration-list', storedSession());
    const table = await screen.findByRole('table', { name: 'Mijn registraties' });
    expect(within(table).getAllByRole('row')).toHaveLength(52);
    expect(calls.filter((call) => call.path === '/api/my-registrations').map((call) => call.query.get('page'))).toEqual(['0', '1']);

    await userEvent.click(within(table).getByRole('button', { name: 'Registratie 7 bekijken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Melding - 7' });
    expect(within(dialog).getByText('Naam')).toBeTruthy();
    expect(within(dialog).getByText('Lamp')).toBeTruthy();
    expect(within(dialog).getByText('Ja')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('link', { name: 'Formulier opnieuw invullen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/form/f1/0'));
  });
});

describe('terms wall', () => {
  const required = { ...DEMO, terms_and_conditions_required: true };

  it('blocks the app until the terms are accepted', async () => {
    let accepted = false;
    const { calls } = server(
      {
        'POST /api/client/c1/accept-terms-and-conditions': () => {
          accepted = true;
          return json(200, { status: true });
        },
        'GET /api/user/info': () => json(200, userInfo({ clients: [accepted ? DEMO : required] })),
      },
      userInfo({ clients: [required] }),
    );
    renderApp('/dashboard', storedSession({ user: { ...storedSession().user, clients: [required] } }));
    const dialog = await screen.findByRole('dialog', { name: 'Algemene voorwaarden accepteren voor Demo Gemeente' });
    expect(within(dialog).getByRole('link').getAttribute('href')).toBe('https://www.eform.nl/algemene-voorwaarden.pdf');
    expect(within(dialog).queryByRole('button', { name: 'Opslaan' })).toBeNull();
    await userEvent.click(within(dialog).getByLabelText('Ik accepteer de algemene voorwaarden.'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(calls.find((call) => call.path.endsWith('accept-terms-and-conditions'))?.body ?? '{}')).toEqual({ client_uuid: 'c1' });
  });

  it('says to contact the helpdesk when accepting fails', async () => {
    server(
      { 'POST /api/client/c1/accept-terms-and-conditions': () => json(500, { status: false }) },
      userInfo({ clients: [required] }),
    );
    renderApp('/dashboard', storedSession({ user: { ...storedSession().user, clients: [required] } }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByLabelText('Ik accepteer de algemene voorwaarden.'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await within(dialog).findByText(/^Fout tijdens het accepteren van de algemene voorwaarden\./)).toBeTruthy();
  });
});

describe('self-registration', () => {
  const client = {
    data: { type: 'client--client', id: 'c1', attributes: { name: 'Demo Gemeente', user_register_intro_text: { value: '<p>Welkom <script>x</script></p>', format: 'filtered_html' } } },
  };

  it('registers an e-mail address and shows the server message', async () => {
    const { calls } = installFakeServer({
      'GET /jsonapi/client/client/c1': () => json(200, client),
      'GET /api/form/f1/anonymous': () => json(200, { client_uuid: 'c1', form_id: 'f1', form_name: 'Melding' }),
      'POST /api/user/register/': () => json(200, { status: true, message: 'Controleer uw e-mail.' }),
    });
    renderApp('/register/c1/f1');
    expect(await screen.findByText('Welkom')).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByText('Formulier: Melding')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/^E-mailadres/), 'nieuw');
    expect(await screen.findByText('Vul een geldig e-mailadres in.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/^E-mailadres/), '@demo.nl');
    await waitFor(() => expect(screen.queryByText('Vul een geldig e-mailadres in.')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Registeren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registratie voltooid' });
    expect(within(dialog).getByText('Controleer uw e-mail.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Terug naar home' })).toBeTruthy();
    expect(JSON.parse(calls.find((call) => call.method === 'POST')?.body ?? '{}')).toEqual({ email: 'nieuw@demo.nl', client_uuid: 'c1', form_id: 'f1' });
  });

  it('shows a failed registration in a dismissible alert', async () => {
    installFakeServer({
      'GET /jsonapi/client/client/c1': () => json(200, client),
      'POST /api/user/register/': () => json(400, { status: false, message: 'Dat ging mis.' }),
    });
    renderApp('/register/c1');
    await userEvent.type(await screen.findByLabelText(/^E-mailadres/), 'a@b.nl');
    await userEvent.click(screen.getByRole('button', { name: 'Registeren' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Dat ging mis.')).toBeTruthy();
    await userEvent.click(within(alert).getByRole('button', { name: 'Sluiten' }));
    expect(screen.queryByText('Dat ging mis.')).toBeNull();
  });

  it('sends an unknown client or a form of another client to the 404 page', async () => {
    installFakeServer({
      'GET /jsonapi/client/client/onbekend': () => json(404, { status: false, message: 'Niet gevonden.' }),
      'GET /jsonapi/client/client/c1': () => json(200, client),
      'GET /api/form/f9/anonymous': () => json(200, { client_uuid: 'c2', form_id: 'f9', form_name: 'Ander' }),
    });
    const router = renderApp('/register/onbekend');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(await screen.findByText('Registratie link is niet geldig. De klant bestaat niet.')).toBeTruthy();
    await act(() => router.navigate('/register/c1/f9'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(await screen.findByText('Registratie link is niet geldig. Het formulier bestaat niet of hoort niet bij deze klant.')).toBeTruthy();
  });
});
