import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminForm, ClientAccess } from '@/lib/api/types';
import { getToasts } from '@/lib/toast';
import { installFakeServer, json, type FakeCall, type FakeHandler } from '@/test/fake-server';
import { DEMO, clientDetails, demoServer, fillableForm, storedSession } from '@/test/fixtures';
import { installFakeXhr, nextRequest } from '@/test/fake-xhr';
import { renderApp } from '@/test/render-app';

// Whole screens with lazy route chunks: slower than unit tests, above all on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const MANAGER: ClientAccess = {
  roles: ['form_manager'],
  permissions: ['eform manage forms', 'eform manage form emails', 'eform manage form integrations'],
};

const FORM: AdminForm = {
  ...fillableForm({ schema: [{ name: 'melder_email', label: 'E-mail melder', elementType: 'email' }] }),
  email_settings: [],
  webhook_integrations: [],
  registration_phase: null,
  user: 'twee',
  users: [],
  published_at: null,
};

const EMAIL = {
  to_addresses: ['beheer@gemeente.nl'],
  cc_addresses: ['$melder_email$'],
  bcc_addresses: [],
  from_name: 'Gemeente',
  email_subject: 'Nieuwe melding',
  email_content_mode: 'manual',
  email_content: '<p>Hierbij de registratie van $registratie.formuliernaam$</p>',
  email_hide_empty_values: true,
  email_add_attachment_registration_pdf: true,
  email_add_attachment_registration_pdf_file_name: 'Registratie',
};

/** The form as the server keeps it: a PATCH changes the parts it sends. */
function formServer(form: AdminForm, patch?: FakeHandler) {
  let stored = form;
  const handlers: Record<string, FakeHandler> = {
    'GET /api/form/f1': () => json(200, stored),
    'GET /api/form/f1/metadata': () => json(200, { email_word_files_processed: {} }),
    'PATCH /api/form/f1': async (call) => {
      if (patch) return patch(call);
      stored = { ...stored, ...(JSON.parse(call.body ?? '{}') as Partial<AdminForm>) };
      return json(200, stored);
    },
  };
  return handlers;
}

function renderTab(path: string, handlers: Record<string, FakeHandler>, options: { modules?: string[] } = {}) {
  const client = { ...clientDetails(DEMO), modules: options.modules ?? [] };
  const server = installFakeServer({ ...demoServer({ [DEMO.id]: MANAGER }), [`GET /api/client/${DEMO.id}`]: () => json(200, client), ...handlers });
  const router = renderApp(path, storedSession({ access: MANAGER, client }));
  return { router, calls: server.calls };
}

const patches = (calls: FakeCall[]) => calls.filter((call) => call.method === 'PATCH').map((call) => JSON.parse(call.body ?? 'null') as unknown);
const toastTexts = () => getToasts().map((toast) => toast.message);

