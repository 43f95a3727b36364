/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { nl } from './src/messages/nl.ts';

const SERVER = 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    react(),
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
        navigateFallback: '/index.html',
        // Server endpoints are never answered with the app shell.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/jsonapi(\/|$)/, /^\/metrics$/, /^\/healthz$/, /^\/readyz$/],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
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
