// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import netlify from '@netlify/vite-plugin';

const site = process.env.SITE_URL ?? 'http://localhost:4321';

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file' },
  integrations: [
    react(),
    // Staff and transactional pages are not for search engines.
    sitemap({ filter: (page) => !/\/(admin|cart|checkout|booking-success|payment-success|toast-testing|track-order|sign-waiver)(\/|$)/.test(new URL(page).pathname) }),
  ],
  vite: {
    plugins: [
      tailwindcss(),
      // Serves netlify/functions inside `astro dev`. Edge functions stay off: they need Deno from the internet.
      netlify({ edgeFunctions: { enabled: false }, geolocation: { enabled: false } }),
    ],
  },
});
