/**
 * Whether this code runs in a deployed Netlify function, where the disk is read-only and not shared
 * between instances (so files go to Netlify Blobs or Supabase Storage, and mail needs SMTP).
 *
 * Netlify's function bootstrap (`___netlify-bootstrap.mjs`, the entry of every bundled function) sets
 * `globalThis.Netlify` before it imports the function. Netlify's local tooling sets the same global
 * (`@netlify/dev`, used by `npm start` and Netlify's Vite plugin in `astro dev`), so the bootstrap tells
 * itself apart from it the way this does: `NETLIFY_DEV` (netlify-cli) or `NETLIFY_LOCAL` (programmatic
 * and CLI builds) mean "a local imitation". `npm start` and `npm run dev` set `NETLIFY_LOCAL`.
 */
export function runningOnNetlify(globalScope: object = globalThis, environment: NodeJS.ProcessEnv = process.env): boolean {
  const hasNetlifyGlobal = (globalScope as { Netlify?: unknown }).Netlify !== undefined;
  return hasNetlifyGlobal && !environment.NETLIFY_DEV && !environment.NETLIFY_LOCAL;
}
