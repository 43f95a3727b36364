/**
 * Benchmark (figures, not a test): how long an offline reload of the app takes until a form is
 * rendered, with the server stopped, the app shell from the service worker and the form from the
 * device store. Online reloads are measured too for comparison.
 *   cd web && npx tsx e2e/bench/offline-reload.ts      (or ops/bench/offline-reload)
 * Needs the release server binary and web/dist, like the end-to-end scenarios.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchProfile } from '../browser';
import { checkPrerequisites, EformServer } from '../harness';
import { apiKey, formIdByName, signIn } from '../steps';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const FILLER = 'invuller@demo.eform.nl';

/** Milliseconds from the start of a reload until the form's heading is on screen. */
async function reloadUntilForm(page: Page): Promise<number> {
  const started = performance.now();
  await page.reload();
  await page.getByRole('heading', { name: 'Demo melding', level: 1 }).waitFor({ timeout: 30_000 });
  await page.getByLabel('Omschrijving').waitFor({ timeout: 30_000 });
  return performance.now() - started;
}

async function measure(page: Page): Promise<number[]> {
  await reloadUntilForm(page); // warm-up
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) times.push(await reloadUntilForm(page));
  return times.sort((a, b) => a - b);
}

function line(label: string, times: number[]): string {
  const at = (p: number) => times[Math.min(times.length - 1, Math.round((times.length - 1) * p))] ?? 0;
  return `${label.padEnd(16)} median ${at(0.5).toFixed(0).padStart(5)} ms   p90 ${at(0.9).toFixed(0).padStart(5)} ms   min ${at(0).toFixed(0).padStart(5)} ms`;
}

checkPrerequisites();
const server = await EformServer.start();
const profile = mkdtempSync(join(tmpdir(), 'eform-bench-profile-'));
const browser = await launchProfile(profile);
try {
  const key = await apiKey(server.baseUrl, FILLER);
  const formId = await formIdByName(server.baseUrl, key, 'Demo melding');
  const page = browser.pages()[0] ?? (await browser.newPage());
  await signIn(page, server.baseUrl, FILLER);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto(`${server.baseUrl}/form/${formId}/0`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  const online = await measure(page);
  await server.stop();
  const offline = await measure(page);
  console.log(`${ROUNDS} reloads of the 'Demo melding' form page in Debian chromium (headless):`);
  console.log(line('online', online));
  console.log(line('offline', offline));
  console.log('(from reload until the form heading and its first field are rendered)');
} finally {
  await browser.close();
  await server.dispose();
  rmSync(profile, { recursive: true, force: true });
}
