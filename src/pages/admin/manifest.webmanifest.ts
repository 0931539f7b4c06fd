import type { APIRoute } from 'astro';
import { siteData } from '../../lib/site/index.server';
import { crewManifest } from '../../lib/site';
import { adminPaths } from '../../lib/paths';

/** The crew app's web manifest, written at build from the business's settings: installed, it opens on the day screen. */
export const GET: APIRoute = async () => {
  const { settings } = await siteData();
  return new Response(JSON.stringify(crewManifest(settings, { start: adminPaths.day, scope: adminPaths.home })), {
    headers: { 'content-type': 'application/manifest+json' },
  });
};
