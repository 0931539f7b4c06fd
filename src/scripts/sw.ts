/**
 * The site's service worker, /sw.js (scope /; SPEC section 1), registered by src/scripts/site-runtime.ts.
 *
 * Built by @vite-pwa/astro ('injectManifest', astro.config.mjs) with the build's own bundler, which then
 * writes the precache list into `self.__WB_MANIFEST`: only what every page needs and the offline pages,
 * never the thousands of landing pages. Workbox's generated worker (its 'generateSW') cost the build
 * about 2.5 s of Babel, Rollup and Terser after the last page; this bundles in a few hundred ms.
 */
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute, PrecacheFallbackPlugin } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { WORKER_CACHES } from '../lib/crew-app';
import { adminPaths } from '../lib/paths';

// The worker's global scope, as far as this file uses it. Not `/// <reference lib="webworker" />`: that
// would retype every page script of the project (one program, one set of globals).
declare const self: {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  location: Location;
  skipWaiting(): Promise<void>;
};

// Workbox's plugin classes declare their optional callbacks as `T | undefined`, which the project's
// strictest setting (exactOptionalPropertyTypes) does not accept as WorkboxPlugin: the list says what it is.
const plugins = (...list: object[]) => list as WorkboxPlugin[];

const DAY_SECONDS = 24 * 60 * 60;

// registerType 'autoUpdate' (astro.config.mjs): a new worker activates at once, takes over open pages,
// and the page reloads (SPEC section 4).
self.skipWaiting();
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const sameOrigin = (url: URL) => url.origin === self.location.origin;
const OK_ONLY = { statuses: [200] };

/** Pages: fresh from the network; a page seen before still opens offline; otherwise the offline page. */
const pages = (offlinePage: string) =>
  new NetworkFirst({
    cacheName: 'pages',
    plugins: plugins(
      new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 7 * DAY_SECONDS }),
      new CacheableResponsePlugin(OK_ONLY),
      new PrecacheFallbackPlugin({ fallbackURL: offlinePage }),
    ),
  });

// Routes are tried in order. No route answers every navigation with one cached page (an app shell):
// this is a multi-page site, so pages come from the network and the offline page only when that fails.

// A Spanish page (/es, /es/…), with the Spanish offline page when there is neither network nor a copy (issue #40).
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && /^\/es(\/|$)/.test(url.pathname),
  pages('es/offline'),
);

// Every other page, never /api/* (live data) and never the staff area.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && !/^\/(api|admin)(\/|$)/.test(url.pathname),
  pages('offline'),
);

// The crew app (issue #26): the day screen's page, fresh from the network, from the cache when there is
// no signal (or it takes over 4 s), so the crew read their day on a lawn. Its data are kept by the page
// itself (IndexedDB), never here: the rest of /admin and /api stay uncached. The page puts itself and its
// scripts here the first time (src/islands/admin/shared/crew-device.ts); signing out deletes this cache.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && url.pathname === adminPaths.day,
  new NetworkFirst({
    cacheName: WORKER_CACHES.dayPage,
    networkTimeoutSeconds: 4,
    // Any ?date= opens the same page; the date is read by the screen.
    matchOptions: { ignoreSearch: true },
    plugins: plugins(
      new ExpirationPlugin({ maxEntries: 4, maxAgeSeconds: 14 * DAY_SECONDS }),
      new CacheableResponsePlugin(OK_ONLY),
    ),
  }),
);

// Astro's bundles carry a content hash in their name: a cached copy never goes stale.
registerRoute(
  ({ url }) => sameOrigin(url) && url.pathname.startsWith('/_astro/'),
  new CacheFirst({
    cacheName: WORKER_CACHES.assets,
    plugins: plugins(
      new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 30 * DAY_SECONDS }),
      new CacheableResponsePlugin(OK_ONLY),
    ),
  }),
);

// Illustrations, and the sizes Netlify Image CDN makes of uploaded photos, so a page seen before keeps
// its pictures offline.
registerRoute(
  ({ url }) => sameOrigin(url) && (url.pathname.startsWith('/images/') || url.pathname === '/.netlify/images'),
  new StaleWhileRevalidate({
    cacheName: 'images',
    plugins: plugins(
      new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 30 * DAY_SECONDS }),
      new CacheableResponsePlugin(OK_ONLY),
    ),
  }),
);
