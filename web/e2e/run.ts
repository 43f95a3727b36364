/**
 * End-to-end runner: every scenario gets its own seeded server and browser context.
 *   npm run e2e                # build, then all scenarios
 *   npm run e2e:run -- offline # only scenarios whose name contains "offline" (no build)
 * Prints one line per scenario and a final `e2e: N passed, N failed`; exits non-zero on failure.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { CONTEXT_OPTIONS, launchBrowser } from './browser';
import { checkPrerequisites, EformServer, WEB_DIR } from './harness';
import { Journal } from './journal';
import { accessibilityScenarios } from './accessibility-scenarios';
import { builderScenarios } from './builder-scenarios';
import { clientScenarios } from './client-scenarios';
import { creditScenarios } from './credit-scenarios';
import { datasourceScenarios } from './datasource-scenarios';
import { locationScenarios } from './location-scenarios';
import { mapScenarios } from './map-scenarios';
import { offlineScenarios } from './offline-scenarios';
import { notificationScenarios } from './notification-scenarios';
import { reviewScenarios } from './review-scenarios';
import { scenarios } from './scenarios';
import type { Scenario } from './steps';

const SCENARIO_TIMEOUT_MS = 120_000;
/** Lines of the browser's journal printed with a failure. */
const JOURNAL_TAIL = 40;
const RESULTS_DIR = join(WEB_DIR, 'test-results');

async function runScenario(browser: Browser, scenario: Scenario): Promise<void> {
  const server = await EformServer.start();
  const journal = new Journal();
  const unfollow = journal.follow(browser);
  const context = await browser.newContext(CONTEXT_OPTIONS);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      scenario.run({ server, browser, context, page }),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${SCENARIO_TIMEOUT_MS} ms`)), SCENARIO_TIMEOUT_MS);
      }),
    ]);
    if (pageErrors.length > 0) throw new Error(`uncaught errors in the page:\n  ${pageErrors.join('\n  ')}`);
  } catch (error) {
    mkdirSync(RESULTS_DIR, { recursive: true });
    const shot = join(RESULTS_DIR, `${scenario.name.replace(/[^a-z0-9]+/gi, '-')}.png`);
    await page.screenshot({ path: shot, fullPage: true }).catch(() => undefined);
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(
      `${detail}\n  page: ${page.url()}\n  screenshot: ${shot}\n  server log (tail):\n${server.logTail(15)}\n  browser (tail):\n${journal.tail(JOURNAL_TAIL)}`,
    );
  } finally {
    unfollow();
    clearTimeout(timer);
    await context.close();
    await server.dispose();
  }
}

async function main(): Promise<number> {
  const filter = process.argv[2];
  const all = [...scenarios, ...offlineScenarios, ...builderScenarios, ...reviewScenarios, ...notificationScenarios, ...clientScenarios, ...creditScenarios, ...datasourceScenarios, ...mapScenarios, ...locationScenarios, ...accessibilityScenarios];
  const selected = filter ? all.filter((s) => s.name.includes(filter)) : all;
  let passed = 0;
  let failed = 0;
  try {
    checkPrerequisites();
  } catch (error) {
    console.error(`e2e: cannot start: ${error instanceof Error ? error.message : String(error)}`);
    console.log(`e2e: 0 passed, ${selected.length} failed`);
    return 1;
  }
  const browser = await launchBrowser();
  try {
    for (const scenario of selected) {
      const started = Date.now();
      try {
        await runScenario(browser, scenario);
        passed++;
        console.log(`PASS ${scenario.name} (${Date.now() - started} ms)`);
      } catch (error) {
        failed++;
        console.log(`FAIL ${scenario.name} (${Date.now() - started} ms)\n  ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`e2e: ${passed} passed, ${failed} failed`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

process.exitCode = await main();
