import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApiSchemas, ClientAccess } from '@/lib/api/types';
import { yearsAfter } from '@/lib/format';
import { serverToday } from '@/lib/server-day';
import type { Purchase } from '@/lib/purchases';
import { installFakeServer, json, type FakeCall, type FakeHandler } from '@/test/fake-server';
import { DEMO, demoServer, emptyContact, storedSession, userInfo } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import type { ClientResource, CreditResource } from '../api';
import { browser } from '../checkout';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

/** A client manager: credits seen and bought, the client edited (modules bought); no manual additions. */
const MANAGER: ClientAccess = {
  roles: ['client_manager'],
  permissions: ['eform view client', 'eform edit client', 'view credit entities', 'add client credits'],
};
/** Financial users see the credits and buy them, but buy no modules. */
const FINANCIAL: ClientAccess = { roles: ['financial'], permissions: ['eform view client', 'view credit entities', 'add client credits'] };
const ADMIN_ACCESS: ClientAccess = { roles: ['form_filler'], permissions: [] };

function credit(id: string, name: string, total: number, left: number, expiry: string | null, created = '2026-11-20T10:00:00Z'): CreditResource {
  return {
    type: 'eform_credit--eform_credit',
    id,
    attributes: { name, created, credits_total: total, credits_left: left, credit_expire_date: expiry, contact: emptyContact(), contact_address: '' },
    relationships: { client_id: { data: { type: 'client--client', id: 'c1' } } },
  };
}

function purchase(overrides: Partial<Purchase> = {}): Purchase {
  return {
    id: 'p1',
    client_id: 'c1',
    kind: 'credits',
    name: 'Bundel 500',
    credits: 500,
    price: 22500,
    amount: 27225,
    provider: 'invoice',
    status: 'pending',
    created: '2026-11-25T09:30:00Z',
    contact: emptyContact(),
    ...overrides,
  };
}

const BUNDLES: ApiSchemas['BundleJson'][] = [
  { id: 'b100', name: 'Bundel 100', credits: 100, price: 5000, pricePerCredit: 50 },
  { id: 'b500', name: 'Bundel 500', credits: 500, price: 22500, pricePerCredit: 45 },
];

/** The demo client as JSON:API answers it, with its contact data. */
function clientResource(): ClientResource {
  return {
    type: 'client--client',
    id: 'c1',
    attributes: {
      name: 'Demo Gemeente',
      contact_company: 'Gemeente Demo',
      contact_addressed_to: 'Jan de Vries',
      contact_address: 'Markt 1, 1234 ab Demostad',
      contact_email: 'financien@demo.nl',
      contact_tax_number: 'NL001',
    },
  };
}

type Who = 'admin' | 'manager' | 'financial';

function renderCredits(path: string, who: Who, extra: Record<string, FakeHandler> = {}) {
  const roles = who === 'admin' ? ['admin'] : [];
  const access = who === 'admin' ? ADMIN_ACCESS : who === 'manager' ? MANAGER : FINANCIAL;
  const server = installFakeServer({
    ...demoServer({ [DEMO.id]: access }, userInfo({ roles })),
    'GET /jsonapi/eform_credit/eform_credit': () => json(200, { data: [credit('k1', 'Bundel 500', 500, 120, '2028-11-20'), credit('k2', 'Startcredits', 100, 0, '2024-01-31', '2022-01-31T08:00:00Z')] }),
    'GET /api/clients/c1/purchases': () => json(200, [purchase()]),
    'GET /api/clients/c1/credit-bundles': () => json(200, BUNDLES),
    'GET /jsonapi/client/client/c1': () => json(200, { data: clientResource() }),
    ...extra,
  });
  const router = renderApp(path, storedSession({ user: { ...storedSession().user, roles }, access }));
  return { router, calls: server.calls };
}

const only = (calls: FakeCall[], method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);

const CONTACT = {
  contact_company: 'Gemeente Demo',
  contact_firstname: 'Jan',
  contact_lastname: 'de Vries',
  contact_street: 'Markt 1',
  contact_postal_code: '1234 AB',
  contact_city: 'Demostad',
  contact_email: 'financien@demo.nl',
  contact_tax_number: 'NL001',
};

const LABELS: Record<keyof typeof CONTACT, string> = {
  contact_company: 'Bedrijfsnaam',
  contact_firstname: 'Voornaam',
  contact_lastname: 'Achternaam',
  contact_street: 'Straat en huisnummer',
  contact_postal_code: 'Postcode',
  contact_city: 'Plaats',
  contact_email: 'E-mailadres',
  contact_tax_number: 'Btw-nummer (optioneel)',
};

