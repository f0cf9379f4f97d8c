import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compileHints } from './compile-hints';
import { firstScreen } from './first-screen';
import { precompressed } from './precompressed';

/**
 * What the service worker downloads when it installs (issue 9: a first visit on prepaid data): the shell and
 * the screens of the bottom bar (dashboard, products, cart, co-ops, community), each with the chunks it
 * imports statically. Every other screen, chart, translation and picture is cached when first used.
 */
const SCREEN_FILES = [
  './src/app/shell/AppShell.tsx',
  './src/features/dashboard/DashboardPage.tsx',
  './src/features/products/ProductsPage.tsx',
];
const PRECACHED_MODULES = [
  /\/src\/main\.tsx$/,
  /\/app\/shell\/AppShell\.tsx$/,
  /\/features\/dashboard\/DashboardPage\.tsx$/,
  /\/features\/products\/ProductsPage\.tsx$/,
  /\/features\/cart\/CartPage\.tsx$/,
  /\/features\/cooperatives\/CooperativesPage\.tsx$/,
  // The shell's bell and the phone's menu, loaded by AppShell once the first paint is done.
  /\/features\/notifications\/NotificationBell\.tsx$/,
  /\/app\/shell\/MobileMenu\.tsx$/,
  // The toaster, loaded with the first message: a phone that goes offline before it has shown one must still be
  // able to say what failed (about 10 KB compressed).
  /\/components\/ui\/Toasts\.tsx$/,
];

/**
 * What the shell loads once the first paint is done (the bell's Radix popover and the positioning code only it
 * uses; the phone menu's Radix dialog and what only it and the popover use, layers, focus and scroll locking):
 * in chunks of their own, evaluated in tasks of their own, not with 'screens'.
 */
const LATER = new RegExp(
  String.raw`[\\/](@radix-ui[\\/]react-(popover|popper|dialog|dismissable-layer|focus-guards|focus-scope|portal|use-escape-keydown)` +
    String.raw`|@floating-ui[\\/][a-z-]+|aria-hidden|react-remove-scroll(-bar)?|react-style-singleton|use-callback-ref|use-sidecar|get-nonce)[\\/]`,
);

/** The files of the fonts a deployment may choose (@fontsource, latin): `inter-latin-400-normal-<hash>.woff2`. */
const BRANDING_FONT_FILE = /(^|\/)[a-z-]+-latin-\d00-normal-[\w-]+\.woff2?$/;

const DOMAIN_BARREL = /[\\/]packages[\\/]domain[\\/]src[\\/]index\.ts$/;

/** Every module the shell and the bottom bar's screens import, directly or not (the 'screens' chunk). */
let firstScreensSeen: Set<string> | undefined;
function firstScreens(ctx: { getModuleInfo(id: string): { importedIds: string[] } | null }) {
  if (firstScreensSeen) return firstScreensSeen;
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id) || LATER.test(id)) return;
    seen.add(id);
    // Not through the domain's barrel: it reaches every area's rules and contracts (and zod), which the
    // other screens use; what the first screens use of it is chunked by the bundler with its users.
    if (DOMAIN_BARREL.test(id)) return;
    ctx.getModuleInfo(id)?.importedIds.forEach(visit);
  };
  for (const file of SCREEN_FILES) visit(fileURLToPath(new URL(file, import.meta.url)));
  firstScreensSeen = seen;
  return seen;
}

/** Records, per build, the output files of PRECACHED_MODULES and their static imports (JS and CSS). */
function precacheSelection() {
  const files = new Set<string>();
  const plugin: Plugin = {
    name: 'tt-precache-selection',
    apply: 'build',
    generateBundle(_options, bundle) {
      files.clear();
      const visit = (fileName: string) => {
        const item = bundle[fileName];
        if (!item || files.has(fileName)) return;
        files.add(fileName);
        if (item.type !== 'chunk') return;
        item.imports.forEach(visit);
        item.viteMetadata?.importedCss.forEach(visit);
      };
      for (const item of Object.values(bundle)) {
        if (item.type !== 'chunk') continue;
        const id = item.facadeModuleId ?? '';
        if (item.isEntry || PRECACHED_MODULES.some((m) => m.test(id))) visit(item.fileName);
      }
    },
  };
  return { plugin, files };
}

const precache = precacheSelection();

