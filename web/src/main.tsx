import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from '@/app/provider';
import { createAppRouter } from '@/app/router';
import { watchBrowserConnectivity } from '@/lib/offline/connectivity';
import { captureInstallPrompt } from '@/lib/pwa/install-prompt';
import { registerServiceWorker } from '@/lib/pwa/update';

// Both listen for events that fire early in the page's life, so they start before rendering.
captureInstallPrompt();
watchBrowserConnectivity();

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);

/** Resolves once the router has loaded the first screen's code and data (or given up on them). */
function firstScreenLoaded(): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

if (import.meta.env.PROD) {
  // The worker's install downloads every chunk for offline use (close to 1 MB): on a weak signal
  // that would compete with the first screen's own code and data, so it waits for them (decision 025).
  firstScreenLoaded()
    .then(registerServiceWorker)
    .catch((error: unknown) => console.error('service worker registration failed', error));
}
