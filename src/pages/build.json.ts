import type { APIRoute } from 'astro';

/**
 * The id of the build this site was generated from. Open pages carry the same id in
 * `<meta name="build-id">` and poll this file hourly to learn that a newer build is live.
 * Prebuilt like every page, so each deploy writes its own; `builtAt` tells staff (admin
 * publishing panel) how fresh the public catalog is, since pages read it at build time.
 */
export const GET: APIRoute = () => Response.json({ buildId: process.env.BUILD_ID ?? 'dev', builtAt: new Date().toISOString() });
