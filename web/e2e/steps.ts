/** Steps and look-ups shared by the end-to-end scenarios. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import type { EformServer } from './harness';

export interface ScenarioContext {
  server: EformServer;
  /** For scenarios that need a second device. */
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

export interface Scenario {
  name: string;
  run(ctx: ScenarioContext): Promise<void>;
}

export const PASSWORD = 'eform-demo';
export const TIMEOUT = 15_000;
export const OFFLINE_TEXT =
  'U bent momenteel offline. U kunt geen formulieren versturen en hebt mogelijk niet de nieuwste versie van formulieren beschikbaar. Ga niet uitloggen als u nog opgeslagen registraties heeft die alleen op dit apparaat staan.';

/**
 * Web-first checks. The app settles asynchronously (server answers, live queries of the device
 * store, React renders), so a check never reads the page once: it polls until the expected state
 * holds and fails only when it has not held for the whole timeout. Polling backs off like
 * Playwright's own `expect` (100, 250, 500, then every 1000 ms).
 */
const POLL_INTERVALS = [100, 250, 500, 1000];

/** Reads `read()` until `accept` holds; returns the accepted value, or throws with the last one. */
export async function eventually<T>(
  what: string,
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeout = TIMEOUT,
): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: T | undefined;
  let failure: unknown;
  for (let attempt = 0; ; attempt++) {
    try {
      last = await read();
      failure = undefined;
      if (accept(last)) return last;
    } catch (error) {
      failure = error; // e.g. the element is re-rendering; read again
    }
    const wait = POLL_INTERVALS[Math.min(attempt, POLL_INTERVALS.length - 1)] ?? 1000;
    if (Date.now() + wait > deadline) {
      const seen = failure instanceof Error ? `error ${failure.message}` : JSON.stringify(last);
      throw new Error(`${what}: not so within ${timeout} ms (last seen: ${seen})`);
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** Waits until `locator` matches exactly `expected` elements (0 = until it is gone). */
export async function expectCount(locator: Locator, expected: number, what: string, timeout = TIMEOUT): Promise<void> {
  await eventually(`${what}: expected ${expected}`, () => locator.count(), (count) => count === expected, timeout);
}

/** Waits until the input's value is `expected`. */
export async function expectValue(locator: Locator, expected: string, timeout = TIMEOUT): Promise<void> {
  await eventually(`value '${expected}' of ${String(locator)}`, () => locator.inputValue(), (value) => value === expected, timeout);
}

export async function expectEnabled(locator: Locator, timeout = TIMEOUT): Promise<void> {
  await eventually(`${String(locator)} enabled`, () => locator.isEnabled(), Boolean, timeout);
}

export async function expectChecked(locator: Locator, checked: boolean, timeout = TIMEOUT): Promise<void> {
  await eventually(`${String(locator)} checked=${checked}`, () => locator.isChecked(), (state) => state === checked, timeout);
}

/**
 * Turns a switch whose state follows a server answer (publish, guest access) on or off: one
 * click, then wait for the state. Playwright's `check()` reads the state right after its click
 * and fails when the answer has not arrived yet.
 */
export async function setSwitch(locator: Locator, on: boolean): Promise<void> {
  await expectEnabled(locator);
  if ((await locator.isChecked()) !== on) await locator.click();
  await expectChecked(locator, on);
}

/** Waits until `read()` in the page returns `expected` (e.g. a localStorage entry). */
export async function expectInPage<T>(page: Page, what: string, read: () => T, expected: T, timeout = TIMEOUT): Promise<void> {
  await eventually(what, () => page.evaluate(read), (value) => value === expected, timeout);
}

export async function visible(page: Page, text: string, exact = true): Promise<void> {
  await page.getByText(text, { exact }).first().waitFor({ state: 'visible', timeout: TIMEOUT });
}

export async function atPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout: TIMEOUT });
}

export async function signIn(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await atPath(page, '/dashboard');
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: TIMEOUT });
}

/** Switches the signed-in user's current client with the 'Klant' selector; the dashboard opens. */
export async function switchClient(page: Page, name: string): Promise<void> {
  const selector = page.getByLabel('Klant', { exact: true });
  await expectEnabled(selector);
  await eventually(`${name} offered by the client selector`, () => selector.locator('option', { hasText: name }).count(), (count) => count === 1);
  await selector.selectOption({ label: name });
  await visible(page, `Je kan nu met klant "${name}" werken.`);
  await atPath(page, '/dashboard');
}

// The form builder's screens (document 001), as the form manager of the current client uses them.

/** Makes folder `name` at the top of the current client's folders. */
export async function createFolder(page: Page, baseUrl: string, name: string): Promise<void> {
  await page.goto(`${baseUrl}/admin/folder-create`);
  await page.getByLabel('Map naam').fill(name);
  await page.getByRole('button', { name: 'Map aanmaken' }).click();
  await visible(page, `Map ${name} is aangemaakt.`);
  await atPath(page, '/admin/folder-list');
}

