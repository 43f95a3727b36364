/**
 * What the browser did during one scenario: the API and page requests with their answers, the
 * navigations and the console's warnings and errors of every page in every context the scenario
 * opens, each with its time since the start. Printed with a failure, so a scenario that fails
 * only now and then can be understood from the CI log alone (the order of a request, its answer
 * and a navigation is what such failures have turned on).
 */
import type { Browser, BrowserContext } from 'playwright-core';

/** Lines kept: the tail is what explains a failure, and a long scenario makes thousands. */
const KEPT = 400;
/** The app's own files and icons: many, and never what a failure turns on. */
const STATIC = /\/(assets|icons)\/|\/favicon/;

export class Journal {
  private readonly started = Date.now();
  private readonly lines: string[] = [];
  private contexts = 0;

  /** Watches every context the browser opens until the returned function is called. */
  follow(browser: Browser): () => void {
    const watch = (context: BrowserContext) => this.watch(context, `c${++this.contexts}`);
    browser.on('context', watch);
    return () => browser.off('context', watch);
  }

  /** The last `count` lines, indented for the runner's failure message. */
  tail(count: number): string {
    return this.lines
      .slice(-count)
      .map((line) => `    ${line}`)
      .join('\n');
  }

  private watch(context: BrowserContext, name: string): void {
    context.on('request', (request) => {
      if (!STATIC.test(request.url())) this.add(name, `> ${request.method()} ${pathOf(request.url())}`);
    });
    context.on('response', (response) => {
      if (!STATIC.test(response.url())) this.add(name, `< ${response.status()} ${response.request().method()} ${pathOf(response.url())}`);
    });
    context.on('requestfailed', (request) => {
      this.add(name, `x ${request.method()} ${pathOf(request.url())}: ${request.failure()?.errorText ?? 'failed'}`);
    });
    context.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') this.add(name, `console.${message.type()}: ${message.text()}`);
    });
    context.on('page', (page) => {
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) this.add(name, `navigated to ${pathOf(frame.url())}`);
      });
    });
  }

  private add(name: string, text: string): void {
    this.lines.push(`${String(Date.now() - this.started).padStart(6)} ms ${name} ${text}`);
    if (this.lines.length > KEPT * 2) this.lines.splice(0, this.lines.length - KEPT);
  }
}

/** Path and query: every request of a scenario goes to its one server. */
function pathOf(url: string): string {
  const parsed = new URL(url);
  return parsed.protocol.startsWith('http') ? `${parsed.pathname}${parsed.search}` : url;
}
