import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetSessionForTests } from '@/lib/auth/session';
import { reportServerReachable } from '@/lib/offline/connectivity';
import { db } from '@/lib/offline/device-db';
import { dismissToast, getToasts } from '@/lib/toast';

// jsdom has no matchMedia; answer width queries for a 1024 px wide window so MUI's
// useMediaQuery sees a desktop (permanent navigation drawer). Any other query (reduced motion,
// colour scheme) is a user's preference, and the default user has none.
window.matchMedia = (query: string) => {
  const min = /min-width:\s*([\d.]+)px/.exec(query);
  const max = /max-width:\s*([\d.]+)px/.exec(query);
  const width = window.innerWidth;
  const matches = Boolean(min || max) && (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  return {
    matches,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  };
};

// The app's stores are module state; every test starts signed out, online and without toasts.
afterEach(async () => {
  cleanup();
  await db.savedRegistrations.clear();
  await db.folderTrees.clear();
  await db.forms.clear();
  await db.offlineFiles.clear();
  await db.offlineFileData.clear();
  await db.datasources.clear();
  localStorage.clear();
  resetSessionForTests();
  reportServerReachable(true);
  for (const toast of getToasts()) dismissToast(toast.id);
  vi.unstubAllGlobals();
});
