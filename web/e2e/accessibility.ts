/**
 * axe-core's checks of WCAG 2.2 A and AA and of its best practices, run in the page as the user
 * sees it (styles, colours and the rendered tree of the real browser, which jsdom has not).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { TIMEOUT } from './steps';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string }[];
}

interface Axe {
  run(context: Document, options: unknown): Promise<{ violations: Violation[] }>;
}

/** One line per element that fails a rule, for the failure message. */
export async function accessibilityProblems(page: Page, skip: readonly string[] = []): Promise<string[]> {
  // Evaluated by the browser's debugger, so the page's script policy does not refuse it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, skip }) => {
      const axe = (window as unknown as { axe: Axe }).axe;
      const rules = Object.fromEntries(skip.map((id) => [id, { enabled: false }]));
      const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: tags }, rules });
      return violations.flatMap((violation) =>
        violation.nodes.map(
          (node) => `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help}: ${node.target.join(' ')} ${node.html.slice(0, 160)}`,
        ),
      );
    },
    { tags: TAGS, skip: [...skip] },
  );
}

/**
 * Collects the problems of the screen on view under `label`, once it has its title (or an open
 * dialog or menu, which hides the title from assistive technology) and its data.
 */
export async function checkScreen(page: Page, label: string, found: string[], skip: readonly string[] = []): Promise<void> {
  await page.getByRole('heading', { level: 1 }).or(page.getByRole('dialog')).or(page.getByRole('menu')).first().waitFor({ timeout: TIMEOUT });
  // A screen that keeps asking (a job's progress) is checked as it stands after the timeout.
  await page.waitForLoadState('networkidle', { timeout: TIMEOUT }).catch(() => undefined);
  found.push(...(await accessibilityProblems(page, skip)).map((problem) => `${label}: ${problem}`));
}

/**
 * Collects a screen that is wider than the window: on a phone the whole page, app bar and all,
 * would then scroll sideways (WCAG 1.4.10 asks that content reflows; a table scrolls in its box).
 */
export async function checkWidth(page: Page, label: string, found: string[]): Promise<void> {
  const [content, window] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  if (content !== undefined && window !== undefined && content > window) found.push(`${label}: the page is ${content} px wide in a window of ${window} px`);
}
