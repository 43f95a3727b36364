/**
 * Benchmark (figures, not a test): a signed-in field user's first load of a form on a weak
 * signal, in Debian's Chromium with an empty cache and no service worker yet. Prints the bytes
 * on the wire (JavaScript and all) and the time until the form is rendered, under an emulated
 * slow 3G line (400 ms round trip, 400 kbit/s each way) and unthrottled, for 'Demo melding'.
 *   cd web && npx tsx e2e/bench/first-load.ts      (or ops/bench/first-load)
 * Needs the release server binary and web/dist (`npm run build` makes the brotli copies).
 */
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser } from '../browser';
import { checkPrerequisites, EformServer } from '../harness';
import { apiKey, formIdByName, signIn } from '../steps';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const FILLER = 'invuller@demo.eform.nl';
const FORM = 'Demo melding';
const SLOW_3G = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };

interface Load {
  ms: number;
  jsBytes: number;
  allBytes: number;
  /** Script requests: on a slow line each costs a round trip, more when found late. */
  jsRequests: number;
}

/** One fresh load: a new context with the session only, so no HTTP cache and no worker. */
async function load(browser: Browser, session: Awaited<ReturnType<BrowserContext['storageState']>>, url: string, slow: boolean): Promise<Load> {
  const context = await browser.newContext({ storageState: session, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (slow) await cdp.send('Network.emulateNetworkConditions', SLOW_3G);
  const types = new Map<string, string>();
  let jsBytes = 0;
  let allBytes = 0;
  let jsRequests = 0;
  cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
  cdp.on('Network.loadingFinished', (event) => {
    allBytes += event.encodedDataLength;
    if (types.get(event.requestId) !== 'Script') return;
    jsBytes += event.encodedDataLength;
    jsRequests++;
  });
  const started = Date.now();
  await page.goto(url);
  await page.getByRole('heading', { name: FORM, level: 1 }).waitFor({ timeout: 120_000 });
  await page.getByLabel('Omschrijving').waitFor({ timeout: 120_000 });
  const ms = Date.now() - started;
  await context.close();
  return { ms, jsBytes, allBytes, jsRequests };
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? NaN;

checkPrerequisites();
const server = await EformServer.start();
const browser = await launchBrowser();
try {
  const key = await apiKey(server.baseUrl, FILLER);
  const formId = await formIdByName(server.baseUrl, key, FORM);
  const first = await browser.newContext({ serviceWorkers: 'block' });
  const page = await first.newPage();
  await signIn(page, server.baseUrl, FILLER);
  const session = await first.storageState();
  await first.close();
  const url = `${server.baseUrl}/form/${formId}/0`;
  console.log(`First load of '${FORM}' by a signed-in field user (empty cache, no service worker), ${ROUNDS} rounds:`);
  for (const slow of [false, true]) {
    const loads: Load[] = [];
    for (let i = 0; i < ROUNDS; i++) loads.push(await load(browser, session, url, slow));
    const kib = (n: number) => (n / 1024).toFixed(0).padStart(5);
    console.log(
      `  ${(slow ? 'slow 3G' : 'unthrottled').padEnd(12)} rendered p50 ${median(loads.map((l) => l.ms)).toFixed(0).padStart(6)} ms   ` +
        `JavaScript ${kib(median(loads.map((l) => l.jsBytes)))} KiB in ${median(loads.map((l) => l.jsRequests))} requests   ` +
        `all ${kib(median(loads.map((l) => l.allBytes)))} KiB on the wire`,
    );
  }
  console.log('  (slow 3G: 400 ms round trip, 400 kbit/s down and up, as Chromium emulates it)');
} finally {
  await browser.close();
  await server.stop();
}
