import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Registration, SearchHit } from '@/lib/api/types';
import { installFakeXhr, nextRequest } from '@/test/fake-xhr';
import { installFakeServer, json, type FakeHandler } from '@/test/fake-server';
import { clientDetails, DEMO, demoServer, fillableForm, registrationAnswer, storedSession, userInfo } from '@/test/fixtures';
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
  return registrationAnswer({ schema: FORM.schema, values: { naam: 'Lamp', geen: true }, ...overrides });
}

/** A record-search hit: what the server answers of a registration, nothing more. */
function hit(overrides: Partial<SearchHit> = {}): SearchHit {
  return {
    _id: 'r1',
    registration_serial_number: 1,
    registration_date: '2024-03-05T13:07:00Z',
    form_summary: '<p><strong>Lamp</strong> kapot</p>',
    fields: { naam: 'Lamp' },
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

  it('searches earlier registrations: a column per searchable field, 10 a page, newest first', async () => {
    // Twelve hits in no particular order; serial n was made on day n of March.
    const hits = [3, 12, 1, 7, 10, 5, 2, 11, 4, 9, 6, 8].map((n) =>
      hit({ _id: `r${n}`, registration_serial_number: n, registration_date: `2024-03-${String(n).padStart(2, '0')}T09:00:00Z`, fields: { naam: `Lamp ${n}` } }),
    );
    const { calls } = server({
      'GET /api/form/f1': () => json(200, FORM),
      'GET /api/client/c1': () => json(200, clientDetails(DEMO)),
      'GET /api/form/f1/registrations/search': (call) => json(200, { registrations: call.query.get('naam') === 'niets' ? [] : hits }),
    });
    renderApp('/form/f1/0', storedSession());
    await userEvent.click(await screen.findByRole('button', { name: 'Zoeken in registraties' }));
    await userEvent.type(screen.getByLabelText('Zoekterm'), 'Lamp');
    await userEvent.click(screen.getByRole('button', { name: 'Zoeken' }));
    const table = await screen.findByRole('table', { name: 'Gevonden registraties' });
    const search = calls.find((call) => call.path === '/api/form/f1/registrations/search');
    expect(search?.query.get('naam')).toBe('Lamp');
    expect(search?.headers.get('api-key')).toBe('stored-key');

    const texts = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);
    const [head, ...rows] = within(table).getAllByRole('row');
    expect(texts(head!)).toEqual(['Serienummer', 'Datum', 'Samenvatting', 'Naam']);
    expect(rows).toHaveLength(10);
    expect(texts(rows[0]!)).toEqual(['12', expect.stringContaining('12 mrt 2024'), 'Lamp kapot', 'Lamp 12']);
    expect(texts(rows[9]!)[0]).toBe('3');
    await userEvent.click(screen.getByRole('button', { name: 'Volgende pagina' }));
    expect(within(table).getAllByRole('row').slice(1).map((row) => texts(row)[0])).toEqual(['2', '1']);

    await userEvent.clear(screen.getByLabelText('Zoekterm'));
    await userEvent.type(screen.getByLabelText('Zoekterm'), 'niets');
    await userEvent.click(screen.getByRole('button', { name: 'Zoeken' }));
    expect(await screen.findByText('Er zijn geen registraties gevonden voor dit formulier met deze zoekopdracht')).toBeTruthy();
  });

  it('shows the server text when it refuses a search term', async () => {
    const tooLong = 'De zoekterm mag maximaal 200 tekens lang zijn.';
    server({
      'GET /api/form/f1': () => json(200, FORM),
      'GET /api/client/c1': () => json(200, clientDetails(DEMO)),
      'GET /api/form/f1/registrations/search': () =>
        json(422, { status: false, message: tooLong, errors: [{ detail: tooLong, source: { pointer: '/naam' } }] }),
    });
    renderApp('/form/f1/0', storedSession());
    await userEvent.click(await screen.findByRole('button', { name: 'Zoeken in registraties' }));
    await userEvent.click(screen.getByRole('button', { name: 'Zoeken' }));
    expect(await screen.findByText(tooLong)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Gevonden registraties' })).toBeNull();
  });
});

