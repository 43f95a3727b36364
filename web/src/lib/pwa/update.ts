import { createStore, useStore } from '@/lib/store';

/** A new service worker is installed and waits for the user to click 'Nu updaten'. */
const store = createStore<{ needRefresh: boolean }>({ needRefresh: false });
let activate: ((reload?: boolean) => Promise<void>) | null = null;

/** How often an open app asks the server for a new version. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
  activate = registerSW({
    onNeedRefresh: () => store.set({ needRefresh: true }),
    onRegisteredSW(_url, registration) {
      // A PWA can stay open for days; without a periodic check it would never see a release.
      if (registration) setInterval(() => void registration.update(), UPDATE_CHECK_MS);
    },
  });
}

export function useUpdateAvailable(): boolean {
  return useStore(store).needRefresh;
}

/** Activates the waiting service worker; the page reloads once it has taken control. */
export async function applyUpdate(): Promise<void> {
  await activate?.(true);
}