/**
 * React Router publishes a production build beside the development one its package exports: the same code with
 * its development warnings switched off, which the app's build takes (issue 9: less work on a phone's first load).
 */
const routerProductionBuild: Plugin = {
  name: 'tt-react-router-production',
  apply: 'build',
  config: () => ({
    resolve: {
      alias: [
        {
          find: /^react-router$/,
          replacement: fileURLToPath(
            new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
          ),
        },
      ],
    },
  }),
};

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    precache.plugin,
    routerProductionBuild,
    firstScreen(),
    // ADR 037: the code every first load runs most of, compiled at once off the main thread while it streams in.
    compileHints(['react-dom', 'vendor', 'app', 'screens']),
    precompressed(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/*.png'],
      manifest: {
        name: 'Township Trade',
        short_name: 'TownshipTrade',
        description: 'Wholesale buying, cooperatives and business tools for township retailers.',
        lang: 'en-ZA',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        background_color: '#fff7ed',
        theme_color: '#f97316',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The shell and the bottom bar's screens come from the cache, so the app opens without a network;
        // of the built assets only those (precacheSelection above), plus the page, the icon and the fonts.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.filter(
              (e) =>
                precache.files.has(e.url) ||
                e.url === 'index.html' ||
                e.url === 'favicon.svg' ||
                // Not the branding's fonts (ADR 049): each is downloaded only where a deployment chose it.
                (e.url.endsWith('.woff2') && !BRANDING_FONT_FILE.test(e.url)),
            ),
            warnings: [],
          }),
        ],
        navigateFallback: '/index.html',
        // /c/CODE is a campaign's tracked link: the server counts it and redirects (ADR 019).
        navigateFallbackDenylist: [/^\/api\//, /^\/c\//],
        runtimeCaching: [
          {
            // Every other screen's chunk, once visited. The names carry a content hash: never stale.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'screens',
              expiration: { maxEntries: 300, maxAgeSeconds: 60 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Product pictures and icons, once shown.
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin && (url.pathname.startsWith('/products/') || url.pathname.startsWith('/icons/')),
            handler: 'StaleWhileRevalidate',
            options: {
              cacheName: 'images',
              expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Last data seen stays readable offline; fresh data wins whenever the network answers.
            urlPattern: ({ url }) =>
              url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/logout'),
            handler: 'NetworkFirst',
            method: 'GET',
            options: {
              cacheName: 'api',
              networkTimeoutSeconds: 8,
              expiration: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 60 * 60 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  build: {
    target: 'es2022',
    // WEB_SOURCEMAP=1: maps beside the chunks, not named in them (scripts/main-thread.mjs reads them).
    sourcemap: process.env.WEB_SOURCEMAP ? 'hidden' : false,
    rolldownOptions: {
      // Each screen keeps a chunk of its own (first-screen.ts and the precache find screens by their chunk).
      // Without this, Rolldown may merge chunks into one another; main.tsx's top-level await used to stop it, and
      // main.tsx now starts from a function instead (ADR 038).
      experimental: { chunkOptimization: false },
      output: {
        codeSplitting: {
          groups: [
            // What the entry imports from libraries travels in two files of its own (ADR 037): React DOM with its
            // scheduler, and the rest. They change only when a library does, so a release that changes the app
            // leaves them in the phone's cache (the app's own file is some 47 KB of the 435 KB the entry was). And
            // under an inspector (Lighthouse, DevTools) V8 parses again the top level of a file whose code made an
            // Error or a request; a small entry makes that cheap (28 -> 6 ms, ADR 035).
            {
              name: 'react-dom',
              test: /node_modules[\\/](react-dom|scheduler)[\\/]/,
              tags: ['$initial'],
              priority: 5,
            },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 4 },
            // Every screen shares a few icons with the shell; split per icon, the first visit paid a request
            // (and its headers) for each of them. The icons travel as one chunk instead.
            { name: 'icons', test: /node_modules[\\/]lucide-react/, priority: 3 },
            // Issue 9: on a slow link every file is a round trip, and the first load asked for some 50 small
            // ones. What the entry imports of the app's own travels as one file; what the shell and the bottom
            // bar's screens import (all precached on the first visit anyway, see PRECACHED_MODULES) as one more.
            { name: 'app', tags: ['$initial'], priority: 2 },
            { name: (id, ctx) => (firstScreens(ctx).has(id) ? 'screens' : null), priority: 1 },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