describe('guest form', () => {
  it('loads, searches and sends through the guest link without an api-key', async () => {
    const { calls } = installFakeServer({
      'GET /api/guest/form/g1': () => json(200, FORM),
      'GET /api/guest/form/g1/registrations/search': () => json(200, { registrations: [hit()] }),
    });
    const sent = installFakeXhr();
    // Also for a visitor who happens to be signed in: the guest link is what the page is about.
    renderApp('/guest/form/g1', storedSession());
    await userEvent.click(await screen.findByRole('button', { name: 'Zoeken in registraties' }));
    await userEvent.type(screen.getByLabelText('Zoekterm'), 'Lamp');
    await userEvent.click(screen.getByRole('button', { name: 'Zoeken' }));
    const table = await screen.findByRole('table', { name: 'Gevonden registraties' });
    expect(within(table).getByRole('cell', { name: 'Lamp' })).toBeTruthy();
    const search = calls.find((call) => call.path.endsWith('/registrations/search'));
    expect(search?.path).toBe('/api/guest/form/g1/registrations/search');
    expect(search?.query.get('naam')).toBe('Lamp');
    expect(search?.headers.get('api-key')).toBeNull();

    await userEvent.type(screen.getByLabelText(/^Naam/), 'Lamp');
    await userEvent.type(screen.getByLabelText(/^Toelichting/), 'Kapot');
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

  const termsRequired = {
    status: false,
    message: 'U moet eerst de algemene voorwaarden van deze klant accepteren.',
    code: 'terms_required',
  };
  const folders = [{ folder_id: 'p', folder_name: 'public', folder_hidden: false, children: [], forms: [{ form_id: 'f1', form_name: 'Melding', form_type: 'default', updated_at: 0 }] }];

  it('loads a screen of the client only after the terms are accepted', async () => {
    let accepted = false;
    const { calls } = server(
      {
        'POST /api/client/c1/accept-terms-and-conditions': () => {
          accepted = true;
          return json(200, { status: true });
        },
        'GET /api/user/info': () => json(200, userInfo({ clients: [accepted ? DEMO : required] })),
        'GET /api/client/c1/folder/user': () => (accepted ? json(200, folders) : json(403, termsRequired)),
      },
      userInfo({ clients: [required] }),
    );
    const router = renderApp('/folders', storedSession({ user: { ...storedSession().user, clients: [required] } }));
    const dialog = await screen.findByRole('dialog', { name: 'Algemene voorwaarden accepteren voor Demo Gemeente' });
    // Nothing of the client is asked for while the wall is up.
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(calls.filter((call) => call.path === '/api/client/c1/folder/user')).toHaveLength(0);

    await userEvent.click(within(dialog).getByLabelText('Ik accepteer de algemene voorwaarden.'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByRole('treeitem', { name: 'Melding' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.pathname).toBe('/folders');
    expect(calls.filter((call) => call.path === '/api/client/c1/folder/user')).toHaveLength(1);
  });

  it('brings up the wall, not the no-rights message, when the server asks for the terms', async () => {
    // The terms become required while the app runs: user info says so only after the refusal.
    let refused = false;
    let accepted = false;
    const { calls } = server({
      'POST /api/client/c1/accept-terms-and-conditions': () => {
        accepted = true;
        return json(200, { status: true });
      },
      'GET /api/user/info': () => json(200, userInfo({ clients: [refused && !accepted ? required : DEMO] })),
      'GET /api/client/c1/folder/user': () => {
        if (accepted) return json(200, folders);
        refused = true;
        return json(403, termsRequired);
      },
    });
    const router = renderApp('/dashboard', storedSession());
    await screen.findByRole('heading', { name: 'Dashboard' });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/user/info')).toBe(true));
    // Not awaited: the navigation ends only after the terms are accepted.
    act(() => void router.navigate('/folders'));
    const dialog = await screen.findByRole('dialog', { name: 'Algemene voorwaarden accepteren voor Demo Gemeente' });
    expect(screen.queryByText('U hebt geen rechten om deze content te bekijken.')).toBeNull();

    await userEvent.click(within(dialog).getByLabelText('Ik accepteer de algemene voorwaarden.'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByRole('treeitem', { name: 'Melding' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/folders');
    expect(screen.queryByText('U hebt geen rechten om deze content te bekijken.')).toBeNull();
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
    const registered =
      'Bedankt voor uw registratie. U ontvangt een e-mail met een link om uw registratie te bevestigen of uw wachtwoord in te stellen.';
    const { calls } = installFakeServer({
      'GET /jsonapi/client/client/c1': () => json(200, client),
      'GET /api/form/f1/anonymous': () => json(200, { client_uuid: 'c1', form_id: 'f1', form_name: 'Melding' }),
      'POST /api/user/register/': () => json(200, { status: true, message: registered }),
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
    expect(within(dialog).getByText(registered)).toBeTruthy();
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

describe('joining a client with an existing account', () => {
  const joined = 'U bent toegevoegd aan klant "Tweede Gemeente". U kunt nu inloggen.';

  it('shows what the link does, and confirms only on the button', async () => {
    const { calls } = installFakeServer({
      'GET /api/user/join/tok-1': () => json(200, { client_name: 'Tweede Gemeente', email: 'twee@demo.eform.nl' }),
      'POST /api/user/join': () => json(200, { status: true, message: joined }),
    });
    renderApp('/user/join/tok-1');
    expect(await screen.findByText('Bevestig dat twee@demo.eform.nl wordt toegevoegd aan klant "Tweede Gemeente".')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Bevestigen' }));
    expect(within(await screen.findByRole('status')).getByText(joined)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Bevestigen' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Naar inloggen' }).getAttribute('href')).toBe('/login');
    const post = calls.find((call) => call.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ token: 'tok-1' });
    expect(post?.headers.get('api-key')).toBeNull();
  });

  it('says why an unknown, used or expired link cannot be confirmed', async () => {
    const invalid = 'Deze bevestigingslink is ongeldig of verlopen. Registreer u opnieuw via de registratielink van de klant.';
    installFakeServer({ 'GET /api/user/join/oud': () => json(404, { status: false, message: invalid }) });
    renderApp('/user/join/oud');
    expect(within(await screen.findByRole('alert')).getByText(invalid)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Bevestigen' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Naar inloggen' })).toBeTruthy();
  });

  it('shows the refusal of a link used meanwhile, e.g. in another tab', async () => {
    const invalid = 'Deze bevestigingslink is ongeldig of verlopen. Registreer u opnieuw via de registratielink van de klant.';
    installFakeServer({
      'GET /api/user/join/tok-1': () => json(200, { client_name: 'Tweede Gemeente', email: 'twee@demo.eform.nl' }),
      'POST /api/user/join': () => json(404, { status: false, message: invalid }),
    });
    renderApp('/user/join/tok-1');
    await userEvent.click(await screen.findByRole('button', { name: 'Bevestigen' }));
    expect(within(await screen.findByRole('alert')).getByText(invalid)).toBeTruthy();
  });
});
