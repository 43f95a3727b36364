/**
 * Issue 16's map scenarios (spec 000 screen 12 and sections 3, 5, 8 and 9), on the seeded form
 * 'Demo kaartmelding' (folder 'public' of Demo Gemeente): a required map element `lantaarnpaal`
 * on 'Demo lantaarnpalen' (live loading, one item, feature action: status 'closed', guest map on)
 * and a required gps element `locatie`.
 * - kaart1: a field user sees the lamp posts clustered, zooms in, selects the one in Amersfoort,
 *   sends; the feature action on the worker closes it.
 * - kaart2: a visitor who is not signed in opens the guest map by form and element, and by the
 *   element's uuid, and filters it by status.
 * - kaart3: with the keyboard alone, a field user and then a visitor of the guest map open the
 *   search ('Kies uit lijst': the seeded element has showMapSearch off), find the post by name
 *   and select it; the selected list shows it and the map moves to it.
 * The browser never reaches the internet: every request off this machine is aborted, so the
 * base map falls back to the plain local style and only our own layers draw.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { decodePng } from './png';
import { apiGet, apiKey, assert, eventually, formIdByName, openFormToFill, type Scenario, signIn, TIMEOUT, visible } from './steps';

const FILLER = 'invuller@demo.eform.nl';
const FORM = 'Demo kaartmelding';
const DATASOURCE = 'Demo lantaarnpalen';
const MAP_LABEL = 'Welke lantaarnpaal is defect?';
/** The seeded map element's uuid (seeds/demo-forms.json). */
const MAP_UUID = 'b3000000-0000-4000-8000-000000000001';
/** The seeded lamp post at the map's centre: RD 155000, 463000, Amersfoort's tower. */
const POST = 'Onze Lieve Vrouwetoren Amersfoort';
/** The seeded view (mapSettings center and zoomlevel). */
const CENTER: [number, number] = [5.387, 52.155];
const START_ZOOM = 7;
/** Single features, not clusters, from zoom 15 (feature-layers.ts CLUSTER_MAX_ZOOM + 1). */
const FEATURE_ZOOM = 15;
/** Feature actions run on the worker after the send. */
const ACTION_TIMEOUT = 30_000;

interface Feature {
  id: string;
  geometry: { coordinates: [number, number] };
  properties: { name: string; status: string };
}

/** Aborts every request that would leave this machine (PDOK's base map among them). */
export async function stayOffTheInternet(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => route.abort('internetdisconnected'),
  );
}

/** Web Mercator pixel position of a place in a map of 512 px tiles (maplibre's) at `zoom`. */
function project([lon, lat]: [number, number], zoom: number): [number, number] {
  const size = 512 * 2 ** zoom;
  const rad = (lat * Math.PI) / 180;
  return [((lon + 180) / 360) * size, ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * size];
}

/** How many pixels of the map's canvas are within 24 of an RGB colour on every channel. */
async function pixelsOf(canvas: Locator, [r, g, b]: [number, number, number]): Promise<number> {
  const { width, height, rgba } = decodePng(await canvas.screenshot());
  let count = 0;
  for (let i = 0; i < width * height * 4; i += 4) {
    if (Math.abs((rgba[i] ?? 0) - r) <= 24 && Math.abs((rgba[i + 1] ?? 0) - g) <= 24 && Math.abs((rgba[i + 2] ?? 0) - b) <= 24) count++;
  }
  return count;
}

/** The map's canvas: maplibre makes it a region named after the element. */
function mapCanvas(page: Page, label: string): Locator {
  return page.getByRole('region', { name: label, exact: true });
}

/** The number in 'N items op de kaart'. */
async function featureCount(page: Page): Promise<number> {
  const text = await page.getByText(/^\d+ items? op de kaart$/).first().innerText();
  return Number(text.split(' ')[0]);
}

/**
 * Zooms in around the centre with the map's own 'Inzoomen' button (beside its canvas), one level
 * at a time, each after the last animation ended so the levels stay whole.
 */
async function zoomIn(page: Page, canvas: Locator, levels: number): Promise<void> {
  const button = canvas.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " maplibregl-map ")][1]').getByRole('button', { name: 'Inzoomen' });
  for (let i = 0; i < levels; i++) {
    await button.click();
    await page.waitForTimeout(800);
  }
}