/** Makes form `name` from its folder in the form list (the folder is preselected); answers the form's path. */
export async function createForm(page: Page, baseUrl: string, folder: string, name: string): Promise<string> {
  await page.goto(`${baseUrl}/admin/form-list`);
  await page.getByLabel(`Formulier aanmaken in map ${folder}`).click();
  await atPath(page, '/admin/form-create');
  await page.getByLabel('Formulier naam').fill(name);
  await page.getByRole('button', { name: 'Formulier aanmaken' }).click();
  await visible(page, `Formulier ${name} is aangemaakt.`);
  await page.waitForURL((url) => /^\/admin\/form\/[^/]+$/.test(url.pathname), { timeout: TIMEOUT });
  return new URL(page.url()).pathname;
}

/** Adds an element of `type` in the form editor; `complete` fills what 'Klaar' needs beyond the defaults. */
export async function addElement(page: Page, type: string, complete?: (dialog: Locator) => Promise<void>): Promise<void> {
  await page.getByRole('button', { name: `${type} toevoegen`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `${type} bewerken` });
  await dialog.waitFor({ timeout: TIMEOUT });
  await complete?.(dialog);
  await dialog.getByRole('button', { name: 'Klaar' }).click();
  try {
    await dialog.waitFor({ state: 'detached', timeout: 5_000 });
  } catch {
    throw new Error(`the ${type} dialog did not close: ${await dialog.innerText()}`);
  }
}

/**
 * Opens a folder of the form tree unless it is open already ('public' starts open), by its own
 * row: an open folder's item holds its forms, and a click in its middle lands on one of them
 * (which once opened the wrong form while the test went on to click the right one).
 */
export async function openFolder(page: Page, folder: string): Promise<void> {
  const item = page.getByRole('treeitem', { name: folder, exact: true });
  if ((await item.getAttribute('aria-expanded', { timeout: TIMEOUT })) !== 'true') {
    await item.getByText(folder, { exact: true }).first().click();
  }
  await page.getByRole('treeitem', { name: folder, exact: true, expanded: true }).waitFor({ timeout: TIMEOUT });
}

/** The fill-in side: opens form `form` in folder `folder` from 'Formulier invullen'. */
export async function openFormToFill(page: Page, folder: string, form: string): Promise<void> {
  await page.getByRole('link', { name: 'Formulier invullen' }).click();
  await atPath(page, '/folders');
  await openFolder(page, folder);
  await page.getByRole('treeitem', { name: form, exact: true }).click();
  await page.getByRole('heading', { name: form, level: 1 }).waitFor({ timeout: TIMEOUT });
}

/** The message the server answers to a POST, read directly so the UI check does not hard-code it. */
export async function serverMessage(url: string, init: RequestInit): Promise<string> {
  const body = (await (await fetch(url, { method: 'POST', ...init })).json()) as { message?: string };
  if (!body.message) throw new Error(`${url} answered without a message`);
  return body.message;
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Signs in through the API (no browser) for set-up look-ups; returns the api key. */
export async function apiKey(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: email, password: PASSWORD }),
  });
  const body = (await response.json()) as { api_key?: string };
  if (!body.api_key) throw new Error(`no api key for ${email}`);
  return body.api_key;
}

export async function apiGet<T>(baseUrl: string, key: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { 'api-key': key } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return (await response.json()) as T;
}

export interface Folder {
  folder_name: string;
  children: Folder[];
  forms: { form_id: string; form_name: string }[];
}

/** The id of a form of the user's first client, found by name in the folder tree. */
export async function formIdByName(baseUrl: string, key: string, name: string): Promise<string> {
  const info = await apiGet<{ clients: { id: string }[] }>(baseUrl, key, '/api/user/info');
  const clientId = info.clients[0]?.id ?? '';
  const folders = await apiGet<Folder[]>(baseUrl, key, `/api/client/${clientId}/folder/user`);
  const walk = (list: Folder[]): string | undefined =>
    list.map((folder) => folder.forms.find((form) => form.form_name === name)?.form_id ?? walk(folder.children)).find(Boolean);
  const id = walk(folders);
  if (!id) throw new Error(`form '${name}' not in the folder tree`);
  return id;
}

/** A small valid PNG (a red-blue gradient), built here so the test needs no fixture file. */
export function makePng(width = 64, height = 48): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0); // filter: none
    for (let x = 0; x < width; x++) rows.push(Math.round((x / width) * 255), 40, Math.round((y / height) * 255));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Every .eml file under a folder, read as text. */
export function mailsIn(folder: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(folder, { recursive: true, encoding: 'utf8' });
  } catch {
    return [];
  }
  return entries.filter((name) => name.endsWith('.eml')).map((name) => readFileSync(join(folder, name), 'utf8'));
}

/**
 * The body of a mail as written by the server (`.eml`), readable: a quoted-printable body has its
 * soft line breaks ('=' at a line end; they split long links) removed and its =XX bytes decoded
 * as UTF-8.
 */
export function mailBody(mail: string): string {
  const split = mail.search(/\r?\n\r?\n/);
  const headers = split < 0 ? mail : mail.slice(0, split);
  const body = split < 0 ? '' : mail.slice(split).trimStart();
  if (!/^Content-Transfer-Encoding:\s*quoted-printable/im.test(headers)) return body;
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}
