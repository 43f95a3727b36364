/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA, type VitePWAOptions } from 'vite-plugin-pwa';
import { API_CACHE_NAMES } from './src/lib/pwa/api-caches.ts';
import { nl } from './src/messages/nl.ts';

const SERVER = 'http://127.0.0.1:8080';

type RuntimeCaching = NonNullable<NonNullable<VitePWAOptions['workbox']>['runtimeCaching']>[number];

/** Spec 000 section 9: cache lifetimes of datasource items and request items. */
const DATASOURCE_MAX_AGE_S = 604_800; // 7 days
const REQUEST_ITEM_MAX_AGE_S = 60;

/**
 * Runtime caches of API answers (GET only: workbox routes match GET unless told otherwise, so a
 * POST, PATCH or upload never reaches these caches). workbox-build copies the plugin and
 * urlPattern functions into the service worker as source, so they must not use anything from
 * this module's scope.
 */
function runtimeCaching(): RuntimeCaching[] {
  /**
   * The service worker keys its caches by URL only, but every answer here belongs to the user
   * whose api-key asked. The key gets a hash of that api-key (never the key itself), so on a
   * shared device the next user, or a signed-out visitor, is never served a previous user's copy.
   */
  const perUserKey = {
    cacheKeyWillBeUsed: async ({ request }: { request: Request }) => {
      const apiKey = request.headers.get('api-key');
      if (!apiKey) return request;
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(apiKey));
      const hash = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
      const url = new URL(request.url);
      url.searchParams.set('eform-cache-user', hash);
      return url.href;
    },
  };
  /**
   * NetworkFirst reads the cache only when the network failed or timed out; the header tells
   * the API client so (SW_CACHE_HEADER in src/lib/api/client.ts), which then keeps showing the
   * app as offline instead of taking a cached copy for an answer of the server.
   */
  const markCached = {
    cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }) => {
      if (!cachedResponse) return cachedResponse;
      const headers = new Headers(cachedResponse.headers);
      headers.set('x-eform-from-cache', '1');
      return new Response(cachedResponse.body, { status: cachedResponse.status, statusText: cachedResponse.statusText, headers });
    },
  };
  /** Only complete JSON answers: no errors, no redirects, no uploaded files (up to 20 MB each). */
  const jsonOnly = {
    cacheWillUpdate: async ({ response }: { response: Response }) =>
      response.status === 200 && /json/.test(response.headers.get('content-type') ?? '') ? response : null,
  };
  return [
    {
      // Datasource answers (features or search options; spec 000 section 7: "cached for offline
      // use"). NetworkFirst, not StaleWhileRevalidate: feature statuses change as registrations
      // come in, and a field user choosing a feature must see the current status whenever there
      // is signal; the 7-day copy is the fallback without signal. The timeout hands over to that
      // copy on a connection that is up but not answering (one bar in a field).
      urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/datasource/'),
      handler: 'NetworkFirst',
      method: 'GET',
      options: {
        cacheName: API_CACHE_NAMES.datasource,
        networkTimeoutSeconds: 10,
        // Extents and search terms make many URLs; bound the count so a map session cannot fill
        // the quota, and give way first when the quota runs out (saved registrations live in
        // IndexedDB and must never be what the browser evicts).
        expiration: { maxAgeSeconds: DATASOURCE_MAX_AGE_S, maxEntries: 200, purgeOnQuotaError: true },
        plugins: [perUserKey, jsonOnly, markCached],
      },
    },
    {
      // Request items: the other GET answers of the API (forms, folder tree, registrations,
      // client details). NetworkFirst without a timeout: always fresh when the server answers;
      // the copy of at most 60 s only bridges a dropped request. Long-term offline copies of forms
      // and folder trees live in the device store (lib/offline/offline-cache.ts), not here.
      // Auth answers are never cached: user info (session state, and its 401 must reach the
      // server) and a client's roles and permissions.
      urlPattern: ({ url, sameOrigin }) =>
        sameOrigin &&
        /^\/(api|jsonapi)\//.test(url.pathname) &&
        !url.pathname.startsWith('/api/datasource/') &&
        !url.pathname.startsWith('/api/user/') &&
        !/^\/api\/client\/[^/]+\/info$/.test(url.pathname),
      handler: 'NetworkFirst',
      method: 'GET',
      options: {
        cacheName: API_CACHE_NAMES.requestItems,
        expiration: { maxAgeSeconds: REQUEST_ITEM_MAX_AGE_S, maxEntries: 100, purgeOnQuotaError: true },
        plugins: [perUserKey, jsonOnly, markCached],
      },
    },
  ];
}