describe('e-mail settings tab', () => {
  it('adds an e-mail, shows the section 5 texts beside the fields, and saves only the e-mail settings', async () => {
    const user = userEvent.setup();
    const { calls } = renderTab('/admin/form/f1/emails', formServer(FORM));
    expect(await screen.findByText('Er zijn nog geen e-mails ingesteld.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'E-mail toevoegen' }));
    const panel = screen.getByRole('region', { name: 'E-mail 1' });
    // A new e-mail starts with the spec's defaults.
    expect((within(panel).getByRole('textbox', { name: /Tekst van de e-mail/ }) as HTMLTextAreaElement).value).toBe(
      'Hierbij de registratie van $registratie.formuliernaam$',
    );
    expect((within(panel).getByRole('switch', { name: 'Registratie als PDF bijvoegen' }) as HTMLInputElement).checked).toBe(true);
    expect((within(panel).getByRole('textbox', { name: 'Bestandsnaam van de PDF' }) as HTMLInputElement).value).toBe('Registratie');
    expect((within(panel).getByRole('switch', { name: 'Lege waarden verbergen' }) as HTMLInputElement).checked).toBe(true);
    // Not a workflow form: no phases.
    expect(within(panel).queryByRole('group', { name: 'Versturen in fase' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Email instellingen opslaan' }));
    expect(await screen.findByText('Controleer het formulier. Sommige velden zijn niet of verkeerd ingevuld.')).toBeTruthy();
    const to = within(panel).getByRole('textbox', { name: 'Aan 1' });
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(within(panel).getByText('Vul minstens één ontvanger in.')).toBeTruthy();
    expect(within(panel).getAllByText('Dit veld is verplicht.')).toHaveLength(2);
    expect(toastTexts()).toContain('Email instellingen konden niet worden aangepast.');
    // The first field with a problem gets the focus.
    await waitFor(() => expect(document.activeElement).toBe(to));
    expect(patches(calls)).toEqual([]);

    // The texts follow the fields while the user fixes them.
    await user.type(to, 'geen adres');
    expect(within(panel).getByText('Vul een geldig e-mailadres of één $token$ in.')).toBeTruthy();
    await user.clear(to);
    await user.paste('beheer@gemeente.nl');
    await user.click(within(panel).getByRole('button', { name: 'Adres toevoegen aan CC' }));
    await user.click(within(panel).getByRole('textbox', { name: 'CC 1' }));
    await user.paste('$melder_email$');
    await user.click(within(panel).getByRole('button', { name: 'Adres toevoegen aan BCC' }));
    await user.click(within(panel).getByRole('textbox', { name: /Naam afzender/ }));
    await user.paste('Gemeente');
    await user.click(within(panel).getByRole('textbox', { name: /Onderwerp/ }));
    await user.paste('Nieuwe melding');
    // A token goes in at the caret through the token menu.
    const content = within(panel).getByRole('textbox', { name: /Tekst van de e-mail/ }) as HTMLTextAreaElement;
    await user.clear(content);
    await user.paste('Gemeld door ');
    await user.click(within(panel).getByRole('button', { name: 'Token invoegen' }));
    await user.click(await screen.findByRole('menuitem', { name: 'E-mail melder $melder_email$' }));
    expect(content.value).toBe('Gemeld door $melder_email$');
    expect(screen.queryByText('Controleer het formulier. Sommige velden zijn niet of verkeerd ingevuld.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Email instellingen opslaan' }));
    expect(await screen.findByText('Email instellingen opgeslagen')).toBeTruthy();
    // Only the e-mail settings go to the server; the empty BCC field is left out.
    expect(patches(calls)).toEqual([
      {
        email_settings: [
          expect.objectContaining({
            to_addresses: ['beheer@gemeente.nl'],
            cc_addresses: ['$melder_email$'],
            bcc_addresses: [],
            from_name: 'Gemeente',
            email_subject: 'Nieuwe melding',
            email_content_mode: 'manual',
            email_content: 'Gemeld door $melder_email$',
            email_add_attachment_registration_pdf: true,
            email_add_attachment_registration_pdf_file_name: 'Registratie',
            email_hide_empty_values: true,
          }),
        ],
      },
    ]);
    expect(Object.keys(patches(calls)[0] as object)).toEqual(['email_settings']);
    expect(screen.queryByText('Er zijn wijzigingen die nog niet zijn opgeslagen.')).toBeNull();
  });

  it("shows the server's 422 problems beside the fields they point at", async () => {
    const user = userEvent.setup();
    const { calls } = renderTab(
      '/admin/form/f1/emails',
      formServer({ ...FORM, email_settings: [EMAIL] }, () =>
        json(422, {
          status: false,
          message: 'Email instellingen konden niet worden aangepast.',
          errors: [
            { detail: 'Dit adres wordt niet bezorgd.', source: { pointer: '/email_settings/0/cc_addresses/0' } },
            { detail: 'De instellingen konden niet worden gelezen.', source: { pointer: '/email_settings' } },
          ],
        }),
      ),
    );
    // The only e-mail is open at once.
    const panel = await screen.findByRole('region', { name: 'E-mail 1: Nieuwe melding' });
    await user.type(within(panel).getByRole('textbox', { name: /Onderwerp/ }), '!');
    expect(screen.getByText('Er zijn wijzigingen die nog niet zijn opgeslagen.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Email instellingen opslaan' }));
    const cc = within(panel).getByRole('textbox', { name: 'CC 1' });
    await waitFor(() => expect(cc.getAttribute('aria-invalid')).toBe('true'));
    expect(within(panel).getByText('Dit adres wordt niet bezorgd.')).toBeTruthy();
    expect(screen.getByText('De instellingen konden niet worden gelezen.')).toBeTruthy();
    expect(screen.getByRole('button', { expanded: true }).textContent).toBe('E-mail 1: Nieuwe melding!Bevat fouten');
    expect(toastTexts()).toContain('Email instellingen konden niet worden aangepast.');
    expect(patches(calls)).toHaveLength(1);
    // Changing the e-mail takes the server's verdict away until the next save.
    await user.type(cc, 'x');
    expect(within(panel).queryByText('Dit adres wordt niet bezorgd.')).toBeNull();
  });

  it('removes an e-mail only after confirmation, and locks the Word attachment without the module', async () => {
    const user = userEvent.setup();
    const { calls } = renderTab('/admin/form/f1/emails', formServer({ ...FORM, form_type: 'workflow', email_settings: [EMAIL, { ...EMAIL, email_subject: 'Tweede' }] }));
    // Of several e-mails none is open; a panel opens with its heading button.
    const second = await screen.findByRole('button', { name: 'E-mail 2: Tweede' });
    expect(second.getAttribute('aria-expanded')).toBe('false');
    await user.click(second);
    const panel = screen.getByRole('region', { name: 'E-mail 2: Tweede' });
    // Workflow forms choose the phases that send it.
    const phases = within(panel).getByRole('group', { name: 'Versturen in fase' });
    await user.click(within(phases).getByRole('checkbox', { name: 'Fase 2' }));
    expect((within(panel).getByRole('switch', { name: 'Word document als bijlage versturen' }) as HTMLInputElement).disabled).toBe(true);
    expect(within(panel).getByText('Voor Word bijlagen heeft de klant de Word module nodig.')).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: 'E-mail 2: Tweede verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mail verwijderen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(await screen.findByRole('button', { name: 'E-mail 2: Tweede' })).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'E-mail 2: Tweede verwijderen' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'E-mail verwijderen?' })).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'E-mail 2: Tweede' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'E-mail 1: Nieuwe melding' }));
    const first = screen.getByRole('region', { name: 'E-mail 1: Nieuwe melding' });
    await user.click(within(within(first).getByRole('group', { name: 'Versturen in fase' })).getByRole('checkbox', { name: 'Fase 3' }));
    await user.click(screen.getByRole('button', { name: 'Email instellingen opslaan' }));
    await screen.findByText('Email instellingen opgeslagen');
    expect(patches(calls)).toEqual([
      { email_settings: [expect.objectContaining({ email_subject: 'Nieuwe melding', send_on_registration_phase: ['3'] })] },
    ]);
  });

  it('uploads a .docx template, has it processed, saves its file id, and the shell waits for the processing', async () => {
    const user = userEvent.setup();
    const sent = installFakeXhr();
    const { calls } = renderTab(
      '/admin/form/f1/emails',
      {
        ...formServer({ ...FORM, email_settings: [EMAIL] }),
        'GET /api/process-word-file/f1/w1': () => json(200, { status: 'success' }),
        'GET /api/form/f1/metadata': () => json(200, { email_word_files_processed: { w1: false } }),
      },
      { modules: ['word'] },
    );
    const panel = await screen.findByRole('region', { name: 'E-mail 1: Nieuwe melding' });
    await user.click(within(panel).getByRole('switch', { name: 'Word document als bijlage versturen' }));
    expect(within(panel).getByText('Er is nog geen Word document geüpload.')).toBeTruthy();
    // The button opens the file chooser, which offers .docx files only.
    const chooser = within(panel).getByLabelText('Word document (.docx) uploaden', { selector: 'input' }) as HTMLInputElement;
    expect(chooser.accept).toContain('.docx');
    await user.upload(chooser, new File(['PK'], 'Brief.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }));

    const upload = await nextRequest(sent, 0);
    expect(upload.method).toBe('POST');
    expect(upload.url).toBe('/api/file-upload/email-word?client_id=c1');
    expect(((upload.body as FormData).get('file') as File).name).toBe('Brief.docx');
    upload.progress(1, 2);
    expect(await within(panel).findByRole('status')).toHaveProperty('textContent', 'Brief.docx wordt geupload..');
    expect((within(panel).getByRole('button', { name: 'Word document (.docx) uploaden' }) as HTMLButtonElement).disabled).toBe(true);
    upload.respond(200, { fid: 'w1', filename: 'Brief.docx', filemime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', filesize: 2, url: '/api/client/c1/file/w1' });

    expect(await within(panel).findByText('Huidig document: Brief.docx')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Word document Brief.docx verwijderen' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Ander Word document (.docx) uploaden' })).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.path === '/api/process-word-file/f1/w1')).toBe(true));
    // Nothing is processed for the form until the e-mail is saved: no banner yet.
    expect(screen.queryByText(/Het Word-document wordt verwerkt/)).toBeNull();

    await user.type(within(panel).getByRole('textbox', { name: /Bestandsnaam van de Word bijlage/ }), 'brief');
    await user.click(screen.getByRole('button', { name: 'Email instellingen opslaan' }));
    expect(await screen.findByText('Email instellingen opgeslagen')).toBeTruthy();
    expect(patches(calls)).toEqual([
      {
        email_settings: [
          expect.objectContaining({
            email_send_word_attachment: true,
            word_upload: { fid: 'w1', filename: 'Brief.docx' },
            word_filename: 'brief',
          }),
        ],
      },
    ]);
    // Saved, the form uses the template: the shell shows the spec's banner while it is processed.
    expect(
      await screen.findByText('Het Word-document wordt verwerkt. Het formulier kan pas worden ingevuld als dat klaar is.'),
    ).toBeTruthy();
  });

  it('refuses other files before any upload, shows the server refusal, and removes a template', async () => {
    // The browser's file chooser would hide other files; a drop or "all files" does not.
    const user = userEvent.setup({ applyAccept: false });
    const sent = installFakeXhr();
    renderTab(
      '/admin/form/f1/emails',
      formServer({
        ...FORM,
        email_settings: [{ ...EMAIL, email_send_word_attachment: true, word_upload: { fid: 'w0', filename: 'Oud.docx' }, word_filename: 'brief' }],
      }),
      { modules: ['word'] },
    );
    const panel = await screen.findByRole('region', { name: 'E-mail 1: Nieuwe melding' });
    expect(within(panel).getByText('Huidig document: Oud.docx')).toBeTruthy();
    const chooser = within(panel).getByLabelText('Word document (.docx) uploaden', { selector: 'input' });

    await user.upload(chooser, new File(['%PDF'], 'brief.pdf', { type: 'application/pdf' }));
    expect(within(panel).getByRole('alert').textContent).toBe('Er kunnen alleen Word (.docx) bestanden worden geupload');
    expect(sent).toHaveLength(0);
    // The template in use stays.
    expect(within(panel).getByText('Huidig document: Oud.docx')).toBeTruthy();

    // A .docx that is none after all: the server says so.
    await user.upload(chooser, new File(['niet echt'], 'nep.docx'));
    const upload = await nextRequest(sent, 0);
    upload.respond(422, { status: false, message: 'Er kunnen alleen Word (.docx) bestanden worden geupload' });
    await waitFor(() => expect(within(panel).getByRole('alert').textContent).toBe('Er kunnen alleen Word (.docx) bestanden worden geupload'));
    expect(within(panel).getByText('Huidig document: Oud.docx')).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: 'Word document Oud.docx verwijderen' }));
    expect(within(panel).getByText('Er is nog geen Word document geüpload.')).toBeTruthy();
    expect(within(panel).queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Email instellingen opslaan' }));
    // A Word attachment needs its template, as the server demands.
    expect(await within(panel).findByText('Dit veld is verplicht.')).toBeTruthy();
  });

  it("says where every mail goes while an admin's developer mode is on", async () => {
    renderTab(
      '/admin/form/f1/emails',
      formServer({ ...FORM, settings: { email_developer_mode: true, email_developer_address: 'dev@eform.nl' }, email_settings: [EMAIL] }),
    );
    expect(
      await screen.findByText('Ontwikkelmodus e-mail staat aan: alle e-mails van dit formulier gaan alleen naar dev@eform.nl.'),
    ).toBeTruthy();
  });
});