const field = (label: string) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;

async function clearContact(ui: UserEvent) {
  for (const label of Object.values(LABELS)) await ui.clear(field(label));
}

describe('client credits tab (screen 8)', () => {
  it('lists every credit by default, with Dutch dates, and the orders with their status in Dutch', async () => {
    renderCredits('/clients/c1/credits', 'manager');
    const ledger = await screen.findByRole('table', { name: 'Credits van de klant' });
    expect(screen.getByRole('tab', { name: 'Credits' }).getAttribute('aria-selected')).toBe('true');
    const rows = within(ledger).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Bundel 500', expect.stringMatching(/^20 nov 2026 \d\d:\d\d$/), '500', '120', '20 nov 2028'],
      ['Startcredits', expect.stringMatching(/^31 jan 2022 \d\d:\d\d$/), '100', '0', '31 jan 2024 (verlopen)'],
    ]);
    // All rows is the default page size (spec 002 section 9).
    expect(screen.getByText('Alle')).toBeTruthy();

    const orders = screen.getByRole('table', { name: 'Bestellingen van de klant' });
    expect(within(orders).getByText('Wacht op bevestiging')).toBeTruthy();
    expect(within(orders).getByText('Op factuur')).toBeTruthy();
    expect(within(orders).getByText('€ 225,00')).toBeTruthy();
    expect(within(orders).getByText('€ 272,25')).toBeTruthy();

    // The drawer's 'Credits kopen' opens this tab; the tab's own button the buy screen. The
    // drawer's code comes after the page's.
    await screen.findByRole('navigation', { name: 'Navigatie' });
    expect(screen.getAllByRole('link', { name: 'Credits kopen' }).map((link) => link.getAttribute('href'))).toEqual(
      expect.arrayContaining(['/clients/c1/credits', '/clients/c1/credits-buy']),
    );
    // Manual additions and confirmations are for admins.
    expect(screen.queryByRole('link', { name: 'Credits handmatig toevoegen' })).toBeNull();
    expect(screen.queryByRole('button', { name: /bevestigen/i })).toBeNull();
  });

  it('says so when the client has no credits and no orders', async () => {
    renderCredits('/clients/c1/credits', 'financial', {
      'GET /jsonapi/eform_credit/eform_credit': () => json(200, { data: [] }),
      'GET /api/clients/c1/purchases': () => json(200, []),
    });
    expect(await screen.findByText('Deze klant heeft nog geen credits.')).toBeTruthy();
    expect(screen.getByText('Deze klant heeft nog geen bestellingen.')).toBeTruthy();
  });

  it('lets an admin confirm a pending order after a question, then reads the credits again', async () => {
    let confirmed = false;
    const { calls } = renderCredits('/clients/c1/credits', 'admin', {
      'GET /api/clients/c1/purchases': () => json(200, [purchase(confirmed ? { status: 'paid', granted: '2026-11-26T10:00:00Z' } : {})]),
      'POST /api/purchases/p1/confirm': () => {
        confirmed = true;
        return json(200, { status: true, message: 'Credits zijn toegevoegd aan klant.' });
      },
    });
    const ui = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'Credits handmatig toevoegen' })).toBeTruthy();
    await ui.click(screen.getByRole('button', { name: 'Bestelling Bundel 500 bevestigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bestelling bevestigen' });
    expect(within(dialog).getByText(/Is de factuur van bestelling "Bundel 500" van Demo Gemeente betaald\?/)).toBeTruthy();
    await ui.click(within(dialog).getByRole('button', { name: 'Bevestigen' }));
    expect(await screen.findByText('Credits zijn toegevoegd aan klant.')).toBeTruthy();
    expect(only(calls, 'POST', '/api/purchases/p1/confirm')).toHaveLength(1);
    expect(await screen.findByText('Betaald')).toBeTruthy();
    expect(only(calls, 'GET', '/jsonapi/eform_credit/eform_credit').length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('button', { name: 'Bestelling Bundel 500 bevestigen' })).toBeNull();
  });

  it('shows the order the checkout address led back to: received on invoice, or bought', async () => {
    renderCredits('/clients/c1/credits?purchase=p1', 'manager');
    const notice = await screen.findByTestId('order-notice');
    expect(notice.textContent).toContain(
      'Bundel 500: Uw bestelling is ontvangen. U ontvangt een factuur; zodra de bestelling is bevestigd, staan de credits of de module klaar.',
    );
  });

  it("says 'Credits zijn gekocht.' for a paid order, and that an unknown one is not found", async () => {
    renderCredits('/clients/c1/credits?purchase=p1', 'manager', {
      'GET /api/clients/c1/purchases': () => json(200, [purchase({ status: 'paid', provider: 'mollie' })]),
    });
    expect((await screen.findByTestId('order-notice')).textContent).toContain('Credits zijn gekocht.');
  });
});

