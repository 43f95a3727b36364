import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** Debian's Chromium; this machine never downloads a browser of its own. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Reduced motion, as a user may ask their device for: a scenario acts the moment an element is
 * there, and a panel still opening clips what it holds, so a click on a row that arrived during
 * the opening could land on nothing (seen in w2's group screen, about once in fifteen runs).
 */
export const CONTEXT_OPTIONS = { viewport: { width: 1280, height: 800 }, locale: 'nl-NL', reducedMotion: 'reduce' } as const;

/** `extraArgs`: switches a scenario needs on top, such as a fake camera. */
export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...ARGS, ...extraArgs] });
}

/**
 * A browser with a profile on disk: closing it and launching again on the same folder is a
 * browser restart on the same device (service worker, IndexedDB and localStorage kept).
 */
export function launchProfile(userDataDir: string): Promise<BrowserContext> {
  return chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM_PATH, args: ARGS, headless: true, ...CONTEXT_OPTIONS });
}
