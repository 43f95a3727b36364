import { APP_VERSION } from '@/config/app';
import { deviceStoreCounts, type DeviceStoreCounts } from '@/lib/offline/device-store-debug';
import { isIos } from '@/lib/pwa/ios-install';

/** What the iOS debugging page shows; also copied as JSON for support. */
export interface Diagnostics {
  collectedAt: string;
  appVersion: string;
  device: {
    userAgent: string;
    platform: string;
    maxTouchPoints: number;
    ios: boolean;
    /** Safari's own flag for a page opened from the home screen (undefined outside iOS). */
    navigatorStandalone: boolean | undefined;
    /** The first display-mode media query that matches, or null. */
    displayMode: string | null;
    online: boolean;
  };
  serviceWorker: {
    supported: boolean;
    controlled: boolean;
    /** State of the active worker (activated, ...), null without a registration. */
    activeState: string | null;
    waitingState: string | null;
    installingState: string | null;
    scriptUrl: string | null;
    scope: string | null;
    /**
     * Revision of index.html in the workbox precache: changes with every release, so it tells
     * which build the service worker serves offline (compare with the app version above).
     */
    precacheRevision: string | null;
  };
  storage: {
    usage: number | null;
    quota: number | null;
    /** null where the browser has no StorageManager.persisted (older iOS). */
    persisted: boolean | null;
  };
  deviceStore: DeviceStoreCounts | { error: string };
  /** Cache Storage: workbox precache and the runtime caches, with their entry counts. */
  caches: { name: string; entries: number }[] | { error: string };
}

const DISPLAY_MODES = ['fullscreen', 'standalone', 'minimal-ui', 'browser'] as const;

function message(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

async function settle<T>(work: () => Promise<T>): Promise<T | { error: string }> {
  try {
    return await work();
  } catch (error) {
    return { error: message(error) };
  }
}

const REVISION = /\/index\.html\?__WB_REVISION__=([0-9a-f]+)/;

async function precacheRevision(win: Window): Promise<string | null> {
  if (!('caches' in win)) return null;
  const name = (await win.caches.keys()).find((cache) => cache.startsWith('workbox-precache'));
  if (!name) return null;
  const keys = await (await win.caches.open(name)).keys();
  for (const request of keys) {
    const match = REVISION.exec(request.url);
    if (match?.[1]) return match[1];
  }
  return null;
}

async function serviceWorkerInfo(win: Window): Promise<Diagnostics['serviceWorker']> {
  const nav = win.navigator;
  const container = 'serviceWorker' in nav ? nav.serviceWorker : undefined;
  const none = { activeState: null, waitingState: null, installingState: null, scriptUrl: null, scope: null };
  const revision = await precacheRevision(win).catch(() => null);
  if (!container) return { supported: false, controlled: false, ...none, precacheRevision: revision };
  const registration = await container.getRegistration().catch(() => undefined);
  return {
    supported: true,
    controlled: container.controller !== null,
    ...none,
    precacheRevision: revision,
    ...(registration && {
      activeState: registration.active?.state ?? null,
      waitingState: registration.waiting?.state ?? null,
      installingState: registration.installing?.state ?? null,
      scriptUrl: registration.active?.scriptURL ?? null,
      scope: registration.scope,
    }),
  };
}

async function storageInfo(nav: Navigator): Promise<Diagnostics['storage']> {
  const storage = nav.storage as StorageManager | undefined;
  const estimate = typeof storage?.estimate === 'function' ? await storage.estimate().catch(() => undefined) : undefined;
  const persisted = typeof storage?.persisted === 'function' ? await storage.persisted().catch(() => null) : null;
  return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted };
}

async function cacheInfo(win: Window): Promise<Diagnostics['caches']> {
  if (!('caches' in win)) return [];
  const names = await win.caches.keys();
  return Promise.all(names.map(async (name) => ({ name, entries: (await (await win.caches.open(name)).keys()).length })));
}

/** Reads everything at once; a part that fails is reported in place, never fails the whole. */
export async function collectDiagnostics(win: Window = window, now = new Date()): Promise<Diagnostics> {
  const nav = win.navigator;
  const matchMedia = typeof win.matchMedia === 'function' ? win.matchMedia.bind(win) : undefined;
  const [serviceWorker, storage, deviceStore, caches] = await Promise.all([
    serviceWorkerInfo(win),
    storageInfo(nav),
    settle(deviceStoreCounts),
    settle(() => cacheInfo(win)),
  ]);
  return {
    collectedAt: now.toISOString(),
    appVersion: APP_VERSION,
    device: {
      userAgent: nav.userAgent,
      platform: nav.platform,
      maxTouchPoints: nav.maxTouchPoints ?? 0,
      ios: isIos(nav.userAgent, nav.platform, nav.maxTouchPoints ?? 0),
      navigatorStandalone: (nav as Navigator & { standalone?: boolean }).standalone,
      displayMode: DISPLAY_MODES.find((mode) => matchMedia?.(`(display-mode: ${mode})`).matches) ?? null,
      online: nav.onLine,
    },
    serviceWorker,
    storage,
    deviceStore,
    caches,
  };
}
