// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import AstroPWA from '@vite-pwa/astro';
import { cspCheck } from './src/integrations/csp-check';
import { pagesInFlight } from './src/integrations/page-workers';
import { contentEditorAssets } from './src/integrations/content-editor-assets';
import { cartDirective } from './src/integrations/cart-directive';
import { islandChunks } from './src/integrations/island-chunks';
import { embedWidget } from './src/integrations/embed-widget';
import { afterPages } from './src/integrations/after-pages';
import { townRedirects } from './src/integrations/town-redirects';
import { withoutStaffStylesheets } from './src/integrations/staff-stylesheets';

const site = process.env.SITE_URL ?? 'http://localhost:4321';

// Serves netlify/functions inside `astro dev` (@netlify/vite-plugin); edge functions stay off: they need
// Deno from the internet. Imported only for `astro dev`: the plugin does nothing in a build, yet loading
// it (all of Netlify's local runtime) cost every build and `astro check` seconds. Decided here, while
// the config loads: Astro's config loader is closed by the time integration hooks run.
const astroCommand = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
const devPlugins =
  astroCommand === 'dev'
    ? [(await import('@netlify/vite-plugin')).default({ edgeFunctions: { enabled: false }, geolocation: { enabled: false } })]
    : [];

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'never',
  // English at the addresses the site always had, Spanish (US) under /es/ (issue #40; src/lib/i18n has the
  // paths, and a business can turn Spanish off: then no /es/ page is built). Astro's routing gives pages
  // Astro.currentLocale and astro:i18n's helpers; the site's own links go through src/lib/i18n.
  i18n: { locales: ['en', 'es'], defaultLocale: 'en', routing: { prefixDefaultLocale: false } },
  // Pages render on every core (src/integrations/page-workers.ts): Astro asks for enough at once to keep them busy.
  build: { format: 'file', concurrency: pagesInFlight() },
  integrations: [
    react(),
    cartDirective(),
    // Fewer, larger script files for the public islands (see the file).
    islandChunks(),
    sitemap({
      // hreflang alternates in the sitemap for every page that has both languages, and one sitemap per
      // language (sitemap-pages-0.xml English, sitemap-es-0.xml Spanish), both listed in sitemap-index.xml.
      i18n: { defaultLocale: 'en', locales: { en: 'en', es: 'es' } },
      chunks: { es: (item) => (/^\/es(\/|$)/.test(new URL(item.url).pathname) ? item : undefined) },
      filter: (page) => {
        const path = new URL(page).pathname;
        // Staff, transactional and personal pages are not for search engines; /locations/{city}/{service}
        // pages declare the landing page as canonical, so only the landing page is listed.
        return !/\/(admin|cart|checkout|booking-success|confirm-booking|payment-success|toast-testing|track-order|rain-check|sign-waiver|offline|hi|saved-cart|feedback|unsubscribe)(\/|$)/.test(path) && !/^(\/es)?\/locations\/[^/]+\/[^/]+$/.test(path);
      },
    }),
    cspCheck(),
    // The content editor's code (Decap CMS from npm), for /admin/content only.
    contentEditorAssets(),
    // The booking widget for the owner's other website, and its loader /embed.js.
    embedWidget(),
    // dist/_redirects: the old addresses of towns switched off (to the service-areas page) or renamed (to
    // their new addresses). `astro dev` serves the same rules with Netlify's matcher, loaded for dev only.
    townRedirects(astroCommand === 'dev' ? { devMatcher: (await import('./src/cli/build-redirects')).buildRedirects } : {}),
    // Last: its astro:build:done awaits the service worker, begun when the pages were written; the
    // integrations before it do their work on dist meanwhile.
    pwa(pwaOptions()),
  ],
  vite: {
    build: {
      // Astro inlines small processed scripts; as files from this origin they need no CSP hash and may change freely.
      assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined),
    },
    plugins: [tailwindcss(), ...devPlugins],
  },
});

/**
 * @vite-pwa/astro with the service worker written to the build's real output folder: under Astro 7 the
 * plugin otherwise picks up another Vite environment's folder (.astro) and sw.js never reaches dist.
 *
 * The service worker (src/scripts/sw.ts bundled, then its precache list written in) is started as soon
 * as every page is written (astro:build:generated: what it precaches, the CSS and offline.html, exists
 * by then) and awaited in astro:build:done (afterPages), so it runs alongside the other integrations' work on dist.
 * @param {import('@vite-pwa/astro').PwaOptions} options
 * @returns {import('astro').AstroIntegration}
 */
function pwa(options) {
  const integration = AstroPWA(options);
  const setup = integration.hooks['astro:config:setup'];
  integration.hooks['astro:config:setup'] = (params) => {
    const outDir = fileURLToPath(params.config.outDir);
    options.outDir = outDir;
    const result = setup?.(params);
    // Of the stylesheets, the precache keeps the public pages' only (src/integrations/staff-stylesheets.ts).
    // Added after the plugin's setup: it puts its own transform (pages' addresses without .html, which
    // the offline fallbacks use) in the list only when the list is not given.
    const injectManifest = (options.injectManifest ??= {});
    (injectManifest.manifestTransforms ??= []).push((manifest) => withoutStaffStylesheets(manifest, outDir));
    return result;
  };
  const done = integration.hooks['astro:build:done'];
  // The plugin's own hook reads none of its parameters.
  const serviceWorker = afterPages(async (dir) => done?.(/** @type {any} */ ({ dir })));
  integration.hooks['astro:build:generated'] = ({ dir }) => serviceWorker.begin(dir);
  integration.hooks['astro:build:done'] = ({ dir }) => serviceWorker.result(dir);
  return integration;
}

/**
 * The installable app and its service worker (/sw.js, scope /; SPEC section 1). src/scripts/site-runtime.ts
 * registers it; 'autoUpdate' makes a new worker take over at once and the page reload (SPEC section 4).
 * @returns {import('@vite-pwa/astro').PwaOptions}
 */
function pwaOptions() {
  return {
    registerType: 'autoUpdate',
    injectRegister: false,
    includeAssets: [],
    // Written at build from the business's settings by src/pages/manifest.webmanifest.ts, not here:
    // the config cannot read the database, and nothing about a business belongs in code.
    manifest: false,
    // The worker's own code, bundled by the build's bundler; the plugin writes the precache list into it.
    strategies: 'injectManifest',
    srcDir: 'src/scripts',
    filename: 'sw.ts',
    injectManifest: {
      // Precache only what every page needs and the offline page (and its Spanish version, when the
      // business offers Spanish), never the thousands of landing pages.
      globPatterns: ['_astro/*.css', 'favicon.svg', 'icons/icon-*.png', 'offline.html', 'es/offline.html', 'manifest.webmanifest'],
      // A classic script (registered without type: 'module', so every browser with service workers runs it).
      rollupFormat: 'iife',
      minify: true,
      // The worker imports values, never a module for its side effects: what it does not use of a front
      // door (src/lib/crew-app's queue rules beside its cache names) stays out of /sw.js, as in the widget.
      rollupOptions: { treeshake: { moduleSideEffects: false } },
    },
    devOptions: { enabled: false },
  };
}