const srcFile = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

/** The screens that show a form to fill in: the fill-in's first loads (issue 17 item 5). */
const FILL_IN_SCREENS = ['form-fill', 'form-fill-workflow', 'guest-form'].map((name) => srcFile(`features/fill/routes/${name}.tsx`));

/** The sign-in screens, a first load on the same weak signal: they must not need the fill-in's chunk. */
const SIGN_IN_SCREEN = /[\\/]src[\\/]features[\\/]auth[\\/]routes[\\/]/;

/** Every module that `roots` import statically, themselves included. */
function staticImports(context: Rolldown.ChunkingContext, roots: readonly string[]): Set<string> {
  const found = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    pending.push(...(context.getModuleInfo(id)?.importedIds ?? []));
  }
  return found;
}

/**
 * The modules of the fill-in's chunk: what the fill-in screens import statically (parts they
 * import lazily, such as deferred element types, stay out), less what a sign-in screen imports
 * too (the e-mail check), which keeps a chunk of its own.
 */
function fillInModules(context: Rolldown.ChunkingContext): Set<string> {
  const modules = staticImports(context, FILL_IN_SCREENS);
  for (const id of staticImports(context, signInScreens(context))) modules.delete(id);
  return modules;
}

/** The app's own modules that the fill-in and the sign-in screens both import (their fields, the e-mail check). */
function sharedScreenModules(context: Rolldown.ChunkingContext): Set<string> {
  const signIn = staticImports(context, signInScreens(context));
  return new Set([...staticImports(context, FILL_IN_SCREENS)].filter((id) => signIn.has(id) && !NODE_MODULES.test(id)));
}

/** The sign-in screens' modules, as the router imports them. */
function signInScreens(context: Rolldown.ChunkingContext): string[] {
  const screens = context.getModuleInfo(srcFile('app/router.tsx'))?.dynamicallyImportedIds ?? [];
  return screens.filter((screen) => SIGN_IN_SCREEN.test(screen));
}

const NODE_MODULES = /node_modules[\\/]/;

/** A walk of the module graph made once per chunking pass, which hands every call the same context. */
function perPass(walk: (context: Rolldown.ChunkingContext) => Set<string>) {
  let last: { context: Rolldown.ChunkingContext; modules: Set<string> } | undefined;
  return (context: Rolldown.ChunkingContext) => {
    if (last?.context !== context) last = { context, modules: walk(context) };
    return last.modules;
  };
}

/**
 * The modules of the first screens: what the app's entry imports statically, and what the
 * fill-in and sign-in screens do. Their libraries make one file: a screen's MUI parts would
 * otherwise come in a dozen small files that each cost a round trip, as the sign-in and fill-in
 * screens share them. Parts the shell loads later (its drawer) stay out.
 */
function firstScreenModules(context: Rolldown.ChunkingContext): Set<string> {
  return staticImports(context, [srcFile('main.tsx'), ...FILL_IN_SCREENS, ...signInScreens(context)]);
}

