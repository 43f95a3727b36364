import { createStore, useStore } from '@/lib/store';

/**
 * Online means: the browser says so AND the server answers. navigator.onLine stays true when only
 * the server (or the network behind the Wi-Fi) is down, so failed requests count as offline too.
 */
interface ConnectivityState {
  browserOnline: boolean;
  serverReachable: boolean;
}

/** While the server is unreachable, it is probed this often to notice its return. */
export const REACHABILITY_PROBE_MS = 10_000;
const PROBE_URL = '/healthz';

const store = createStore<ConnectivityState>({
  browserOnline: typeof navigator === 'undefined' ? true : navigator.onLine,
  serverReachable: true,
});

let probeTimer: ReturnType<typeof setTimeout> | undefined;

export function isOnline(): boolean {
  const { browserOnline, serverReachable } = store.get();
  return browserOnline && serverReachable;
}

export function useOnline(): boolean {
  const { browserOnline, serverReachable } = useStore(store);
  return browserOnline && serverReachable;
}

/**
 * Calls `listener` each time the app comes back online: the browser's network returned or the
 * server answers again after a failure. Returns the unsubscribe function.
 */
export function onReconnect(listener: () => void): () => void {
  let wasOnline = isOnline();
  return store.subscribe(() => {
    const online = isOnline();
    if (online && !wasOnline) listener();
    wasOnline = online;
  });
}

export function reportServerReachable(reachable: boolean): void {
  store.set((prev) => (prev.serverReachable === reachable ? prev : { ...prev, serverReachable: reachable }));
  if (reachable) {
    clearTimeout(probeTimer);
    probeTimer = undefined;
  } else if (probeTimer === undefined) {
    scheduleProbe();
  }
}

function scheduleProbe(): void {
  probeTimer = setTimeout(() => {
    probeTimer = undefined;
    void probe();
  }, REACHABILITY_PROBE_MS);
}

async function probe(): Promise<void> {
  try {
    const response = await fetch(PROBE_URL, { cache: 'no-store' });
    reportServerReachable(response.ok);
  } catch {
    reportServerReachable(false);
  }
}

/** Follows the browser's online/offline events; returns the unsubscribe function. */
export function watchBrowserConnectivity(target: Window = window): () => void {
  const update = () => {
    const browserOnline = target.navigator.onLine;
    store.set((prev) => (prev.browserOnline === browserOnline ? prev : { ...prev, browserOnline }));
    // Back online: check the server at once instead of waiting for the next probe.
    if (browserOnline && !store.get().serverReachable) void probe();
  };
  update();
  target.addEventListener('online', update);
  target.addEventListener('offline', update);
  return () => {
    target.removeEventListener('online', update);
    target.removeEventListener('offline', update);
  };
}
