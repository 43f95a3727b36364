/**
 * Issue 11's end-to-end scenarios: a manager filters the registrations of a form, opens one,
 * trashes and restores it, and downloads a CSV through the job queue with the progress
 * overlay; a field user takes up a workflow registration handed to them, sends it on to the
 * next phase, and it leaves their list.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { apiGet, apiKey, assert, atPath, expectCount, formIdByName, type Scenario, signIn, TIMEOUT, visible } from './steps';

const MANAGER = 'beheerder@demo.eform.nl';
const FILLER = 'invuller@demo.eform.nl';
const OTHER = 'twee@demo.eform.nl';

async function send(baseUrl: string, key: string, body: unknown): Promise<{ _id: string; registration_phase: string | null }> {
  const response = await fetch(`${baseUrl}/api/registration/`, {
    method: 'POST',
    headers: { 'api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  assert(response.status === 201 || response.status === 200, `send answered ${response.status}: ${text}`);
  return JSON.parse(text) as { _id: string; registration_phase: string | null };
}

function rows(page: Page) {
  return page.getByTestId('review-row');
}

export const reviewScenarios: Scenario[] = [
  {
    name: 't: a manager filters, opens, trashes and restores a registration, and downloads the CSV',
    async run({ server, page }) {
      const filler = await apiKey(server.baseUrl, FILLER);
      const formId = await formIdByName(server.baseUrl, filler, 'Demo melding');
      for (const [index, omschrijving] of ['Lantaarnpaal kapot', 'Bankje los', 'Lantaarnpaal scheef'].entries()) {
        await send(server.baseUrl, filler, { form_id: formId, fill_token: `e2e-review-${index}`, values: { omschrijving, aantal: index + 1 } });
      }
      await signIn(page, server.baseUrl, MANAGER);
      await page.goto(`${server.baseUrl}/admin/form/${formId}/registrations`);
      await expectCount(rows(page), 3, 'registrations in the list');

      // A filter on the description, applied after the pause.
      await page.getByRole('button', { name: 'Filter toevoegen' }).click();
      const filter = page.getByTestId('review-filter');
      await filter.getByLabel('Veld').click();
      await page.getByRole('option', { name: 'Omschrijving' }).click();
      await filter.getByLabel('Voorwaarde').click();
      await page.getByRole('option', { name: 'bevat' }).click();
      await filter.getByLabel('Waarde', { exact: true }).fill('lantaarnpaal');
      await expectCount(rows(page), 2, 'registrations after the filter');

      // Open the newest, put it in the trash, and see it leave the list.
      await rows(page).first().click();
      await page.getByRole('heading', { name: 'Demo melding 3', level: 2 }).waitFor({ timeout: TIMEOUT });
      await page.getByRole('button', { name: 'Naar prullenbak' }).click();
      await page.getByRole('dialog', { name: 'Registratie naar de prullenbak?' }).getByRole('button', { name: 'Naar prullenbak' }).click();
      await visible(page, 'Registratie is verplaatst naar de prullenbak.');
      await page.getByRole('link', { name: 'Terug naar de registraties' }).click();
      await atPath(page, `/admin/form/${formId}/registrations`);
      await expectCount(rows(page), 1, 'registrations after trashing one (the filter kept)');
      await page.getByRole('tab', { name: 'Prullenbak' }).click();
      // The trashed one, not the list of the tab before (it also has one row) still showing.
      const trashed = rows(page).filter({ hasText: 'Lantaarnpaal scheef' });
      await expectCount(trashed, 1, 'the trashed registration in the trash');
      await expectCount(rows(page), 1, 'registrations in the trash');
      await trashed.first().click();
      await page.getByRole('button', { name: 'Terugzetten' }).click();
      await page.getByRole('dialog', { name: 'Registratie terugzetten?' }).getByRole('button', { name: 'Terugzetten' }).click();
      await visible(page, 'Registratie is uit de prullenbak gehaald.');
      await page.getByRole('link', { name: 'Terug naar de registraties' }).click();
      await page.getByRole('tab', { name: 'Voltooide registraties' }).click();
      await expectCount(rows(page), 2, 'registrations after restoring');

      // The CSV of the filtered selection, prepared on the queue.
      const download = page.waitForEvent('download', { timeout: 30_000 });
      await page.getByRole('button', { name: 'Downloaden' }).click();
      await page.getByRole('menuitem', { name: 'CSV', exact: true }).click();
      await page.getByRole('dialog', { name: 'Download voorbereiden' }).waitFor({ timeout: TIMEOUT });
      const file = await download;
      assert(file.suggestedFilename() === 'Demo melding registraties.csv', `saved as ${file.suggestedFilename()}`);
      const csv = readFileSync(await file.path(), 'utf8');
      const lines = csv.replace(/^\uFEFF/, '').split('\r\n').filter((line) => line !== '');
      assert(lines.length === 3, `the CSV has ${lines.length} lines:\n${csv}`);
      assert(lines[0]?.startsWith('Serienummer;Datum;Invuller;Omschrijving;Aantal') === true, `header: ${lines[0]}`);
      assert(lines.slice(1).every((line) => line.includes('Lantaarnpaal')), `rows:\n${csv}`);
      await visible(page, 'De download is gereed.');
    },
  },
  {
    name: 'u: a field user sends on a workflow registration handed to them, and it leaves their list',
    async run({ server, page }) {
      const admin = await apiKey(server.baseUrl, 'admin@demo.eform.nl');
      const info = await apiGet<{ clients: { id: string; name: string }[] }>(server.baseUrl, admin, '/api/user/info');
      const client = info.clients.find((c) => c.name === 'Demo Gemeente')?.id ?? '';
      const twee = await apiKey(server.baseUrl, OTHER);
      const tweeInfo = await apiGet<{ id: string }>(server.baseUrl, twee, '/api/user/info');
      const filler = await apiKey(server.baseUrl, FILLER);
      const fillerInfo = await apiGet<{ id: string }>(server.baseUrl, filler, '/api/user/info');
      const folder = (await (
        await fetch(`${server.baseUrl}/api/client/${client}/folder`, {
          method: 'POST',
          headers: { 'api-key': admin, 'content-type': 'application/json' },
          body: JSON.stringify({ folder_name: 'E2E workflow' }),
        })
      ).json()) as { folder_id: string };
      const onlyIn = (phase: string, names: string[]) => ({
        ruleName: `fase ${phase}`,
        ruleForm: '_none',
        condition_group: { method: 'AND', conditions: [{ conditionType: 'dataValue', dataName: 'registration_phase', operator: '!', value: phase }] },
        actions: names.map((dataName) => ({ method: 'hide', dataName })),
      });
      const created = (await (
        await fetch(`${server.baseUrl}/api/form`, {
          method: 'POST',
          headers: { 'api-key': admin, 'content-type': 'application/json' },
          body: JSON.stringify({
            form_name: 'Lantaarnpaal afhandelen',
            form_type: 'workflow',
            folder_id: folder.folder_id,
            client_id: client,
            schema: [
              { name: 'melding', label: 'Melding', elementType: 'text', validation: [{ name: 'required' }] },
              { name: 'naar_inspecteur', label: 'Naar inspecteur', elementType: 'stateTransition', next_phase: '2', assign_to_user: tweeInfo.id },
              { name: 'oordeel', label: 'Oordeel', elementType: 'text', validation: [{ name: 'required' }] },
              { name: 'afronden', label: 'Afronden', elementType: 'stateTransition', next_phase: '3', assign_to_user: fillerInfo.id },
            ],
            rules: [onlyIn('1', ['naar_inspecteur']), onlyIn('2', ['oordeel', 'afronden'])],
          }),
        })
      ).json()) as { form_id: string };
      await fetch(`${server.baseUrl}/api/form/${created.form_id}/publish`, {
        method: 'POST',
        headers: { 'api-key': admin, 'content-type': 'application/json' },
        body: JSON.stringify([created.form_id]),
      });
      const first = await send(server.baseUrl, filler, { form_id: created.form_id, fill_token: 'e2e-wf-1', values: { melding: 'Lamp kapot' } });
      assert(first.registration_phase === '2', `the first send went to phase ${first.registration_phase}`);

      await signIn(page, server.baseUrl, OTHER);
      await page.getByRole('link', { name: 'Toegewezen registraties' }).click();
      await atPath(page, '/assigned-registration-list');
      const waiting = page.getByTestId('assigned-registration-row');
      await expectCount(waiting, 1, 'registrations waiting for twee');
      await waiting.getByText('Fase 2').waitFor({ timeout: TIMEOUT });
      await waiting.getByRole('link', { name: /Lantaarnpaal afhandelen/ }).click();
      await page.getByRole('heading', { name: 'Lantaarnpaal afhandelen', level: 1 }).waitFor({ timeout: TIMEOUT });
      await visible(page, 'Van fase 1 naar fase 2, toegewezen aan twee');
      await visible(page, 'Bij versturen gaat deze registratie naar fase 3.', false);
      await visible(page, 'Zij wordt toegewezen aan invuller@demo.eform.nl.', false);
      await page.getByLabel('Oordeel').fill('Vervangen');
      await page.getByRole('button', { name: 'Versturen' }).click();
      await page.getByRole('dialog', { name: 'Uw registratie is verstuurd.' }).getByRole('button', { name: 'Gereed' }).click();
      await atPath(page, '/assigned-registration-list');
      // Handed to invuller in phase 3: it left twee's list.
      await visible(page, 'U heeft momenteel geen toegewezen registraties.');
      const list = await apiGet<{ registrations: { registration_phase: string }[] }>(server.baseUrl, filler, '/api/assigned-registrations');
      assert(list.registrations.length === 1 && list.registrations[0]?.registration_phase === '3', `invuller's list: ${JSON.stringify(list)}`);
    },
  },
];
