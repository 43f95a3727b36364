/**
 * Benchmark (figures, not a test): the map element over a datasource of 100,000 features in
 * Debian's Chromium. Prints the time from opening the form until the features are drawn, the
 * time from letting go of a pan until the new viewport's features are drawn (and how much of it
 * is the spec's 1 s debounce, the server's answer and the drawing), frames per second while
 * panning, and the gzip bytes of the map chunk and of the entry chunk.
 *   cd web && npx tsx e2e/bench/map-render.ts      (or ops/bench/map-render)
 * Needs the release server binary and web/dist, like the end-to-end scenarios.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../browser';
import { checkPrerequisites, DIST_DIR, EformServer } from '../harness';
import { stayOffTheInternet } from '../map-scenarios';
import { apiGet, apiKey, eventually, formIdByName, signIn } from '../steps';

const FEATURES = Number(process.env.BENCH_FEATURES ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const MANAGER = 'formulieren@demo.eform.nl';
const FILLER = 'invuller@demo.eform.nl';
const FORM = 'Demo kaartmelding';

/** A CSV of map features spread over the Netherlands in GPS coordinates, with statuses. */
function featuresCsv(count: number): string {
  const lines = ['object.name;object.status;object.latitude;object.longitude;nummer'];
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let i = 0; i < count; i++) {
    const lon = 3.5 + random() * 3.5;
    const lat = 50.8 + random() * 2.6;
    lines.push(`Paal ${i};${['actief', 'defect', 'closed'][i % 3]};${lat.toFixed(6)};${lon.toFixed(6)};${i}`);
  }
  return `${lines.join('\n')}\n`;
}

async function call<T>(baseUrl: string, key: string, path: string, init: RequestInit): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { ...init, headers: { 'api-key': key, ...(init.headers ?? {}) } });
  if (!response.ok) throw new Error(`${init.method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Imports the features as a new map datasource of the manager's client; answers its id. */
async function importFeatures(baseUrl: string, key: string, clientId: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([featuresCsv(FEATURES)]), 'bench.csv');
  const file = await call<{ fid: string }>(baseUrl, key, `/api/file-upload/datasource_source?client_id=${clientId}`, {
    method: 'POST',
    body: form,
  });
  const created = await call<{ data: { id: string }; meta: { batch: { batch_name: string } } }>(
    baseUrl,
    key,
    '/jsonapi/eform_datasource/map_features',
    {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({
        data: {
          type: 'eform_datasource--map_features',
          attributes: { name: 'Bench palen', field_crs: 'EPSG:4326' },
          relationships: {
            client_id: { data: { type: 'client--client', id: clientId } },
            file: { data: { type: 'file--file', id: file.fid } },
          },
        },
      }),
    },
  );
  const batch = created.meta.batch.batch_name;
  const status = await eventually(
    'the import to finish',
    async () => (await apiGet<{ status: string }>(baseUrl, key, `/api/batch/process/${batch}`)).status,
    (state) => state !== 'queued' && state !== 'running',
    600_000,
  );
  if (status !== 'done') throw new Error(`the import ended ${status}`);
  return created.data.id;
}

/** Points the demo map form's map element at the datasource. */
async function useDatasource(baseUrl: string, key: string, formId: string, datasourceId: string): Promise<void> {
  const form = await apiGet<{ schema: { elementType: string; mapSettings: { mapLayers: { datasource_id: string }[] } }[] }>(
    baseUrl,
    key,
    `/api/form/${formId}`,
  );
  for (const element of form.schema) {
    if (element.elementType === 'map') element.mapSettings.mapLayers[0]!.datasource_id = datasourceId;
  }
  await call(baseUrl, key, `/api/form/${formId}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ schema: form.schema }),
  });
}

/** Records, in the page, when the map last became idle (aria-busy false). */
async function watchIdle(page: Page): Promise<void> {
  await page.evaluate(() => {
    const state = window as unknown as { idleAt: number };
    state.idleAt = 0;
    const region = document.querySelector('.maplibregl-map[aria-busy]');
    if (!region) throw new Error('no map region with aria-busy');
    new MutationObserver(() => {
      if (region.getAttribute('aria-busy') === 'false') state.idleAt = performance.now();
    }).observe(region, { attributes: true, attributeFilter: ['aria-busy'] });
  });
}

const idleAfter = (page: Page, after: number) =>
  page.waitForFunction((t) => (window as unknown as { idleAt: number }).idleAt > t, after, { timeout: 30_000 });

