import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Rule } from '@/lib/form-logic';
import { installFakeServer, json } from '@/test/fake-server';
import { installFakeXhr, nextRequest } from '@/test/fake-xhr';
import { demoServer, fillableForm, registrationAnswer, storedSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

/** Hides the elements unless the registration is in `phase`. */
function onlyIn(phase: string, names: string[]): Rule {
  return {
    ruleName: `fase ${phase}`,
    ruleForm: '_none',
    condition_group: { method: 'AND', conditions: [{ conditionType: 'dataValue', dataName: 'registration_phase', operator: '!', value: phase }] },
    actions: names.map((dataName) => ({ method: 'hide', dataName })),
  };
}

const WORKFLOW = fillableForm({
  form_name: 'Lantaarnpaal',
  form_type: 'workflow',
  schema: [
    { name: 'melding', label: 'Melding', elementType: 'text' },
    { name: 'naar_inspecteur', label: 'Naar inspecteur', elementType: 'stateTransition', next_phase: '2', assign_to_user: 'u-twee' },
    { name: 'oordeel', label: 'Oordeel', elementType: 'text', validation: [{ name: 'required' }] },
    { name: 'afronden', label: 'Afronden', elementType: 'stateTransition', next_phase: '3', assign_to_user: '0' },
  ],
  rules: [onlyIn('1', ['naar_inspecteur']), onlyIn('2', ['oordeel', 'afronden'])],
});

const WAITING = registrationAnswer({
  _id: 'r1',
  form_name: 'Lantaarnpaal',
  form_type: 'workflow',
  registration_status: 'draft',
  registration_phase: '2',
  values: { melding: 'Lamp kapot' },
  workflow_history: [
    { from_phase: '1', to_phase: '2', assigned_username: 'twee', by_username: 'invuller', at: '2026-11-25T09:00:00Z' },
  ],
});

function workflowServer() {
  return installFakeServer({
    ...demoServer(),
    'GET /api/form/f1': () => json(200, WORKFLOW),
    'GET /api/assigned-registration/r1': () => json(200, WAITING),
    'GET /api/form/f1/assigned-users': () => json(200, [{ user_id: 'u-twee', email: 'twee@demo.eform.nl' }]),
    'GET /api/assigned-registrations': () =>
      json(200, {
        registrations: [
          {
            _id: 'r1',
            form_id: 'f1',
            form_name: 'Lantaarnpaal',
            client_id: 'c1',
            registration_serial_number: 7,
            registration_phase: '2',
            form_summary: '<p>Lamp kapot</p>',
            registration_updated_at: '2026-11-25T09:00:00Z',
            assigned_to_me: true,
          },
        ],
      }),
  });
}

describe('workflow registrations', () => {
  it('lists what waits for the user and opens it in its phase', async () => {
    workflowServer();
    const router = renderApp('/assigned-registration-list', storedSession());
    const table = await screen.findByRole('table', { name: 'Toegewezen registraties' });
    expect(within(table).getByText('Fase 2')).toBeTruthy();
    expect(within(table).getByText('Lamp kapot')).toBeTruthy();
    await userEvent.click(within(table).getByRole('link', { name: 'Lantaarnpaal 7 openen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/form-workflow/f1/r1'));
    // Phase 2 shows its own field and transition, not phase 1's; the earlier answer is there.
    expect(await screen.findByLabelText(/^Oordeel/)).toBeTruthy();
    expect((screen.getByLabelText(/^Melding/) as HTMLInputElement).value).toBe('Lamp kapot');
    expect(screen.queryByText('Naar inspecteur')).toBeNull();
    expect(
      screen.getByText('Bij versturen gaat deze registratie naar fase 3. Zij wordt aan niemand toegewezen: iedereen die dit formulier invult kan haar oppakken.'),
    ).toBeTruthy();
    // The moves so far.
    const history = screen.getByRole('region', { name: 'Verloop' });
    expect(within(history).getByText('Van fase 1 naar fase 2, toegewezen aan twee')).toBeTruthy();
  });

  it('sends it on with its id and the phase’s move, then goes back to the list', async () => {
    workflowServer();
    const router = renderApp('/form-workflow/f1/r1', storedSession());
    await userEvent.type(await screen.findByLabelText(/^Oordeel/), 'Vervangen');
    const sent = installFakeXhr();
    await userEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    const request = await nextRequest(sent, 0);
    expect(request.url).toBe('/api/registration/');
    expect(request.json()).toMatchObject({
      form_id: 'f1',
      registration_id: 'r1',
      values: { melding: 'Lamp kapot', oordeel: 'Vervangen', afronden: { next_phase: '3', assign_to_user: '0' } },
    });
    expect(request.json()).not.toHaveProperty('values.naar_inspecteur');
    await act(async () => request.respond(200, { ...WAITING, registration_phase: '3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Uw registratie is verstuurd.' });
    expect(within(dialog).queryByRole('button', { name: 'Nogmaals invullen' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Gereed' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/assigned-registration-list'));
  });

  it('shows the server’s words when the registration moved on meanwhile', async () => {
    workflowServer();
    renderApp('/form-workflow/f1/r1', storedSession());
    await userEvent.type(await screen.findByLabelText(/^Oordeel/), 'Vervangen');
    const sent = installFakeXhr();
    await userEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    const request = await nextRequest(sent, 0);
    await act(async () => request.respond(409, { status: false, message: 'Deze registratie is inmiddels verder in het proces of afgerond.' }));
    expect(await screen.findByText('Deze registratie is inmiddels verder in het proces of afgerond.')).toBeTruthy();
  });

  it('a new registration of a workflow form starts in phase 1', async () => {
    workflowServer();
    renderApp('/form/f1/0', storedSession());
    expect(await screen.findByText('Bij versturen gaat deze registratie naar fase 2. Zij wordt toegewezen aan twee@demo.eform.nl.')).toBeTruthy();
    expect(screen.queryByLabelText(/^Oordeel/)).toBeNull();
  });

  it('says so when nothing waits', async () => {
    const { handlers } = workflowServer();
    handlers['GET /api/assigned-registrations'] = () => json(200, { registrations: [] });
    renderApp('/assigned-registration-list', storedSession());
    expect(await screen.findByText('U heeft momenteel geen toegewezen registraties.')).toBeTruthy();
  });

  it('form_fill with a registration_id opens the workflow registration', async () => {
    workflowServer();
    const router = renderApp('/form/f1/0?registration_id=r1', storedSession());
    await waitFor(() => expect(router.state.location.pathname).toBe('/form-workflow/f1/r1'));
  });
});
