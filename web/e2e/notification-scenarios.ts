/**
 * Issue 12's end-to-end scenario: a manager sets up an e-mail with a Word template and the
 * registration PDF, and a webhook, in the E-mails and Integraties tabs; a field user sends;
 * the mail is written with both attachments and the webhook receiver gets the registration,
 * signed, and the registration detail shows both delivered.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { WEB_DIR } from './harness';
import { apiKey, assert, eventually, formIdByName, mailsIn, type Scenario, signIn, TIMEOUT, visible } from './steps';

const MANAGER = 'beheerder@demo.eform.nl';
const FILLER = 'invuller@demo.eform.nl';
const TEMPLATE = join(WEB_DIR, '..', 'worker', 'testdata', 'word-template-split-tokens.docx');

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on loopback that records what it gets and answers 200. */
async function receiver(): Promise<{ url: string; calls: Received[]; close(): void }> {
  const calls: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      calls.push({ headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ontvangen');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hook`, calls, close: () => server.close() };
}

export const notificationScenarios: Scenario[] = [
  {
    name: 'v: a manager sets up a Word e-mail and a webhook; a field user sends; both arrive',
    async run({ server, page }) {
      const hook = await receiver();
      try {
        const manager = await apiKey(server.baseUrl, MANAGER);
        const formId = await formIdByName(server.baseUrl, manager, 'Demo melding');
        await signIn(page, server.baseUrl, MANAGER);

        // The e-mail: to an address, with the Word template (sent as docx) and the PDF.
        await page.goto(`${server.baseUrl}/admin/form/${formId}/emails`);
        await page.getByRole('button', { name: 'E-mail toevoegen' }).click();
        await page.getByLabel('Aan 1').fill('meldingen@gemeente.test');
        await page.getByLabel('Naam afzender').fill('Gemeente Demo');
        await page.getByLabel('Onderwerp').fill('Nieuwe melding $registratie.serienummer$');
        await page.getByLabel('Word document als bijlage versturen').check();
        await page.getByLabel('Word document (.docx) uploaden').setInputFiles(TEMPLATE);
        await visible(page, 'Huidig document: word-template-split-tokens.docx');
        await page.getByLabel('Bestandsnaam van de Word bijlage').fill('brief');
        await page.getByLabel('Versturen als').click();
        await page.getByRole('option', { name: 'Word (.docx)' }).click();
        await page.getByRole('button', { name: 'Email instellingen opslaan' }).click();
        await visible(page, 'Email instellingen opgeslagen');

        // The webhook.
        await page.goto(`${server.baseUrl}/admin/form/${formId}/integrations`);
        await page.getByRole('button', { name: 'Integratie toevoegen' }).click();
        await page.getByLabel('Naam').fill('Zaaksysteem');
        await page.getByLabel('Type').click();
        await page.getByRole('option', { name: 'Registratie naar een URL versturen (post-to-url)' }).click();
        await page.getByLabel('URL').fill(hook.url);
        await page.getByRole('button', { name: 'Integraties opslaan' }).click();
        await visible(page, 'Integraties zijn opgeslagen');

        // A field user sends.
        const filler = await apiKey(server.baseUrl, FILLER);
        const sent = await fetch(`${server.baseUrl}/api/registration/`, {
          method: 'POST',
          headers: { 'api-key': filler, 'content-type': 'application/json' },
          body: JSON.stringify({ form_id: formId, fill_token: 'e2e-notification', values: { omschrijving: 'Lantaarnpaal brandt niet', aantal: 2 } }),
        });
        assert(sent.status === 201, `send answered ${sent.status}`);
        const registration = ((await sent.json()) as { _id: string })._id;

        // The mail, with the merged Word document and the registration PDF.
        const mailDir = join(server.dataDir, 'mail');
        const mail = await eventually(
          'the notification mail with both attachments',
          async () => mailsIn(mailDir).find((text) => /^To:.*meldingen@gemeente\.test/im.test(text)),
          (found) => found !== undefined,
          30_000,
        );
        assert(mail, 'the mail');
        assert(/^Subject: Nieuwe melding 1/im.test(mail), 'the subject has the serial number');
        assert(/filename="?brief\.docx"?/i.test(mail), 'the Word attachment');
        assert(/filename="?Registratie\.pdf"?/i.test(mail), 'the registration PDF');

        // The webhook, signed, with the registration.
        const call = await eventually('the webhook call', async () => hook.calls[0], (found) => found !== undefined, 30_000);
        assert(call, 'the webhook call');
        assert(/^sha256=[0-9a-f]{64}$/.test(String(call.headers['x-eform-signature'])), 'a signature header');
        assert(String(call.headers['idempotency-key']).startsWith(`${registration}:new:webhook:0`), 'the idempotency key');
        const body = JSON.parse(call.body) as { id: string; values: { omschrijving: string } };
        assert(body.id === registration && body.values.omschrijving === 'Lantaarnpaal brandt niet', 'the registration as JSON');

        // The manager sees both delivered.
        await page.goto(`${server.baseUrl}/admin/form/${formId}/registrations/${registration}`);
        await visible(page, 'Zaaksysteem');
        await page.getByText('Verstuurd', { exact: true }).first().waitFor({ timeout: TIMEOUT });
      } finally {
        hook.close();
      }
    },
  },
];