/** Milliseconds from navigation until the map has drawn the features of its first viewport. */
async function firstRender(page: Page, url: string): Promise<number> {
  const started = Date.now();
  const answered = page.waitForResponse((r) => r.url().includes('/api/datasource/') && r.ok(), { timeout: 60_000 });
  await page.goto(url);
  await answered;
  // The form's first map is the map element (the gps element's map comes after it).
  await page.locator('.maplibregl-map').first().and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 60_000 });
  // The first answer's features on screen: the count under the map is shown once they are set.
  await page.getByText(/items? op de kaart/).first().waitFor({ timeout: 60_000 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const total = Date.now() - started;
  // Where the time went, in the page's own clock (ms since navigation).
  const marks = (await page.evaluate(`(() => {
    const entries = performance.getEntriesByType('resource');
    const last = (part) => entries.filter((e) => e.name.includes(part)).map((e) => [e.startTime, e.responseEnd]).at(-1) ?? [NaN, NaN];
    return { chunk: last('base-map-canvas')[1], request: last('/api/datasource/')[0], answer: last('/api/datasource/')[1], now: performance.now() };
  })()`)) as (typeof breakdowns)[number];
  breakdowns.push(marks);
  return total;
}

const breakdowns: { chunk?: number; request?: number; answer?: number; now: number }[] = [];

interface PanFigures {
  /** From letting go of the map until the new viewport's features are drawn. */
  releaseToDrawn: number;
  /** From the viewport's request (after the 1 s debounce) until its features are drawn. */
  requestToDrawn: number;
  /** The server's part: request sent until the answer's last byte. */
  answer: number;
  fps: number;
}

/** One drag across the map; frames counted while dragging, then the reload timed. */
async function pan(page: Page, dx: number): Promise<PanFigures> {
  const box = await page.locator('canvas.maplibregl-canvas').first().boundingBox();
  if (!box) throw new Error('no map canvas');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  // A string, so the bundler's helpers for named functions do not travel into the page.
  await page.evaluate(`(() => {
    window.frames_ = 0;
    window.counting = true;
    const tick = () => { if (window.counting) { window.frames_++; requestAnimationFrame(tick); } };
    requestAnimationFrame(tick);
  })()`);
  const dragStart = Date.now();
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 30; step++) await page.mouse.move(x + (dx * step) / 30, y + (dx * step) / 60, { steps: 2 });
  await page.mouse.up();
  const dragMs = Date.now() - dragStart;
  const frames = await page.evaluate(() => {
    const state = window as unknown as { frames_: number; counting: boolean };
    state.counting = false;
    return state.frames_;
  });
  const released = await page.evaluate(() => performance.now());
  const response = await page.waitForResponse((r) => r.url().includes('/api/datasource/') && r.url().includes('left='), {
    timeout: 30_000,
  });
  await response.finished();
  await idleAfter(page, released);
  const [drawn, origin] = await page.evaluate(() => [(window as unknown as { idleAt: number }).idleAt, performance.timeOrigin]);
  const timing = response.request().timing();
  return {
    releaseToDrawn: drawn - released,
    requestToDrawn: origin + drawn - timing.startTime,
    answer: timing.responseEnd,
    fps: (frames * 1000) / dragMs,
  };
}

function gzipKiB(file: string): number {
  return gzipSync(readFileSync(file)).length / 1024;
}

/** The gzip size of the entry chunk (index-*.js) and of the chunk holding maplibre. */
function chunkSizes(): { entry: number; map: number; mapFile: string } {
  const assets = join(DIST_DIR, 'assets');
  const files = readdirSync(assets).filter((name) => name.endsWith('.js'));
  const entry = files.find((name) => /^index-/.test(name));
  const map = files
    .map((name) => ({ name, text: readFileSync(join(assets, name), 'utf8') }))
    .filter(({ text }) => text.includes('maplibre'))
    .sort((a, b) => b.text.length - a.text.length)[0];
  return {
    entry: entry ? gzipKiB(join(assets, entry)) : NaN,
    map: map ? gzipKiB(join(assets, map.name)) : NaN,
    mapFile: map?.name ?? '?',
  };
}

const at = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.round((sorted.length - 1) * p))] ?? NaN;
};

checkPrerequisites();
const server = await EformServer.start();
const browser = await launchBrowser();
try {
  const manager = await apiKey(server.baseUrl, MANAGER);
  const info = await apiGet<{ clients: { id: string }[] }>(server.baseUrl, manager, '/api/user/info');
  const clientId = info.clients[0]?.id ?? '';
  const importStarted = Date.now();
  const datasourceId = await importFeatures(server.baseUrl, manager, clientId);
  const importSeconds = (Date.now() - importStarted) / 1000;
  const formId = await formIdByName(server.baseUrl, manager, FORM);
  await useDatasource(server.baseUrl, manager, formId, datasourceId);

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // As in the scenarios: the base map's style is not fetched from PDOK, the local one is drawn.
  await stayOffTheInternet(context);
  const page = await context.newPage();
  await signIn(page, server.baseUrl, FILLER);
  const url = `${server.baseUrl}/form/${formId}/0`;
  const first: number[] = [];
  for (let i = 0; i < ROUNDS; i++) first.push(await firstRender(page, url));
  await watchIdle(page);
  const pans: PanFigures[] = [];
  for (let i = 0; i < ROUNDS; i++) pans.push(await pan(page, i % 2 === 0 ? 300 : -300));
  const sizes = chunkSizes();

  const figure = (label: string, list: number[]) =>
    console.log(`  ${label.padEnd(34)} p50 ${at(list, 0.5).toFixed(0).padStart(5)} ms   max ${at(list, 1).toFixed(0).padStart(5)} ms`);
  console.log(`Map element over ${FEATURES.toLocaleString('en')} features (imported in ${importSeconds.toFixed(1)} s), Debian chromium headless, ${ROUNDS} rounds:`);
  figure('open form -> features drawn', first);
  const part = (key: 'chunk' | 'request' | 'answer') => breakdowns.map((b) => b[key] ?? NaN).filter((n) => !Number.isNaN(n));
  figure('  map chunk loaded', part('chunk'));
  figure('  first viewport requested', part('request'));
  figure('  first viewport answered', part('answer'));
  figure('pan released -> features drawn', pans.map((p) => p.releaseToDrawn));
  figure('  viewport request -> drawn', pans.map((p) => p.requestToDrawn));
  figure('  of which the server answer', pans.map((p) => p.answer));
  console.log('  (the spec debounces the viewport read 1 s after the map stops moving)');
  const fps = pans.map((p) => p.fps);
  console.log(`  frames per second while panning  p50 ${at(fps, 0.5).toFixed(0)}   min ${at(fps, 0).toFixed(0)}  (software GL, no GPU)`);
  console.log(`  map chunk ${sizes.mapFile}: ${sizes.map.toFixed(0)} KiB gzip; entry chunk ${sizes.entry.toFixed(0)} KiB gzip`);
} finally {
  await browser.close();
  await server.stop();
}
