import { createStore, useStore } from '@/lib/store';

/** Chromium's install event (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const store = createStore<BeforeInstallPromptEvent | null>(null);

/**
 * Keeps the browser's install event so the dashboard can offer installation later. Must run
 * before the first render: the event fires early and only once per page load.
 */
export function captureInstallPrompt(target: Window = window): void {
  target.addEventListener('beforeinstallprompt', (event) => {
    // Suppress the browser's own mini-infobar; our card offers installation instead.
    event.preventDefault();
    store.set(event as BeforeInstallPromptEvent);
  });
  target.addEventListener('appinstalled', () => store.set(null));
}

export function useCanInstall(): boolean {
  return useStore(store) !== null;
}

/** Shows the browser's install dialog; the event can be used only once. */
export async function promptInstall(): Promise<void> {
  const event = store.get();
  if (!event) return;
  store.set(null);
  await event.prompt();
  await event.userChoice;
}
