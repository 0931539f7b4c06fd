/**
 * Whether this code runs in a deployed Netlify function, where the disk is read-only and not shared
 * between instances (so files go to Netlify Blobs or Supabase Storage, and mail needs SMTP).
 *
 * Netlify's function bootstrap (`___netlify-bootstrap.mjs`, the entry of every bundled function) sets
 * `globalThis.Netlify` before it imports the function, and it runs on AWS Lambda, whose runtime sets
 * `LAMBDA_TASK_ROOT` (the bootstrap reads it too). Neither alone is enough: Netlify's local tooling
 * sets the same global (`@netlify/dev`, used by `npm start` and Netlify's Vite plugin in `astro dev`,
 * which also set `NETLIFY_LOCAL`; netlify-cli sets `NETLIFY_DEV`), and merely importing Netlify's
 * bundler library (`@netlify/zip-it-and-ship-it`, as the local function router and some tests do)
 * sets it as a side effect.
 */
export function runningOnNetlify(globalScope: object = globalThis, environment: NodeJS.ProcessEnv = process.env): boolean {
  const hasNetlifyGlobal = (globalScope as { Netlify?: unknown }).Netlify !== undefined;
  const onLambda = Boolean(environment.LAMBDA_TASK_ROOT);
  return hasNetlifyGlobal && onLambda && !environment.NETLIFY_DEV && !environment.NETLIFY_LOCAL;
}
