import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminForm } from '@/features/form-editor/api';
import { setAuthenticated } from '@/lib/auth/session';
import type { Rule } from '@/lib/form-logic';
import { getToasts } from '@/lib/toast';
import { installFakeServer, json, type FakeHandler } from '@/test/fake-server';
import { fillableForm, storedSession } from '@/test/fixtures';
import { renderRoutes } from '@/test/render-routes';
import { FormRulesRoute } from './form-rules';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const FORM = fillableForm({
  schema: [
    { uuid: 'u1', name: 'aantal', label: 'Aantal', elementType: 'number', validation: [] },
    { uuid: 'u2', name: 'toelichting', label: 'Toelichting', elementType: 'textarea', validation: [] },
  ],
});

function renderRules(permissions: string[] = ['eform manage form conditions']) {
  setAuthenticated(storedSession({ access: { roles: ['form_manager'], permissions } }));
  return renderRoutes(
    [
      { path: '/admin/form/:form_id/rules', element: <FormRulesRoute /> },
      { path: '/admin/form/:form_id', element: <p>Bekijk</p> },
      { path: '/dashboard', element: <p>Dashboard</p> },
    ],
    '/admin/form/f1/rules',
  );
}

function server(extra: Record<string, FakeHandler> = {}) {
  return installFakeServer({ 'GET /api/form/f1': () => json(200, FORM), ...extra });
}

const toastTexts = () => getToasts().map((toast) => toast.message);

async function choose(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, label: RegExp, option: string) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('rules editor', () => {
  it('builds a rule with the operators of the element type, previews it with the engine and saves it', async () => {
    const { calls } = server({ 'PATCH /api/form/f1': (call) => json(200, JSON.parse(call.body ?? '{}')) });
    const user = userEvent.setup();
    renderRules();
    await user.click(await screen.findByRole('button', { name: 'Regel toevoegen' }));

    // Saving an empty rule shows what is missing.
    await user.click(screen.getByRole('button', { name: 'Regels opslaan' }));
    expect(await screen.findByText('Naam van de regel is verplicht.')).toBeTruthy();
    expect(toastTexts()).toContain('Regels konden niet worden aangepast.');
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    const rule = screen.getByRole('region', { name: 'Regel 1' });
    await user.type(within(rule).getByRole('textbox', { name: /Naam van de regel/ }), 'Veel lampen');
    const condition = within(rule).getByRole('group', { name: 'Voorwaarde 1' });
    await choose(user, condition, /^Element/, 'Aantal (aantal)');
    await user.click(within(condition).getByRole('combobox', { name: /^Vergelijking/ }));
    const operators = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(operators).toEqual([
      'is gelijk aan',
      'is niet gelijk aan',
      'is groter dan',
      'is groter dan of gelijk aan',
      'is kleiner dan',
      'is kleiner dan of gelijk aan',
      'is leeg',
      'is niet leeg',
    ]);
    await user.click(screen.getByRole('option', { name: 'is groter dan' }));
    const value = within(condition).getByRole('textbox', { name: /^Waarde/ });
    await user.type(value, 'drie');
    await user.click(screen.getByRole('button', { name: 'Regels opslaan' }));
    expect(await within(condition).findByText('Vul een getal in.')).toBeTruthy();
    await user.clear(value);
    await user.type(value, '3');

    // Tokens can be picked instead of typed; the picked one lands in the value.
    await user.click(within(condition).getByRole('button', { name: 'Token invoegen' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Aantal ($aantal$)' }));
    expect((value as HTMLInputElement).value).toBe('3$aantal$');
    await user.clear(value);
    await user.type(value, '3');

    const action = within(rule).getByRole('group', { name: 'Actie 1' });
    await choose(user, action, /^Actie/, 'Verberg');
    await choose(user, action, /^Element/, 'Toelichting (toelichting)');

    // The preview runs the rule with the fill-in's engine: 4 lamps hide the explanation.
    const preview = screen.getByRole('region', { name: 'Voorbeeld met regels' });
    expect(within(preview).getByRole('textbox', { name: /Toelichting/ })).toBeTruthy();
    await user.type(within(preview).getByRole('textbox', { name: /Aantal/ }), '4');
    await waitFor(() => expect(within(preview).queryByRole('textbox', { name: /Toelichting/ })).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Regels opslaan' }));
    await waitFor(() => expect(toastTexts()).toContain('Regels zijn opgeslagen'));
    const body = JSON.parse(calls.find((call) => call.method === 'PATCH')?.body ?? '{}') as AdminForm;
    expect(body.rules).toEqual<Rule[]>([
      {
        ruleName: 'Veel lampen',
        ruleForm: '_none',
        condition_group: { method: 'AND', conditions: [{ conditionType: 'dataValue', dataName: 'aantal', operator: '>', value: '3' }] },
        actions: [{ method: 'hide', dataName: 'toelichting', value: '' }],
      },
    ]);
    expect(body.schema).toEqual(FORM.schema);
  });

  it('asks before leaving with unsaved changes', async () => {
    server();
    const user = userEvent.setup();
    const router = renderRules();
    await user.click(await screen.findByRole('button', { name: 'Regel toevoegen' }));
    void router.navigate('/admin/form/f1');
    const dialog = await screen.findByRole('dialog', { name: 'Pagina verlaten?' });
    expect(
      within(dialog).getByText('Wilt u deze pagina verlaten? Indien u wijzigingen heeft aangebracht gaan deze verloren.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Blijven' }));
    expect(router.state.location.pathname).toBe('/admin/form/f1/rules');
  });

  it('shows the failure text when the server refuses the rules', async () => {
    server({
      'GET /api/form/f1': () =>
        json(200, {
          ...FORM,
          rules: [
            {
              ruleName: 'r',
              ruleForm: '_none',
              condition_group: { method: 'OR', conditions: [{ dataName: 'aantal', operator: '!empty', value: '' }] },
              actions: [{ method: 'show', dataName: 'toelichting' }],
            },
          ],
        }),
      'PATCH /api/form/f1': () => json(403, { status: false, message: 'U hebt geen rechten om deze content te bekijken.' }),
    });
    const user = userEvent.setup();
    renderRules();
    await user.click(await screen.findByRole('button', { name: 'Regels opslaan' }));
    await waitFor(() => expect(toastTexts()).toContain('Regels konden niet worden aangepast.'));
  });

  it('sends users without the conditions permission to the dashboard', async () => {
    server();
    const router = renderRules(['eform manage form edit']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(toastTexts()).toContain('U hebt geen rechten om deze content te bekijken.');
  });
});