describe('integrations tab', () => {
  it('adds an integration with the address its type needs and saves only the integrations', async () => {
    const user = userEvent.setup();
    const { calls } = renderTab('/admin/form/f1/integrations', formServer(FORM));
    expect(await screen.findByText('Er zijn nog geen integraties ingesteld.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Integratie toevoegen' }));
    const panel = screen.getByRole('region', { name: 'Integratie 1' });
    await user.click(screen.getByRole('button', { name: 'Integraties opslaan' }));
    expect(await within(panel).findAllByText('Dit veld is verplicht.')).toHaveLength(2);

    await user.type(within(panel).getByRole('textbox', { name: /Naam/ }), 'Schouten');
    await user.click(within(panel).getByRole('combobox', { name: /Type/ }));
    await user.click(await screen.findByRole('option', { name: /schouten-merge-registrations/ }));
    const email = within(panel).getByRole('textbox', { name: /E-mailadres voor de samengevoegde registraties/ });
    await user.type(email, 'geen');
    expect(within(panel).getByText('Vul een geldig e-mailadres in.')).toBeTruthy();
    await user.clear(email);
    await user.type(email, 'post@schouten.nl');

    await user.click(screen.getByRole('button', { name: 'Integraties opslaan' }));
    expect(await screen.findByText('Integraties zijn opgeslagen')).toBeTruthy();
    expect(patches(calls)).toEqual([
      {
        webhook_integrations: [
          {
            hook_name: 'Schouten',
            hook_type: 'schouten-merge-registrations',
            hook_url: '',
            merged_registration_email: 'post@schouten.nl',
            sia_category: '',
            send_on_registration_phase: [],
          },
        ],
      },
    ]);
  });

  it('checks the URL of post-to-url and asks before leaving with unsaved changes', async () => {
    const user = userEvent.setup();
    const { router } = renderTab(
      '/admin/form/f1/integrations',
      formServer({ ...FORM, webhook_integrations: [{ hook_name: 'Systeem', hook_type: 'post-to-url', hook_url: 'https://systeem.example/haak' }] }),
    );
    const panel = await screen.findByRole('region', { name: 'Integratie 1: Systeem' });
    const url = within(panel).getByRole('textbox', { name: /URL/ });
    await user.clear(url);
    await user.type(url, 'ftp://systeem.example');
    await user.click(screen.getByRole('button', { name: 'Integraties opslaan' }));
    expect(await within(panel).findByText('Vul een geldige URL in (http:// of https://).')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Bekijk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pagina verlaten?' });
    expect(within(dialog).getByText('Wilt u deze pagina verlaten? Indien u wijzigingen heeft aangebracht gaan deze verloren.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Blijven' }));
    expect(router.state.location.pathname).toBe('/admin/form/f1/integrations');
    await user.click(await screen.findByRole('tab', { name: 'Bekijk' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Pagina verlaten?' })).getByRole('button', { name: 'Verlaten' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/form/f1'));
  });

  it('sends users without the permission to the dashboard with the no-rights text', async () => {
    const noIntegrations: ClientAccess = { roles: ['form_manager'], permissions: ['eform manage forms', 'eform manage form emails'] };
    installFakeServer({ ...demoServer({ [DEMO.id]: noIntegrations }), ...formServer(FORM) });
    const router = renderApp('/admin/form/f1/integrations', storedSession({ access: noIntegrations }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(toastTexts()).toContain('U hebt geen rechten om deze content te bekijken.');
  });
});
