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

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={createAppRouter()} />
    </AppProvider>
  </StrictMode>,
);

if (import.meta.env.PROD) {
  registerServiceWorker().catch((error: unknown) => console.error('service worker registration failed', error));
}
