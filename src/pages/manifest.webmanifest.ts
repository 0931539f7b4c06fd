import type { APIRoute } from 'astro';
import { siteData } from '../lib/site/index.server';
import { webManifest } from '../lib/site';

/** The web manifest, written at build from the business's settings (the PWA plugin's own is off). */
export const GET: APIRoute = async () => {
  const { settings } = await siteData();
  return new Response(JSON.stringify(webManifest(settings)), { headers: { 'content-type': 'application/manifest+json' } });
};