/** Presses Tab until `target` has the focus, as a keyboard user reaches it. */
async function tabTo(page: Page, target: Locator, what: string, maxPresses = 80): Promise<void> {
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${what} not reached with ${maxPresses} presses of Tab`);
}

/**
 * Opens the map's search with 'Kies uit lijst' and selects `name` by typing `typed`, by keyboard
 * only; the option reads as name and status.
 */
async function selectWithKeyboard(page: Page, typed: string, name: string, status: string): Promise<void> {
  await tabTo(page, page.getByRole('button', { name: 'Kies uit lijst' }), "'Kies uit lijst'");
  await page.keyboard.press('Enter');
  const search = page.getByRole('combobox', { name: 'Zoek op de kaart' });
  await search.waitFor({ timeout: TIMEOUT });
  assert(await search.evaluate((element) => element === document.activeElement), 'the search field did not get the focus');
  await page.keyboard.type(typed);
  const expected = `${name}, ${status}`;
  await eventually(
    `the options for '${typed}'`,
    // The search's own list: the page holds other options (the 'Klant' select's).
    async () =>
      page
        .locator(`[id="${await search.getAttribute('aria-controls')}"]`)
        .getByRole('option')
        .evaluateAll((options) => options.map((option) => option.getAttribute('aria-label') ?? option.outerHTML)),
    (labels) => labels.length === 1 && labels[0] === expected,
  );
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}

export const mapScenarios: Scenario[] = [
  {
    name: 'kaart1: a field user sees clustered lamp posts, selects one on the map element and sends; the feature action closes it',
    async run({ server, context, page }) {
      await stayOffTheInternet(context);
      await context.grantPermissions(['geolocation'], { origin: server.baseUrl });
      await context.setGeolocation({ latitude: CENTER[1], longitude: CENTER[0], accuracy: 5 });
      const key = await apiKey(server.baseUrl, FILLER);
      const formId = await formIdByName(server.baseUrl, key, FORM);
      const form = await apiGet<{ schema: { name: string; mapSettings?: { mapLayers?: { datasource_id?: string }[] } }[] }>(server.baseUrl, key, `/api/form/${formId}`);
      const datasourceId = form.schema.find((element) => element.name === 'lantaarnpaal')?.mapSettings?.mapLayers?.[0]?.datasource_id ?? '';
      assert(datasourceId, 'the seeded map element has no datasource');
      const features = async () => (await apiGet<{ features: Feature[] }>(server.baseUrl, key, `/api/datasource/${datasourceId}`)).features;
      const post = (await features()).find((feature) => feature.properties.name === POST);
      assert(post, `${POST} is not in ${DATASOURCE}`);
      assert(post.properties.status !== 'closed', `${POST} is closed before the send`);

      await signIn(page, server.baseUrl, FILLER);
      await openFormToFill(page, 'public', FORM);
      const canvas = mapCanvas(page, MAP_LABEL);
      await canvas.waitFor({ timeout: TIMEOUT });
      // Live loading: the posts inside the first view (most of the country).
      await eventually('lamp posts on the map', () => featureCount(page), (count) => count >= 10);
      await visible(page, '0 / 1 maximaal aantal features geselecteerd.');
      // Zoomed out, the posts are clusters (#37474f at 85 % over the local style's background).
      await eventually('clusters drawn on the map', () => pixelsOf(canvas, [83, 96, 102]), (count) => count > 100);

      // Zoomed in around the centre, the post near it is a single feature; the map reads the
      // viewport again once it settles.
      await zoomIn(page, canvas, FEATURE_ZOOM - START_ZOOM);
      await eventually('the post at the centre alone on the map', () => featureCount(page), (count) => count >= 1 && count < 5);
      const box = await canvas.boundingBox();
      assert(box, 'the map has no size');
      const [cx, cy] = project(CENTER, FEATURE_ZOOM);
      const [px, py] = project(post.geometry.coordinates, FEATURE_ZOOM);
      await canvas.click({ position: { x: box.width / 2 + (px - cx), y: box.height / 2 + (py - cy) } });

      const selected = page.getByRole('table', { name: 'Geselecteerde items' });
      await selected.getByRole('cell', { name: POST, exact: true }).waitFor({ timeout: TIMEOUT });
      await visible(page, '1 / 1 maximaal aantal features geselecteerd.');
      // Data columns are on (showDataColumns): the post's number shows beside it.
      await selected.getByRole('cell', { name: 'LP-001', exact: true }).waitFor({ timeout: TIMEOUT });
      // The selection ring (#ffab00) on the map.
      await eventually('the selection ring on the map', () => pixelsOf(canvas, [255, 171, 0]), (count) => count > 20);

      await visible(page, 'Locatie gevonden tot 5m nauwkeurig');
      await page.getByRole('button', { name: 'Versturen' }).click();
      await page.getByRole('dialog', { name: 'Uw registratie is verstuurd.' }).waitFor({ timeout: 30_000 });

      await eventually(
        `the status of ${POST} after the feature action`,
        async () => (await features()).find((feature) => feature.id === post.id)?.properties.status,
        (status) => status === 'closed',
        ACTION_TIMEOUT,
      );
    },
  },
  {
    name: 'kaart2: a visitor who is not signed in opens the guest map by form and element and by uuid, and filters it by status',
    async run({ server, context, page }) {
      await stayOffTheInternet(context);
      const formId = await formIdByName(server.baseUrl, await apiKey(server.baseUrl, FILLER), FORM);

      for (const path of [`/guest/map/${formId}/lantaarnpaal`, `/guest/map/${MAP_UUID}`]) {
        await page.goto(`${server.baseUrl}${path}`);
        await page.getByRole('heading', { name: FORM, level: 1 }).waitFor({ timeout: TIMEOUT });
        await visible(page, `Databron: ${DATASOURCE}`);
        await mapCanvas(page, DATASOURCE).waitFor({ timeout: TIMEOUT });
        await eventually('lamp posts on the guest map', () => featureCount(page), (count) => count >= 10);
        assert(new URL(page.url()).pathname === path, `the guest map moved to ${page.url()}`);
      }

      // Unticking a status asks the server for the others only.
      const filter = page.getByRole('group', { name: 'Filter op status' });
      const before = await featureCount(page);
      const asked = page.waitForRequest((request) => /\/api\/guest\/datasource\/[^/]+\/(?!all)[^/?]+/.test(new URL(request.url()).pathname), { timeout: TIMEOUT });
      await filter.getByRole('checkbox', { name: 'defect' }).click();
      const segment = decodeURIComponent(new URL((await asked).url()).pathname.split('/').at(-1) ?? '');
      assert(segment.split('||').includes('actief') && !segment.split('||').includes('defect'), `the guest map asked for ${segment}`);
      await eventually('fewer posts without the defect ones', () => featureCount(page), (count) => count > 0 && count < before);

      const missing = await page.goto(`${server.baseUrl}/guest/map/00000000-0000-4000-8000-000000000000`);
      assert(missing?.ok(), 'the app shell did not load for an unknown guest map');
      await visible(page, 'Deze kaart bestaat niet of is niet toegankelijk.');
    },
  },
  {
    name: 'kaart3: a field user and a guest map visitor select a lamp post with the keyboard alone, through the search',
    async run({ server, context, page }) {
      await stayOffTheInternet(context);
      await signIn(page, server.baseUrl, FILLER);
      await openFormToFill(page, 'public', FORM);
      const canvas = mapCanvas(page, MAP_LABEL);
      await canvas.waitFor({ timeout: TIMEOUT });
      await eventually('lamp posts on the map', () => featureCount(page), (count) => count >= 10);

      // Two words in any order: only the tower in Amersfoort has both.
      await selectWithKeyboard(page, 'toren amersf', POST, 'actief');
      const selected = page.getByRole('table', { name: 'Geselecteerde items' });
      await selected.getByRole('cell', { name: POST, exact: true }).waitFor({ timeout: TIMEOUT });
      await selected.getByRole('cell', { name: 'LP-001', exact: true }).waitFor({ timeout: TIMEOUT });
      await visible(page, '1 / 1 maximaal aantal features geselecteerd.');
      // The map went to it: zoomed in to single features (live loading reads that view), with
      // the selection ring (#ffab00) drawn.
      await eventually('the post at the centre alone on the map', () => featureCount(page), (count) => count >= 1 && count < 5);
      await eventually('the selection ring on the map', () => pixelsOf(canvas, [255, 171, 0]), (count) => count > 20);

      // The guest map has the same search; its selection stays on the page.
      await page.goto(`${server.baseUrl}/guest/map/${MAP_UUID}`);
      await page.getByRole('heading', { name: FORM, level: 1 }).waitFor({ timeout: TIMEOUT });
      await eventually('lamp posts on the guest map', () => featureCount(page), (count) => count >= 10);
      await selectWithKeyboard(page, 'onze lieve', POST, 'actief');
      await page.getByRole('table', { name: 'Geselecteerde items' }).getByRole('cell', { name: POST, exact: true }).waitFor({ timeout: TIMEOUT });
      await eventually('the selection ring on the guest map', () => pixelsOf(mapCanvas(page, DATASOURCE), [255, 171, 0]), (count) => count > 20);
    },
  },
];