/**
 * Chunks for a first load on a weak signal (decision 025). There every request costs a round
 * trip and the browser opens six connections at most, so a screen's code comes in few files,
 * each named as early as possible:
 * - what the entry imports, in three files that index.html names at once (modulepreload): React
 *   with the router, the other libraries of the first screens (the entry, the fill-in and the
 *   sign-in screens; both stay cached across releases that leave them alone), and the app's own
 *   code, which is the entry chunk;
 * - what a fill-in screen imports beyond that, in one file that comes beside the form's data.
 *   Other screens that share a module with it load it too: the form builder's preview, which
 *   needs the same code, and the folder list, whose next screen is a form.
 * - what the fill-in and sign-in screens share of the app's code (their fields, the e-mail
 *   check), in one small file beside that;
 * - index.html's first script (`src/early.ts`), which starts the fill-in screen's requests, in
 *   a file of its own that imports none of the others (decision 029).
 * The other modules keep Rolldown's split by the screens that import them.
 */
const EARLY_MODULES = /[\\/]src[\\/](early|lib[\\/]api[\\/](early-requests|request-headers)|lib[\\/]auth[\\/]session-storage)\.ts$|vite[\\/]preload-helper/;

function chunkGroups(): Rolldown.CodeSplittingGroup[] {
  const fillIn = perPass(fillInModules);
  const firstScreens = perPass(firstScreenModules);
  const shared = perPass(sharedScreenModules);
  return [
    // index.html's first script with what it imports: no chunk of the app's, so it runs before
    // they are in (decision 029). Vite's preload helper comes along for its lazy import.
    { name: 'early', test: EARLY_MODULES, priority: 5 },
    { name: 'react', tags: ['$initial'], test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 4 },
    {
      name: (id, context) => (NODE_MODULES.test(id) && firstScreens(context).has(id) ? 'vendor' : null),
      priority: 3,
    },
    { name: 'index', tags: ['$initial'], priority: 2 },
    { name: (id, context) => (shared(context).has(id) ? 'first-screens' : null), priority: 1 },
    {
      name: (id, context) => (fillIn(context).has(id) ? 'fill-in' : null),
      // What the sign-in screens share stays out even when a fill-in module imports it.
      includeDependenciesRecursively: false,
      priority: 1,
    },
  ];
}

/**
 * index.html's first script, `src/early.ts` (decision 029): an entry of its own, named in the
 * page before the app's, so it runs as soon as it is in. Named in index.html itself, Vite would
 * join it to the app's entry, which runs only once React and the libraries are in.
 */
function earlyScript(): Plugin {
  return {
    name: 'eform-early-script',
    config: () => ({
      build: { rolldownOptions: { input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), early: srcFile('early.ts') } } },
    }),
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find((item) => item.type === 'chunk' && item.isEntry && item.name === 'early');
        const src = chunk ? `/${chunk.fileName}` : '/src/early.ts';
        return [{ tag: 'script', attrs: { type: 'module', async: true, crossorigin: true, src }, injectTo: 'head-prepend' }];
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    earlyScript(),
    VitePWA({
      // 'prompt': a new version waits until the user clicks 'Nu updaten', so unsaved work is
      // never lost to an automatic reload.
      registerType: 'prompt',
      injectRegister: false,
      // The glob below already precaches every icon; listing them again would duplicate entries.
      includeManifestIcons: false,
      manifest: {
        name: nl.app.name,
        short_name: nl.app.name,
        description: nl.app.description,
        lang: 'nl',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#1565c0',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // Every chunk, lazy ones included, so any screen opens offline; mjs covers the
        // module workers some libraries ship (see DEPENDENCIES.md). The plugin adds the
        // manifest itself.
        globPatterns: ['**/*.{js,mjs,css,html,ico,png,svg,woff2}'],
        // Workbox silently leaves out files above 2 MiB (only a build warning); a map library
        // chunk can grow past that, and a chunk missing from the precache breaks its screen offline.
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        navigateFallback: '/index.html',
        // Server endpoints are never answered with the app shell.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/jsonapi(\/|$)/, /^\/metrics$/, /^\/healthz$/, /^\/readyz$/],
        cleanupOutdatedCaches: true,
        runtimeCaching: runtimeCaching(),
      },
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups() } } },
  },
  server: {
    proxy: {
      '/api': SERVER,
      '/jsonapi': SERVER,
      '/healthz': SERVER,
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