describe('buy credits (screen 9)', () => {
  it('keeps the button disabled until the terms are ticked, and checks every field in Dutch without calling the server', async () => {
    const { calls } = renderCredits('/clients/c1/credits-buy', 'manager');
    const ui = userEvent.setup();
    const submit = await screen.findByRole('button', { name: 'Bestellen' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    // The client's own contact data comes first.
    expect(field('Bedrijfsnaam').value).toBe('Gemeente Demo');
    expect(field('Voornaam').value).toBe('Jan');
    expect(field('Achternaam').value).toBe('de Vries');
    expect(field('Straat en huisnummer').value).toBe('Markt 1');
    expect(field('Postcode').value).toBe('1234 AB');
    expect(field('Plaats').value).toBe('Demostad');
    expect(screen.getByRole('radio', { name: /Bundel 500: 500 credits/ })).toBeTruthy();
    expect(screen.getByText('€ 225,00 excl. btw (€ 0,45 per credit)')).toBeTruthy();

    await clearContact(ui);
    await ui.type(field('E-mailadres'), 'geen-adres');
    await ui.click(screen.getByRole('checkbox', { name: 'Ik ga akkoord met de algemene voorwaarden' }));
    expect((submit as HTMLButtonElement).disabled).toBe(false);
    await ui.click(submit);

    expect(await screen.findByText('Controleer het formulier. Sommige velden zijn niet of verkeerd ingevuld.')).toBeTruthy();
    expect(screen.getByText('Kies een bundel.')).toBeTruthy();
    for (const text of ['Bedrijfsnaam', 'Voornaam', 'Achternaam', 'Straat en huisnummer', 'Postcode', 'Plaats']) {
      expect(screen.getByText(`${text} is verplicht.`)).toBeTruthy();
    }
    expect(screen.getByText('Vul een geldig e-mailadres in.')).toBeTruthy();
    expect(screen.queryByText('Btw-nummer (optioneel) is verplicht.')).toBeNull();
    expect(only(calls, 'POST', '/api/clients/c1/credit-buy')).toHaveLength(0);
    // The first field to fix has the focus.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: /Bundel 100/ })));

    await ui.click(screen.getByRole('checkbox', { name: 'Ik ga akkoord met de algemene voorwaarden' }));
    expect((submit as HTMLButtonElement).disabled).toBe(true);
  });

  it('orders the bundle with the contact fields and the terms, then opens the credits page the answer points to', async () => {
    let ordered = false;
    const { router, calls } = renderCredits('/clients/c1/credits-buy', 'manager', {
      'POST /api/clients/c1/credit-buy': () => {
        ordered = true;
        return json(200, {
          status: 'success',
          message: 'Uw bestelling is ontvangen.',
          purchase_id: 'p9',
          provider: 'invoice',
          'checkout-url': `${window.location.origin}/clients/c1/credits?purchase=p9`,
        });
      },
      'GET /api/clients/c1/purchases': () => json(200, ordered ? [purchase({ id: 'p9' })] : []),
    });
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('radio', { name: /Bundel 500/ }));
    await ui.click(screen.getByRole('checkbox', { name: 'Ik ga akkoord met de algemene voorwaarden' }));
    await ui.click(screen.getByRole('button', { name: 'Bestellen' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/c1/credits'));
    expect(router.state.location.search).toBe('?purchase=p9');
    expect((await screen.findByTestId('order-notice')).textContent).toContain('Uw bestelling is ontvangen.');
    const [call] = only(calls, 'POST', '/api/clients/c1/credit-buy');
    expect(JSON.parse(call?.body ?? 'null')).toEqual({ bundle: 'b500', ...CONTACT, terms: true });
  });

  it("leaves the app for a payment provider's checkout", async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    renderCredits('/clients/c1/credits-buy', 'manager', {
      'POST /api/clients/c1/credit-buy': () =>
        json(200, { status: 'success', message: '', purchase_id: 'p9', provider: 'mollie', 'checkout-url': 'https://pay.example/checkout/tr_1' }),
    });
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('radio', { name: /Bundel 100/ }));
    await ui.click(screen.getByRole('checkbox', { name: 'Ik ga akkoord met de algemene voorwaarden' }));
    await ui.click(screen.getByRole('button', { name: 'Bestellen' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/checkout/tr_1'));
    expect(await screen.findByText('U wordt doorgestuurd naar de betaling..')).toBeTruthy();
  });

  it("shows the server's refusals as red alerts", async () => {
    renderCredits('/clients/c1/credits-buy', 'manager', {
      'POST /api/clients/c1/credit-buy': () =>
        json(422, {
          status: false,
          message: 'Deze bundel is niet (meer) te koop.',
          errors: [{ detail: 'Deze bundel is niet (meer) te koop.', source: { pointer: '/bundle' } }],
        }),
    });
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('radio', { name: /Bundel 100/ }));
    await ui.click(screen.getByRole('checkbox', { name: 'Ik ga akkoord met de algemene voorwaarden' }));
    await ui.click(screen.getByRole('button', { name: 'Bestellen' }));
    const alert = await screen.findByText('Deze bundel is niet (meer) te koop.');
    expect(alert.closest('.MuiAlert-colorError')).toBeTruthy();
  });

  it("refuses the screen without 'add client credits'", async () => {
    const reader: ClientAccess = { roles: ['financial'], permissions: ['eform view client', 'view credit entities'] };
    installFakeServer({
      ...demoServer({ [DEMO.id]: reader }),
      'GET /api/clients/c1/credit-bundles': () => json(403, { status: false, message: 'U hebt geen rechten om deze content te bekijken.' }),
      'GET /jsonapi/client/client/c1': () => json(200, { data: clientResource() }),
    });
    const router = renderApp('/clients/c1/credits-buy', storedSession({ access: reader }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('admin add credits (screen 10)', () => {
  it('prefills the admin defaults, checks the number, and posts the credits as JSON:API', async () => {
    const { router, calls } = renderCredits('/clients/c1/credits-admin-add', 'admin', {
      'POST /jsonapi/eform_credit/eform_credit': () => json(201, { data: credit('k9', 'Handmatig toegevoegd', 50, 50, '2028-11-26') }),
    });
    const ui = userEvent.setup();
    const name = (await screen.findByRole('textbox', { name: 'Naam' })) as HTMLInputElement;
    expect(name.value).toBe('Handmatig toegevoegd');
    expect(field('Bedrijfsnaam').value).toBe('Gemeente Demo');
    expect(field('E-mailadres').value).toBe('financien@demo.nl');
    const expiry = screen.getByLabelText('Vervaldatum') as HTMLInputElement;
    expect(expiry.value).toBe(yearsAfter(serverToday(), 2));

    const credits = screen.getByRole('spinbutton', { name: 'Aantal credits' });
    await ui.click(screen.getByRole('button', { name: 'Credits toevoegen' }));
    expect(await screen.findByText('Aantal credits is verplicht.')).toBeTruthy();
    await ui.type(credits, '-3');
    await ui.click(screen.getByRole('button', { name: 'Credits toevoegen' }));
    expect(await screen.findByText('Het aantal credits moet een geheel getal van 0 of hoger zijn.')).toBeTruthy();
    expect(only(calls, 'POST', '/jsonapi/eform_credit/eform_credit')).toHaveLength(0);

    await ui.clear(credits);
    await ui.type(credits, '50');
    await ui.click(screen.getByRole('button', { name: 'Credits toevoegen' }));
    expect(await screen.findByText('Credits zijn toegevoegd aan klant.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/c1/credits'));
    const [call] = only(calls, 'POST', '/jsonapi/eform_credit/eform_credit');
    expect(call?.headers.get('content-type')).toBe('application/vnd.api+json');
    expect(JSON.parse(call?.body ?? 'null')).toEqual({
      data: {
        type: 'eform_credit--eform_credit',
        attributes: {
          name: 'Handmatig toegevoegd',
          ...CONTACT,
          contact_address: 'Markt 1, 1234 AB Demostad',
          credits_total: 50,
          credit_expire_date: yearsAfter(serverToday(), 2),
        },
        relationships: { client_id: { data: { type: 'client--client', id: 'c1' } } },
      },
    });
  });

  it("shows each detail of the server's JSON:API errors", async () => {
    renderCredits('/clients/c1/credits-admin-add', 'admin', {
      'POST /jsonapi/eform_credit/eform_credit': () =>
        json(422, { errors: [{ status: '422', title: 'Unprocessable', detail: 'Vul een geldige vervaldatum in (JJJJ-MM-DD).' }] }),
    });
    const ui = userEvent.setup();
    await ui.type(await screen.findByRole('spinbutton', { name: 'Aantal credits' }), '10');
    await ui.click(screen.getByRole('button', { name: 'Credits toevoegen' }));
    expect(await screen.findByText('Vul een geldige vervaldatum in (JJJJ-MM-DD).')).toBeTruthy();
  });

  it("is not for a client manager: no button, and the address refused", async () => {
    const { router } = renderCredits('/clients/c1/credits-admin-add', 'manager');
    expect(await screen.findByText('U hebt geen rechten om deze content te bekijken.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

describe('buy module (screen 11)', () => {
  const MODULES: ApiSchemas['ModuleJson'][] = [
    { type: 'word', name: 'Word', description: 'Word bijlagen', price: 10000, enabled: true, owned: true },
    { type: 'map_element', name: 'Kaart', description: 'Kaart element', price: 25000, enabled: true, owned: false },
    { type: 'qr_code', name: 'QR code', description: '', price: 5000, enabled: true, owned: false },
    { type: 'tracking', name: 'Tracking', description: '', price: 5000, enabled: false, owned: false },
  ];

  it('preselects the module of the paid-feature wall, marks owned ones, and orders it', async () => {
    const { router, calls } = renderCredits('/clients/c1/modules-buy?module=map_element', 'manager', {
      'GET /api/clients/c1/modules': () => json(200, MODULES),
      'POST /api/clients/c1/modules-buy': () =>
        json(200, { status: 'success', message: '', purchase_id: 'p7', provider: 'invoice', 'checkout-url': `${window.location.origin}/clients/c1/credits?purchase=p7` }),
      'GET /api/clients/c1/purchases': () => json(200, [purchase({ id: 'p7', kind: 'module', module: 'map_element', name: 'Kaart', credits: 0 })]),
    });
    const ui = userEvent.setup();
    const map = (await screen.findByRole('radio', { name: /Kaart/ })) as HTMLInputElement;
    expect(map.checked).toBe(true);
    expect(screen.getByRole('tab', { name: 'Bekijk' }).getAttribute('aria-selected')).toBe('true');
    const word = screen.getByRole('radio', { name: /Word/ }) as HTMLInputElement;
    expect(word.disabled).toBe(true);
    expect(screen.getByText('In bezit')).toBeTruthy();
    // Not for sale and not owned: left out.
    expect(screen.queryByRole('radio', { name: /Tracking/ })).toBeNull();
    expect(screen.getByText('€ 250,00 excl. btw')).toBeTruthy();

    await ui.click(screen.getByRole('checkbox', { name: 'Ik ga akkoord met de algemene voorwaarden' }));
    await ui.click(screen.getByRole('button', { name: 'Bestellen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clients/c1/credits'));
    const [call] = only(calls, 'POST', '/api/clients/c1/modules-buy');
    expect(JSON.parse(call?.body ?? 'null')).toEqual({ selected_module: 'map_element', ...CONTACT, terms: true });
  });

  it("warns 'U heeft nog geen module geselecteerd.' without a module, and sends nothing", async () => {
    const { calls } = renderCredits('/clients/c1/modules-buy?module=word', 'manager', {
      'GET /api/clients/c1/modules': () => json(200, MODULES),
    });
    const ui = userEvent.setup();
    await screen.findByRole('radio', { name: /Kaart/ });
    // An owned module is never preselected.
    expect(screen.getAllByRole('radio').some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
    await ui.click(screen.getByRole('checkbox', { name: 'Ik ga akkoord met de algemene voorwaarden' }));
    await ui.click(screen.getByRole('button', { name: 'Bestellen' }));
    expect(await screen.findByText('U heeft nog geen module geselecteerd.')).toBeTruthy();
    expect(only(calls, 'POST', '/api/clients/c1/modules-buy')).toHaveLength(0);
  });

  it('says the client holds every module on offer, and asks for nothing', async () => {
    renderCredits('/clients/c1/modules-buy', 'manager', {
      'GET /api/clients/c1/modules': () => json(200, [{ type: 'word', name: 'Word', description: '', price: 100, enabled: true, owned: true }]),
    });
    expect(await screen.findByText('Deze klant heeft alle modules die te koop zijn al.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Bestellen' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Bedrijfsnaam' })).toBeNull();
  });
});
